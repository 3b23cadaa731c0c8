package payments.core.transaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import payments.core.error.Conflict;
import payments.core.id.PlatformId;
import payments.core.money.Currencies;
import payments.core.money.Money;

class TransactionTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final Instant T1 = T0.plusSeconds(30);
    private static final Instant T2 = T1.plusSeconds(30);

    static Transaction inState(TransactionStatus status, boolean awaitingApproval) {
        return withDetails(status, awaitingApproval, Map.of());
    }

    private static Transaction withDetails(TransactionStatus status, boolean awaitingApproval,
                                           Map<String, Object> details) {
        Money amount = new Money(100, Currencies.of("USD"));
        return new Transaction(UUID.randomUUID(), new PlatformId(UUID.randomUUID()), TransactionType.INCOMING,
                Direction.CREDIT, status, null, null, TransactionParty.account("a", "USD"),
                TransactionParty.account("b", "USD"), amount, amount, 0, "REF", null, null, awaitingApproval,
                details, null, null, T0, T0);
    }

    @Test
    void completing_a_processing_transaction_settles_it() {
        Transaction done = inState(TransactionStatus.PROCESSING, false).completed(T1);
        assertEquals(TransactionStatus.COMPLETED, done.status());
        assertEquals(T1, done.settledAt());
        assertEquals(T1, done.updatedAt());
    }

    @Test
    void failing_records_the_reason_and_the_detail() {
        Transaction failed = inState(TransactionStatus.PROCESSING, false).failed("ACCOUNT_INVALID", "closed", T1);
        assertEquals("ACCOUNT_INVALID", failed.failureReason());
        assertEquals("closed", failed.details().get("failureDetail"));
    }

    @ParameterizedTest
    @EnumSource(value = TransactionStatus.class, names = {"REJECTED", "REFUNDED", "EXPIRED"})
    void terminal_states_allow_no_move(TransactionStatus terminal) {
        for (TransactionStatus next : TransactionStatus.values()) {
            assertFalse(terminal.canMoveTo(next), terminal + " -> " + next);
        }
        assertThrows(IllegalStateException.class, () -> inState(terminal, false).completed(T1));
    }

    @Test
    void a_completed_payment_can_still_be_returned_but_not_completed_again() {
        Transaction done = inState(TransactionStatus.PROCESSING, false).completed(T1);
        assertEquals(TransactionStatus.FAILED, done.failed("PAYOUT_RETURNED", null, T1).status());
        assertThrows(IllegalStateException.class, () -> done.completed(T1));
    }

    @Test
    void only_a_payment_awaiting_the_platform_can_be_approved_or_rejected() {
        Transaction awaiting = inState(TransactionStatus.PENDING, true);
        Transaction approved = awaiting.approved(T1);
        assertEquals(TransactionStatus.PROCESSING, approved.status());
        assertFalse(approved.awaitingPlatformApproval());
        Transaction rejected = awaiting.rejected("not ours", T1);
        assertEquals(TransactionStatus.REJECTED, rejected.status());
        assertEquals("not ours", rejected.details().get("rejectionReason"));

        Conflict twice = assertThrows(Conflict.class, () -> approved.approved(T1));
        assertEquals("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL", twice.code());
        assertThrows(Conflict.class, () -> inState(TransactionStatus.PENDING, false).rejected(null, T1));
        assertThrows(Conflict.class, () -> inState(TransactionStatus.COMPLETED, false).approved(T1));
    }

    private static Transaction outgoing(TransactionStatus status) {
        Money amount = new Money(100, Currencies.of("USD"));
        return new Transaction(UUID.randomUUID(), new PlatformId(UUID.randomUUID()), TransactionType.OUTGOING,
                Direction.DEBIT, status, null, null, TransactionParty.account("a", "USD"),
                TransactionParty.account("b", "USD"), amount, amount, 0, "REF", null, null, false, Map.of(), null,
                null, T0, T0);
    }

    @Test
    void an_outgoing_payment_cancelled_before_its_rail_fails_at_once() {
        Transaction cancelled = outgoing(TransactionStatus.PENDING).cancelled(null, T1);
        assertEquals(TransactionStatus.FAILED, cancelled.status());
        assertEquals("USER_CANCELLATION", cancelled.details().get("cancellationReason"));
        assertNotNull(cancelled.details().get("cancelledAt"));
        assertFalse(cancelled.details().containsKey("refund"));
    }

    @Test
    void a_cancel_at_the_rail_starts_a_refund_that_the_rails_word_settles() {
        Transaction atRail = outgoing(TransactionStatus.PROCESSING).cancelled("changed mind", T1);
        assertEquals(TransactionStatus.PROCESSING, atRail.status(), "the rail has the last word");
        assertTrue(atRail.isCancellationPending());
        assertEquals("changed mind", atRail.details().get("cancellationReason"));
        assertEquals(Map.of("reference", "RF-REF", "initiatedAt", T1.toString(), "status", "PENDING",
                "reason", "USER_CANCELLATION"), atRail.details().get("refund"));
        assertEquals("TRANSACTION_NOT_CANCELLABLE", assertThrows(Conflict.class,
                () -> atRail.cancelled(null, T1)).code(), "one cancellation at a time");

        Transaction failed = atRail.failed("COUNTERPARTY_POST_TX_FAILED", "d", T2).cancellationSettled(T2);
        assertEquals(TransactionStatus.FAILED, failed.status());
        assertEquals(Map.of("reference", "RF-REF", "initiatedAt", T1.toString(), "settledAt", T2.toString(),
                "status", "COMPLETED", "reason", "USER_CANCELLATION"), failed.details().get("refund"));
        assertFalse(failed.isCancellationPending());

        Transaction paid = atRail.completed(T2).cancellationSettled(T2);
        assertEquals(TransactionStatus.COMPLETED, paid.status(), "the rail paid out before the cancel reached it");
        assertEquals("FAILED", ((Map<?, ?>) paid.details().get("refund")).get("status"));

        Transaction plain = outgoing(TransactionStatus.PROCESSING).completed(T2);
        assertSame(plain, plain.cancellationSettled(T2), "nothing to settle without a cancellation");
        assertSame(atRail, atRail.cancellationSettled(T2), "nothing to settle before the rail's word");
    }

    @Test
    void settled_incoming_and_awaiting_payments_are_not_cancellable() {
        for (Transaction t : List.of(outgoing(TransactionStatus.COMPLETED), inState(TransactionStatus.PROCESSING,
                false), inState(TransactionStatus.PENDING, true))) {
            assertEquals("TRANSACTION_NOT_CANCELLABLE", assertThrows(Conflict.class, () -> t.cancelled(null, T1))
                    .code(), t.status() + " " + t.type());
        }
    }

    @Test
    void a_quotes_transaction_ends_with_its_quote_not_by_a_cancel() {
        Transaction ofQuote = withDetails(TransactionStatus.PENDING, false, Map.of("quoteId", "Quote:q1"));
        assertTrue(ofQuote.ofQuote());
        assertFalse(inState(TransactionStatus.PENDING, false).ofQuote());
        Conflict refused = assertThrows(Conflict.class, () -> ofQuote.cancelled(null, T1));
        assertEquals("TRANSACTION_NOT_CANCELLABLE", refused.code());
        assertEquals(TransactionStatus.EXPIRED, ofQuote.expired(T1).status(), "it expires with its quote");
    }

    @Test
    void fees_are_never_negative() {
        Money amount = new Money(1, Currencies.of("USD"));
        assertThrows(IllegalArgumentException.class, () -> new Transaction(UUID.randomUUID(),
                new PlatformId(UUID.randomUUID()), TransactionType.OUTGOING, Direction.DEBIT,
                TransactionStatus.PENDING, null, null, null, null, amount, amount, -1, "R", null, null, false,
                Map.of(), null, null, T0, T0));
        assertTrue(TransactionStatus.PROCESSING.isOpen());
    }

    @Test
    void an_approval_that_fails_ends_the_wait_and_only_a_waiting_payment_can_fail_so() {
        Transaction failed = inState(TransactionStatus.PENDING, true)
                .approvalFailed("PAYMENT_APPROVAL_TIMED_OUT", "late", T1);
        assertEquals(TransactionStatus.FAILED, failed.status());
        assertEquals("PAYMENT_APPROVAL_TIMED_OUT", failed.failureReason());
        assertFalse(failed.awaitingPlatformApproval());
        assertThrows(Conflict.class, () -> inState(TransactionStatus.PENDING, false)
                .approvalFailed("PAYMENT_APPROVAL_TIMED_OUT", null, T1));
    }
}
