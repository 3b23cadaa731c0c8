package payments.adapter.sandbox;

import payments.core.account.BeneficiaryVerificationStatus;
import payments.core.error.InvalidInput;
import payments.core.platform.Environment;
import payments.ports.driven.account.BeneficiaryVerifier;

/**
 * Beneficiary name checks as the sandbox rules them (reference/sandbox.md): identifier suffix 102 NOT_MATCHED,
 * 103 PARTIAL_MATCH, 104 PENDING, 105 an invalid account (400), 106 UNSUPPORTED, 107 CHECKED_BY_RECEIVING_FI,
 * anything else MATCHED. Production platforms have no name-check rail yet, so they get UNSUPPORTED.
 */
public final class SandboxBeneficiaryVerifier implements BeneficiaryVerifier {
    @Override
    public Result verify(Environment environment, String accountType, String primaryIdentifier,
                         String beneficiaryName) {
        if (environment != Environment.SANDBOX) {
            return new Result(BeneficiaryVerificationStatus.UNSUPPORTED, null);
        }
        return switch (MagicSuffix.of(primaryIdentifier)) {
            case "102" -> new Result(BeneficiaryVerificationStatus.NOT_MATCHED, null);
            case "103" -> new Result(BeneficiaryVerificationStatus.PARTIAL_MATCH, partial(beneficiaryName));
            case "104" -> new Result(BeneficiaryVerificationStatus.PENDING, null);
            case "105" -> throw new InvalidInput("INVALID_BANK_ACCOUNT",
                    "The receiving institution reports the account as invalid");
            case "106" -> new Result(BeneficiaryVerificationStatus.UNSUPPORTED, null);
            case "107" -> new Result(BeneficiaryVerificationStatus.CHECKED_BY_RECEIVING_FI, null);
            default -> new Result(BeneficiaryVerificationStatus.MATCHED, beneficiaryName);
        };
    }

    /** A fuzzy match reports a slightly different name, as a real rail would. */
    private static String partial(String name) {
        return name == null ? null : name.toUpperCase(java.util.Locale.ROOT);
    }
}
