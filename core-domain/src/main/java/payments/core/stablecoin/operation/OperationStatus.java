package payments.core.stablecoin.operation;

/**
 * Where a mint or burn stands: waiting for money to arrive (PENDING_FUNDING, which may EXPIRE) or for the provider,
 * then PROCESSING, then COMPLETED or FAILED. The provider's checks may skip a step (a late check sees the outcome);
 * the last three are final.
 */
public enum OperationStatus {
    CREATED, PENDING_FUNDING, PENDING_PROVIDER, PROCESSING, COMPLETED, FAILED, EXPIRED;

    public boolean isFinal() {
        return this == COMPLETED || this == FAILED || this == EXPIRED;
    }

    public boolean canMoveTo(OperationStatus next) {
        if (isFinal()) {
            return false;
        }
        if (this == CREATED) {
            return next != CREATED && next != EXPIRED;
        }
        boolean outcome = next == COMPLETED || next == FAILED;
        if (this == PROCESSING) {
            return outcome;
        }
        // Waiting, for the funds or for the provider; only funds awaited can fail to come in time.
        return outcome || next == PROCESSING || this == PENDING_FUNDING && next == EXPIRED;
    }
}
