package payments.ports.transaction;

import payments.core.transaction.TransactionSchemas;
import payments.core.validation.Fields;

/** Cancel a payment, for {@code reason} (may be null). */
public record Cancellation(String reason) {
    /** From the optional JSON body of {@code POST /transactions/{id}/cancel}; 400 naming every invalid field. */
    public static Cancellation fromJson(Object body) {
        Fields f = body == null ? Fields.empty() : TransactionSchemas.REASON.validate(body);
        return new Cancellation(f.string("reason").orElse(null));
    }
}
