package payments.core.transaction;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import payments.core.common.Conflict;
import payments.core.common.CustomerId;
import payments.core.common.EntityId;
import payments.core.common.PlatformId;
import payments.core.money.Money;

/**
 * A payment as the platform sees it. Immutable: every change goes through a transition method that consults
 * {@link TransactionStatus}, so an illegal move cannot be expressed. {@code details} holds the descriptive fields
 * the service echoes (description, remittance, counterparty information, failure detail, refund, ...).
 */
public record Transaction(UUID id, PlatformId platformId, TransactionType type, Direction direction,
                          TransactionStatus status, CustomerId customerId, String platformCustomerId,
                          TransactionParty source, TransactionParty destination, Money sentAmount,
                          Money receivedAmount, long feesMinor, String reference, UUID holdId, String failureReason,
                          boolean awaitingPlatformApproval, Map<String, Object> details, Instant settledAt,
                          Instant receiptDeliveryConfirmedAt, Instant createdAt, Instant updatedAt) {
    public static final String KIND = "Transaction";

    public Transaction {
        details = Map.copyOf(details);
        if (feesMinor < 0) {
            throw new IllegalArgumentException("fees are never negative");
        }
    }

    /** Parses a {@code Transaction:<uuid>} id, naming {@code field} when it is malformed. */
    public static UUID parseId(String field, String text) {
        return EntityId.parse(KIND, field, text);
    }

    public String wireId() {
        return KIND + ":" + id;
    }

    public Transaction processing(Instant now) {
        return move(TransactionStatus.PROCESSING, null, now, settledAt, details);
    }

    public Transaction completed(Instant now) {
        return move(TransactionStatus.COMPLETED, null, now, now, details);
    }

    public Transaction failed(String reason, String detail, Instant now) {
        return move(TransactionStatus.FAILED, reason, now, settledAt, with(details, "failureDetail", detail));
    }

    /**
     * A cancel by the platform, possible while the outcome is open: the money (if held) goes back, the status is
     * FAILED. A quote's transaction is not cancellable on its own: it ends with its quote (expired unexecuted, or its
     * payout completed or failed), and a cancel would leave the quote executable with its transaction ended.
     */
    public Transaction cancelled(String reason, Instant now) {
        if (ofQuote()) {
            throw new Conflict("TRANSACTION_NOT_CANCELLABLE", "Transaction " + id + " belongs to "
                    + details.get("quoteId") + " and ends with it (an unexecuted quote expires)");
        }
        if (!status.isOpen() || awaitingPlatformApproval) {
            throw IllegalTransition.of("TRANSACTION_NOT_CANCELLABLE", this, "cancelled");
        }
        return move(TransactionStatus.FAILED, null, now, settledAt,
                with(with(details, "cancellationReason", reason == null ? "USER_CANCELLATION" : reason),
                        "cancelledAt", now.toString()));
    }

    /** Whether this is a quote's transaction (its details name the quote). */
    public boolean ofQuote() {
        return details.containsKey("quoteId");
    }

    public Transaction approved(Instant now) {
        requireAwaitingApproval("approved");
        return new Transaction(id, platformId, type, direction, TransactionStatus.PROCESSING, customerId,
                platformCustomerId, source, destination, sentAmount, receivedAmount, feesMinor, reference, holdId,
                failureReason, false, details, settledAt, receiptDeliveryConfirmedAt, createdAt, now);
    }

    public Transaction rejected(String reason, Instant now) {
        requireAwaitingApproval("rejected");
        Transaction t = move(TransactionStatus.REJECTED, null, now, settledAt,
                with(details, "rejectionReason", reason));
        return t.withApproval(false);
    }

    /**
     * The platform's approval did not come (its webhook failed or timed out, or its answer was a refusal other than
     * a rejection): the payment fails and no longer awaits approval.
     */
    public Transaction approvalFailed(String reason, String detail, Instant now) {
        requireAwaitingApproval("failed");
        return move(TransactionStatus.FAILED, reason, now, settledAt, with(details, "failureDetail", detail))
                .withApproval(false);
    }

    /** Records the refund of this payment (the spec's {@code refund} object); the status is moved separately. */
    public Transaction withRefund(Map<String, Object> refund, Instant now) {
        return new Transaction(id, platformId, type, direction, status, customerId, platformCustomerId, source,
                destination, sentAmount, receivedAmount, feesMinor, reference, holdId, failureReason,
                awaitingPlatformApproval, with(details, "refund", refund), settledAt, receiptDeliveryConfirmedAt,
                createdAt, now);
    }

    public Transaction expired(Instant now) {
        return move(TransactionStatus.EXPIRED, "QUOTE_EXPIRED", now, settledAt, details);
    }

    public Transaction receiptConfirmed(Instant at, Instant now) {
        return new Transaction(id, platformId, type, direction, status, customerId, platformCustomerId, source,
                destination, sentAmount, receivedAmount, feesMinor, reference, holdId, failureReason,
                awaitingPlatformApproval, details, settledAt, at, createdAt, now);
    }

    private void requireAwaitingApproval(String action) {
        if (!awaitingPlatformApproval || status != TransactionStatus.PENDING) {
            throw IllegalTransition.of("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL", this, action);
        }
    }

    private Transaction withApproval(boolean awaiting) {
        return new Transaction(id, platformId, type, direction, status, customerId, platformCustomerId, source,
                destination, sentAmount, receivedAmount, feesMinor, reference, holdId, failureReason, awaiting,
                details, settledAt, receiptDeliveryConfirmedAt, createdAt, updatedAt);
    }

    private Transaction move(TransactionStatus next, String reason, Instant now, Instant settled,
                             Map<String, Object> newDetails) {
        if (!status.canMoveTo(next)) {
            throw new IllegalStateException("transaction " + id + " cannot move from " + status + " to " + next);
        }
        return new Transaction(id, platformId, type, direction, next, customerId, platformCustomerId, source,
                destination, sentAmount, receivedAmount, feesMinor, reference, holdId,
                reason == null ? failureReason : reason, awaitingPlatformApproval, newDetails, settled,
                receiptDeliveryConfirmedAt, createdAt, now);
    }

    private static Map<String, Object> with(Map<String, Object> map, String key, Object value) {
        if (value == null) {
            return map;
        }
        var copy = new java.util.LinkedHashMap<>(map);
        copy.put(key, value);
        return copy;
    }
}
