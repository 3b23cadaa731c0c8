package payments.ports.uma;

import java.time.Instant;
import java.util.Objects;
import payments.core.invitation.InvitationSchemas;
import payments.core.validation.Fields;

/**
 * An invitation from the customer at {@code inviterUma}, to {@code firstName}, with {@code amountToSend} minor units
 * of the inviter's first currency and an expiry (each optional: null).
 */
public record NewInvitation(String inviterUma, String firstName, Long amountToSend, Instant expiresAt) {
    public NewInvitation {
        Objects.requireNonNull(inviterUma, "inviterUma");
    }

    /** From the JSON body of {@code POST /invitations}; 400 naming every invalid field. */
    public static NewInvitation fromJson(Object body) {
        Fields f = InvitationSchemas.CREATE.validate(body);
        return new NewInvitation(f.string("inviterUma").orElseThrow(), f.string("firstName").orElse(null),
                f.number("amountToSend").orElse(null), f.instant("expiresAt").orElse(null));
    }
}
