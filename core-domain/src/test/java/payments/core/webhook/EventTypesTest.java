package payments.core.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.customer.CustomerType;
import payments.core.id.PlatformId;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.transaction.Direction;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionParty;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;

class EventTypesTest {
    private static final Instant T = Instant.parse("2026-01-01T00:00:00Z");

    private static Transaction payment(TransactionType type, TransactionStatus status, boolean awaiting) {
        Money amount = new Money(100, Currencies.of("USD"));
        return new Transaction(UUID.randomUUID(), new PlatformId(UUID.randomUUID()), type,
                type == TransactionType.INCOMING ? Direction.CREDIT : Direction.DEBIT, status, null, null,
                TransactionParty.account("a", "USD"), TransactionParty.account("b", "USD"), amount, amount, 0, "R",
                null, null, awaiting, Map.of(), null, null, T, T);
    }

    @Test
    void an_outgoing_payment_reports_each_status_and_its_refund() {
        Transaction processing = payment(TransactionType.OUTGOING, TransactionStatus.PROCESSING, false);
        Transaction completed = processing.completed(T);
        Transaction refunded = completed.failed("PAYOUT_RETURNED", null, T)
                .withRefund(Map.of("status", "COMPLETED"), T);

        assertEquals(List.of("OUTGOING_PAYMENT.PROCESSING"), EventTypes.forTransaction(null, processing));
        assertEquals(List.of("OUTGOING_PAYMENT.COMPLETED"), EventTypes.forTransaction(processing, completed));
        assertEquals(List.of("OUTGOING_PAYMENT.FAILED", "OUTGOING_PAYMENT.REFUND_COMPLETED"),
                EventTypes.forTransaction(completed, refunded));
        assertEquals(List.of(), EventTypes.forTransaction(completed, completed.receiptConfirmed(T, T)),
                "no status change, no event");
        assertEquals(List.of("OUTGOING_PAYMENT.PENDING"),
                EventTypes.forTransaction(null, payment(TransactionType.OUTGOING, TransactionStatus.PENDING, false)));
        assertEquals(List.of("OUTGOING_PAYMENT.EXPIRED"), EventTypes.forTransaction(null,
                payment(TransactionType.OUTGOING, TransactionStatus.PENDING, false).expired(T)));
    }

    @Test
    void an_incoming_payment_awaiting_approval_is_left_to_the_synchronous_webhook() {
        Transaction waiting = payment(TransactionType.INCOMING, TransactionStatus.PENDING, true);

        assertEquals(List.of(), EventTypes.forTransaction(null, waiting));
        assertEquals(List.of("INCOMING_PAYMENT.COMPLETED"),
                EventTypes.forTransaction(waiting, waiting.approved(T).completed(T)));
        assertEquals(List.of("INCOMING_PAYMENT.FAILED"),
                EventTypes.forTransaction(waiting, waiting.rejected("no", T)), "REJECTED has no event of its own");
        assertEquals(List.of("INCOMING_PAYMENT.FAILED"),
                EventTypes.forTransaction(waiting, waiting.approvalFailed("PAYMENT_APPROVAL_TIMED_OUT", null, T)));
        assertEquals(List.of(), EventTypes.forTransaction(null,
                payment(TransactionType.INCOMING, TransactionStatus.PROCESSING, false)), "money still on its way");
    }

    @Test
    void customer_events_name_kyc_or_kyb_by_the_customer_type() {
        assertEquals("CUSTOMER.KYC_APPROVED", EventTypes.customerVerification(CustomerType.INDIVIDUAL, "APPROVED"));
        assertEquals("CUSTOMER.KYB_PENDING", EventTypes.customerVerification(CustomerType.BUSINESS, "PENDING"));
    }
}
