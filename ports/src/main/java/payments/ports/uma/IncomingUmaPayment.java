package payments.ports.uma;

import java.util.Objects;
import payments.core.id.CustomerId;
import payments.core.transaction.TransactionSchemas;
import payments.core.validation.Fields;

/**
 * Sandbox: a UMA payment from {@code senderUmaAddress} arriving for a customer, named by {@code customerId} or
 * {@code receiverUmaAddress} (or both, naming one customer); with {@code requireApproval} the platform decides it.
 */
public record IncomingUmaPayment(String senderUmaAddress, String receivingCurrencyCode, long receivingCurrencyAmount,
                                 String receiverUmaAddress, CustomerId customerId, boolean requireApproval) {
    public IncomingUmaPayment {
        Objects.requireNonNull(senderUmaAddress, "senderUmaAddress");
        Objects.requireNonNull(receivingCurrencyCode, "receivingCurrencyCode");
    }

    /** From the JSON body of {@code POST /sandbox/uma/receive}; 400 naming every invalid field. */
    public static IncomingUmaPayment fromJson(Object body) {
        Fields f = TransactionSchemas.INCOMING_UMA_PAYMENT.validate(body);
        return new IncomingUmaPayment(f.string("senderUmaAddress").orElseThrow(),
                f.string("receivingCurrencyCode").orElseThrow(), f.number("receivingCurrencyAmount").orElseThrow(),
                f.string("receiverUmaAddress").orElse(null),
                f.string("customerId").map(id -> CustomerId.parse("customerId", id)).orElse(null),
                f.bool("requireApproval").orElse(false));
    }
}
