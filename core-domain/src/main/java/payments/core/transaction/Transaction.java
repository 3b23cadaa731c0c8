package payments.core.transaction;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import payments.core.error.Conflict;
import payments.core.error.NotFound;
import payments.core.id.CustomerId;
import payments.core.id.EntityId;
import payments.core.id.PlatformId;
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
                          Instant receiptDeliveryConfirmedAt, Instant createdAt, Instant updatedAt)
        implements ListedTransaction {
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
     * A cancel by the platform of an outgoing payment whose outcome is open. Before it reaches a rail it simply
     * fails. Once at the rail (PROCESSING) the money may already be on its way, so the cancel starts a refund and
     * the rail has the last word (reference: "manual cancellation during PROCESSING starts a refund and may still
     * end COMPLETED"): the status stays, the refund is PENDING, and {@link #cancellationSettled} ends both.
     * Not cancellable: a quote's transaction (it ends with its quote, and a cancel would leave the quote executable
     * with its transaction ended), an incoming payment (the platform rejects one that awaits its approval; money
     * on its way in is not the platform's to stop), and a payment whose cancellation is already under way.
     */
    public Transaction cancelled(String reason, Instant now) {
        if (ofQuote()) {
            throw new Conflict("TRANSACTION_NOT_CANCELLABLE", "Transaction " + id + " belongs to "
                    + details.get("quoteId") + " and ends with it (an unexecuted quote expires)");
        }
        if (type == TransactionType.INCOMING || !status.isOpen() || awaitingPlatformApproval
                || details.containsKey("refund")) {
            throw illegal("TRANSACTION_NOT_CANCELLABLE", "cancelled");
        }
        Map<String, Object> cancelled = with(with(details, "cancellationReason",
                reason == null ? "USER_CANCELLATION" : reason), "cancelledAt", now.toString());
        if (status != TransactionStatus.PROCESSING) {
            return move(TransactionStatus.FAILED, null, now, settledAt, cancelled);
        }
        return new Transaction(id, platformId, type, direction, status, customerId, platformCustomerId, source,
                destination, sentAmount, receivedAmount, feesMinor, reference, holdId, failureReason,
                awaitingPlatformApproval, with(cancelled, "refund", refund("PENDING", "USER_CANCELLATION", now, null)),
                settledAt, receiptDeliveryConfirmedAt, createdAt, now);
    }

    /**
     * A cancel whose payment its rail gave back before sending it on (the bank rail's transfer still queued for its
     * cut-off): it fails at once, as one that had not reached its rail.
     */
    public Transaction withdrawn(String reason, Instant now) {
        cancelled(reason, now); // the same checks
        return move(TransactionStatus.FAILED, null, now, settledAt, with(with(details, "cancellationReason",
                reason == null ? "USER_CANCELLATION" : reason), "cancelledAt", now.toString()));
    }

    /** Whether a cancel was accepted and waits for the rail's verdict (its refund PENDING). */
    public boolean isCancellationPending() {
        return details.containsKey("cancelledAt") && details.get("refund") instanceof Map<?, ?> r
                && "PENDING".equals(r.get("status"));
    }

    /**
     * This payment, ended by its rail, with its cancellation's refund settled: COMPLETED (the rail paid out before
     * the cancellation reached it) leaves the refund FAILED; FAILED returns the money, the refund COMPLETED. A
     * payment without a pending cancellation is returned as it is.
     */
    public Transaction cancellationSettled(Instant now) {
        if (!isCancellationPending() || status.isOpen()) {
            return this;
        }
        boolean refunded = status == TransactionStatus.FAILED;
        return withRefund(refund(refunded ? "COMPLETED" : "FAILED", "USER_CANCELLATION",
                Instant.parse((String) ((Map<?, ?>) details.get("refund")).get("initiatedAt")),
                refunded ? now : null), now);
    }

    /** The reference's {@code refund} object of this payment. */
    public Map<String, Object> refund(String refundStatus, String reason, Instant initiated, Instant settled) {
        Map<String, Object> refund = new java.util.LinkedHashMap<>();
        refund.put("reference", "RF-" + reference);
        refund.put("initiatedAt", initiated.toString());
        if (settled != null) {
            refund.put("settledAt", settled.toString());
        }
        refund.put("status", refundStatus);
        refund.put("reason", reason == null ? "TRANSACTION_FAILED" : reason);
        return refund;
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

    /** This payment as an agent's ({@code agentId}, which the API shows): made or executed by it. */
    public Transaction madeBy(String agentId) {
        return new Transaction(id, platformId, type, direction, status, customerId, platformCustomerId, source,
                destination, sentAmount, receivedAmount, feesMinor, reference, holdId, failureReason,
                awaitingPlatformApproval, with(details, "agentId", agentId), settledAt, receiptDeliveryConfirmedAt,
                createdAt, updatedAt);
    }

    /** The agent that made or executed this payment, or null for the platform's own. */
    public String agentId() {
        return (String) details.get("agentId");
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
            throw illegal("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL", action);
        }
    }

    /** A move the state machine does not allow: the request conflicts with the transaction's state (409). */
    private Conflict illegal(String code, String action) {
        return new Conflict(code, "Transaction " + id + " is " + status + " and cannot be " + action);
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

    public static NotFound notFound(UUID id) {
        return new NotFound("TRANSACTION_NOT_FOUND", "No transaction " + KIND + ":" + id);
    }
}
