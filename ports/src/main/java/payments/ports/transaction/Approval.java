package payments.ports.transaction;

import java.util.Map;
import payments.core.transaction.TransactionSchemas;

/**
 * Approve an incoming payment awaiting the platform's approval; {@code receiverCustomerInfo} (may be null) answers
 * the fields the payment's webhook asked for, which the sandbox's senders never do, so it is checked and not kept.
 */
public record Approval(Map<String, Object> receiverCustomerInfo) {
    /** From the optional JSON body of {@code POST /transactions/{id}/approve}; 400 naming every invalid field. */
    @SuppressWarnings("unchecked")
    public static Approval fromJson(Object body) {
        return new Approval(body == null ? null : (Map<String, Object>) TransactionSchemas.APPROVE.validate(body)
                .toPlain().get("receiverCustomerInfo"));
    }
}
