package payments.core.compliance;

/**
 * Where a KYC/KYB verification stands: {@code RESOLVE_ERRORS} (something is missing: its errors say what) →
 * {@code READY_FOR_VERIFICATION} (nothing is; submitted) → {@code IN_PROGRESS} (being checked) → an outcome.
 */
public enum VerificationStatus {
    RESOLVE_ERRORS, READY_FOR_VERIFICATION, IN_PROGRESS, APPROVED, REJECTED, PENDING_MANUAL_REVIEW;

    /** Submitted and not decided yet: a new request for the customer answers this one. */
    public boolean isUnderWay() {
        return this == READY_FOR_VERIFICATION || this == IN_PROGRESS;
    }

    /** The outcome a customer's kycStatus / kybStatus ({@code PENDING}, {@code APPROVED}, {@code REJECTED}) gives. */
    public static VerificationStatus outcomeOf(String customerStatus) {
        return switch (customerStatus) {
            case "APPROVED" -> APPROVED;
            case "REJECTED" -> REJECTED;
            default -> PENDING_MANUAL_REVIEW;
        };
    }
}
