package payments.core.account;

/** Result of checking the beneficiary name against what the receiving rail knows. */
public enum BeneficiaryVerificationStatus {
    MATCHED, PARTIAL_MATCH, NOT_MATCHED, UNSUPPORTED, CHECKED_BY_RECEIVING_FI, PENDING
}
