package payments.ports.cardnetwork;

import java.util.UUID;
import payments.core.cardnetwork.CardTransaction;
import payments.core.cardnetwork.NetworkSchemas;
import payments.core.validation.Fields;
import payments.core.validation.ObjectSchema;

/** A message about an earlier card transaction: a clearing, an advice or a return, and its amount. */
public record NetworkAdjustment(UUID cardTransactionId, long amountMinor) {
    /** A clearing's body (its amount may be 0: the authorization expired). */
    public static NetworkAdjustment clearing(Object body) {
        return of(NetworkSchemas.CLEARING, body);
    }

    /** A return's or an advice's body (a positive amount). */
    public static NetworkAdjustment withAmount(Object body) {
        return of(NetworkSchemas.AMOUNT_OF_TRANSACTION, body);
    }

    /** The transaction a return reversal names. */
    public static UUID reference(Object body) {
        Fields f = NetworkSchemas.TRANSACTION_REF.validate(body);
        return CardTransaction.parseId("cardTransactionId", f.string("cardTransactionId").orElseThrow());
    }

    private static NetworkAdjustment of(ObjectSchema schema, Object body) {
        Fields f = schema.validate(body);
        return new NetworkAdjustment(CardTransaction.parseId("cardTransactionId",
                f.string("cardTransactionId").orElseThrow()), f.number("amount").orElseThrow());
    }
}
