package payments.ports.cardnetwork;

import java.util.UUID;
import payments.core.cardnetwork.CardTransaction;
import payments.core.cardnetwork.DeclineReason;
import payments.core.id.EntityId;

/**
 * The issuer's answer to a network message: the issuer's token for it, and for an authorization its decline
 * reason (null: approved). {@code transaction} is the card transaction as it now stands (null when declined or for a
 * balance inquiry).
 */
public record NetworkAnswer(String issuerTransactionToken, DeclineReason declineReason,
                            CardTransaction transaction) {
    /** The issuer's token for the message {@code id} names. */
    public static String token(UUID id) {
        return "itx_" + EntityId.randomPart(id);
    }

    public boolean approved() {
        return declineReason == null;
    }
}
