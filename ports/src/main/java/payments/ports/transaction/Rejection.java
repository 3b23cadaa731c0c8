package payments.ports.transaction;

import payments.core.transaction.TransactionSchemas;
import payments.core.validation.Fields;

/** Reject an incoming payment awaiting the platform's approval, for {@code reason} (may be null). */
public record Rejection(String reason) {
    /** From the optional JSON body of {@code POST /transactions/{id}/reject}; 400 naming every invalid field. */
    public static Rejection fromJson(Object body) {
        Fields f = body == null ? Fields.empty() : TransactionSchemas.REASON.validate(body);
        return new Rejection(f.string("reason").orElse(null));
    }
}
