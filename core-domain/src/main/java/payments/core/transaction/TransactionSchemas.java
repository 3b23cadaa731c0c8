package payments.core.transaction;

import payments.core.money.Money;
import payments.core.validation.ObjectSchema;
import payments.core.validation.Types;

/**
 * Request shapes of a transaction's transitions (reference/transactions.md), each body optional, and of the
 * sandbox's incoming UMA payment.
 */
public final class TransactionSchemas {
    public static final ObjectSchema CONFIRM = ObjectSchema.of()
            .optional("receiptDeliveryConfirmedAt", Types.dateTime());
    /** Cancel and reject. */
    public static final ObjectSchema REASON = ObjectSchema.of().optional("reason", Types.string(1, 500));
    /** {@code receiverCustomerInfo}: the fields the payment's webhook asked for, keyed by name (FULL_NAME, ...). */
    public static final ObjectSchema APPROVE = ObjectSchema.of()
            .optional("receiverCustomerInfo", Types.anyObject(50));

    /** {@code POST /sandbox/uma/receive}: a UMA payment arriving for a customer. */
    public static final ObjectSchema INCOMING_UMA_PAYMENT = ObjectSchema.of()
            .required("senderUmaAddress", Types.string(1, 255))
            .required("receivingCurrencyCode", Types.currency())
            .required("receivingCurrencyAmount", Types.integer(1, Money.MAX_MINOR))
            .optional("receiverUmaAddress", Types.string(1, 255))
            .optional("customerId", Types.string(1, 100))
            .optional("requireApproval", Types.bool());

    private TransactionSchemas() {
    }
}
