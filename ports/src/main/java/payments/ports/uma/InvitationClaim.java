package payments.ports.uma;

import java.util.Objects;
import payments.core.invitation.InvitationSchemas;

/** An invitation claimed for {@code inviteeUma}, an address of the claiming platform. */
public record InvitationClaim(String inviteeUma) {
    public InvitationClaim {
        Objects.requireNonNull(inviteeUma, "inviteeUma");
    }

    /** From the JSON body of {@code POST /invitations/{code}/claim}; 400 naming every invalid field. */
    public static InvitationClaim fromJson(Object body) {
        return new InvitationClaim(InvitationSchemas.CLAIM.validate(body).string("inviteeUma").orElseThrow());
    }
}
