package payments.core.invitation;

/**
 * The states of a UMA invitation as the API shows them. Only PENDING, CLAIMED and CANCELLED are ever stored:
 * EXPIRED is what a PENDING invitation reads as once its {@code expiresAt} has passed (see {@link Invitation#statusAt}).
 */
public enum InvitationStatus {
    PENDING, CLAIMED, EXPIRED, CANCELLED
}
