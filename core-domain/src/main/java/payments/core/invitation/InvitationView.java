package payments.core.invitation;


/** An invitation as the API shows it: its status as of the inviting platform's now, and its claim link. */
public record InvitationView(Invitation invitation, InvitationStatus status, String url) {
}
