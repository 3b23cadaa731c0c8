package payments.core.stablecoin;

/**
 * The provider's review and provisioning of a registered token. A later status may be reported without the ones
 * between (a check that comes late sees PROVISIONED at once); REJECTED, FAILED and PROVISIONED are final.
 */
public enum IssuanceStatus {
    PENDING_REVIEW, PROVISIONING, PROVISIONED, REJECTED, FAILED;

    public boolean isFinal() {
        return this == PROVISIONED || this == REJECTED || this == FAILED;
    }

    public boolean canMoveTo(IssuanceStatus next) {
        // (No switch on this enum here: each would compile to one more class of the package.)
        if (this == PENDING_REVIEW) {
            return next != PENDING_REVIEW;
        }
        return this == PROVISIONING && (next == PROVISIONED || next == FAILED);
    }
}
