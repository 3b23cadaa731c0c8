package payments.ports.uma;

import payments.core.invitation.Invitation;
import payments.core.invitation.InvitationStatus;

/** An invitation as the API shows it: its status as of the inviting platform's now, and its claim link. */
public record InvitationView(Invitation invitation, InvitationStatus status, String url) {
}
