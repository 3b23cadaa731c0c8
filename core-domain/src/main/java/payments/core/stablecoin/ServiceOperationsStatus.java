package payments.core.stablecoin;

/**
 * Whether the service itself holds and moves a provisioned coin (its {@code currency}): the service's approval, then
 * the enabling, then ENABLED; an enabled coin may be DISABLED and enabled again.
 */
public enum ServiceOperationsStatus {
    NOT_ENABLED, PENDING_APPROVAL, ENABLING, ENABLED, DISABLED;

    public boolean canMoveTo(ServiceOperationsStatus next) {
        if (this == NOT_ENABLED) {
            return next == PENDING_APPROVAL;
        }
        if (this == PENDING_APPROVAL || this == DISABLED) {
            return next == ENABLING;
        }
        return this == ENABLING ? next == ENABLED : next == DISABLED;
    }
}
