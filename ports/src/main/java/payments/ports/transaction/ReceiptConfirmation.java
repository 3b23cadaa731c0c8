package payments.ports.transaction;

import java.time.Instant;
import payments.core.transaction.TransactionSchemas;
import payments.core.validation.Fields;

/** The payment's receipt reached the receiver, at {@code receiptDeliveryConfirmedAt} (null: now). */
public record ReceiptConfirmation(Instant receiptDeliveryConfirmedAt) {
    /** From the optional JSON body of {@code POST /transactions/{id}/confirm}; 400 naming every invalid field. */
    public static ReceiptConfirmation fromJson(Object body) {
        Fields f = body == null ? Fields.empty() : TransactionSchemas.CONFIRM.validate(body);
        return new ReceiptConfirmation(f.instant("receiptDeliveryConfirmedAt").orElse(null));
    }
}
