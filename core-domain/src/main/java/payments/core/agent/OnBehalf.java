package payments.core.agent;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import payments.core.id.AgentId;
import payments.core.id.CustomerId;

/**
 * A call an agent makes for its customer: the agent and the one customer whose resources it may touch; for a
 * payment, also the action it records ({@code actionId}), what the payment counts against the agent's budget, in
 * its policy's currency ({@code counted}), whether the action was recorded before, waiting for the platform's
 * approval that now makes the payment ({@code approved}), and the version of the agent ({@code decidedAsOf}, its
 * {@code updatedAt}) whose policy decided it, so that the payment's transaction can tell a policy changed since.
 */
public record OnBehalf(AgentId agentId, CustomerId customerId, UUID actionId, long counted, boolean approved,
                       Instant decidedAsOf) {
    public OnBehalf {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(customerId, "customerId");
    }

    public OnBehalf(AgentId agentId, CustomerId customerId) {
        this(agentId, customerId, null, 0, false, null);
    }

    /** This agent making a payment: the action {@code action}, counting {@code amount}, as {@code agent} decided. */
    public OnBehalf paying(UUID action, long amount, Agent agent) {
        return new OnBehalf(agentId, customerId, action, amount, false, agent.updatedAt());
    }

    /** This agent making the payment of its pending action {@code action}, which the platform approved. */
    public OnBehalf payingApproved(UUID action, long amount, Agent agent) {
        return new OnBehalf(agentId, customerId, action, amount, true, agent.updatedAt());
    }
}
