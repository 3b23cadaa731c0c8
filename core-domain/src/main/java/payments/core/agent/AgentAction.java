package payments.core.agent;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import payments.core.error.Conflict;
import payments.core.error.NotFound;
import payments.core.id.AgentId;
import payments.core.id.CustomerId;
import payments.core.id.EntityId;
import payments.core.id.PlatformId;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionStatus;

/**
 * A payment an agent asked for: a transfer or a quote's execution, executed at once ({@code APPROVED}, with its
 * {@code transactionId}) or waiting for the platform ({@code PENDING_APPROVAL}, nothing moved), then approved,
 * rejected or failed. {@code request} keeps what the agent sent, to execute it on approval; {@code counted} is what
 * the payment took from the agent's budget (in its policy's currency) and {@code countedAt} when, so that a payment
 * that fails gives it back.
 */
public record AgentAction(UUID id, PlatformId platformId, AgentId agentId, CustomerId customerId,
                          String platformCustomerId, AgentActionStatus status, AgentActionType type, UUID quoteId,
                          TransferDetails transferDetails, Map<String, Object> request, UUID transactionId,
                          String rejectionReason, String failureReason, long counted, Instant countedAt,
                          Instant createdAt, Instant updatedAt) {
    public static final String KIND = "AgentAction";

    /** What a transfer moves: {@code amount} of {@code currency} between two accounts (wire ids). */
    public record TransferDetails(long amount, String currency, String sourceAccountId, String destinationAccountId) {
    }

    public AgentAction {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(type, "type");
        request = Map.copyOf(request);
    }

    public String wireId() {
        return EntityId.format(KIND, id);
    }

    public static UUID parseId(String field, String text) {
        return EntityId.parse(KIND, field, text);
    }

    /**
     * The action of a payment an agent made ({@code type}, of {@code quoteId} for a quote's execution), executed as
     * {@code t}: at once, or on its approval. What it counted against the budget stays counted unless {@code t}
     * failed outright.
     */
    public static AgentAction executed(OnBehalf agent, AgentActionType type, UUID quoteId, Transaction t) {
        TransferDetails details = type == AgentActionType.EXECUTE_QUOTE ? null : new TransferDetails(
                t.sentAmount().amountMinor(), t.sentAmount().currency().code(), t.source().accountId(),
                t.destination().accountId());
        boolean failed = t.status() == TransactionStatus.FAILED;
        Instant now = t.updatedAt();
        return new AgentAction(agent.actionId(), t.platformId(), agent.agentId(), agent.customerId(),
                t.platformCustomerId(), AgentActionStatus.APPROVED, type, quoteId, details, Map.of(), t.id(), null,
                null, failed ? 0 : agent.counted(), failed ? null : now, now, now);
    }

    /** A payment waiting for the platform's approval: nothing moved, nothing counted. */
    public static AgentAction pending(UUID id, PlatformId platform, OnBehalf agent, String platformCustomerId,
                                      AgentActionType type, UUID quoteId, TransferDetails details,
                                      Map<String, Object> request, Instant now) {
        return new AgentAction(id, platform, agent.agentId(), agent.customerId(), platformCustomerId,
                AgentActionStatus.PENDING_APPROVAL, type, quoteId, details, request, null, null, null, 0, null, now,
                now);
    }

    /** What the payment no longer counts against the budget (it failed after all). */
    public AgentAction uncounted() {
        return new AgentAction(id, platformId, agentId, customerId, platformCustomerId, status, type, quoteId,
                transferDetails, request, transactionId, rejectionReason, failureReason, 0, null, createdAt,
                updatedAt);
    }

    /** Approved by the platform, its payment about to be made (no decision can follow). */
    public AgentAction approving(Instant now) {
        requirePending();
        return new AgentAction(id, platformId, agentId, customerId, platformCustomerId, AgentActionStatus.APPROVED,
                type, quoteId, transferDetails, request, null, null, null, 0, null, createdAt, now);
    }

    public AgentAction rejected(String reason, Instant now) {
        requirePending();
        return new AgentAction(id, platformId, agentId, customerId, platformCustomerId, AgentActionStatus.REJECTED,
                type, quoteId, transferDetails, request, null, reason, null, 0, null, createdAt, now);
    }

    /** Approved but not executed: {@code reason} says why (the quote expired, a limit, the balance, ...). */
    public AgentAction failed(String reason, Instant now) {
        return new AgentAction(id, platformId, agentId, customerId, platformCustomerId, AgentActionStatus.FAILED,
                type, quoteId, transferDetails, request, transactionId, null, reason, 0, null, createdAt, now);
    }

    /** 409 unless the action still waits for a decision. */
    public AgentAction requirePending() {
        if (status != AgentActionStatus.PENDING_APPROVAL) {
            throw new Conflict("AGENT_ACTION_NOT_PENDING", "Agent action " + wireId() + " is " + status
                    + "; only a PENDING_APPROVAL action can be approved or rejected");
        }
        return this;
    }

    public static NotFound notFound(UUID id) {
        return new NotFound("AGENT_ACTION_NOT_FOUND", "No agent action " + EntityId.format(KIND, id));
    }
}
