package payments.core.account;

import java.time.Instant;
import java.util.Map;
import payments.core.error.InvalidFields;
import payments.core.id.CustomerId;
import payments.core.id.ExternalAccountId;

/**
 * A bank account, crypto wallet or Lightning destination outside the service, owned by a customer or (with no
 * customer) by the platform. {@code accountInfo} is the validated variant of {@code accountType}
 * ({@link AccountInfoSchemas}); {@code primaryIdentifier} is the value sandbox magic suffixes are read from.
 */
public record ExternalAccount(ExternalAccountId id, CustomerId customerId, String currency,
                              ExternalAccountStatus status, String platformAccountId, String ownershipType,
                              boolean defaultUmaDepositAccount, String accountType, String primaryIdentifier,
                              Map<String, Object> accountInfo, BeneficiaryVerificationStatus beneficiaryVerification,
                              String beneficiaryVerifiedName, Instant createdAt, Instant updatedAt) {
    public ExternalAccount {
        accountInfo = Map.copyOf(accountInfo);
    }

    /** The account as it reads once removed: INACTIVE, and no longer anyone's default UMA deposit account. */
    public ExternalAccount removed(Instant now) {
        return new ExternalAccount(id, customerId, currency, ExternalAccountStatus.INACTIVE, platformAccountId,
                ownershipType, false, accountType, primaryIdentifier, accountInfo, beneficiaryVerification,
                beneficiaryVerifiedName, createdAt, now);
    }

    public boolean isPlatformAccount() {
        return customerId == null;
    }

    /**
     * This account, if money can be pulled from it ({@link AccountInfoSchemas#pullCapable}); else 400 on
     * {@code field}.
     */
    public ExternalAccount requirePullable(String field) {
        if (!AccountInfoSchemas.pullCapable(accountType)) {
            throw InvalidFields.of(field, "cannot be pulled from: a " + accountType + " has no debit rail such as ACH;"
                    + " fund the internal account through its fundingPaymentInstructions instead");
        }
        return this;
    }
}
