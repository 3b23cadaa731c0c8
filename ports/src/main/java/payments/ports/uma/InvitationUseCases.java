package payments.ports.uma;

import payments.core.invitation.InvitationView;
import payments.core.platform.Caller;

/**
 * UMA invitations: a platform's customer invites someone (MANAGE); the invitee's platform, any platform since codes
 * are shared, reads (VIEW) and claims (MANAGE) it by its code; only the inviting platform may cancel it (MANAGE).
 */
public interface InvitationUseCases {
    InvitationView create(Caller caller, NewInvitation command);

    InvitationView get(Caller caller, String code);

    /** The inviting platform gets the {@code INVITATION.CLAIMED} webhook. */
    InvitationView claim(Caller caller, String code, InvitationClaim command);

    InvitationView cancel(Caller caller, String code);
}
