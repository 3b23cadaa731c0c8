package payments.ports.driven.account;

import payments.core.account.BeneficiaryVerificationStatus;
import payments.core.platform.Environment;

/**
 * Asks the receiving rail whether the beneficiary name matches the account. May refuse the account outright with
 * {@link payments.core.error.InvalidInput} (an invalid account).
 */
public interface BeneficiaryVerifier {
    Result verify(Environment environment, String accountType, String primaryIdentifier, String beneficiaryName);

    record Result(BeneficiaryVerificationStatus status, String verifiedName) {
    }
}
