package payments.core.agent;

import java.util.Objects;
import java.util.UUID;
import payments.core.id.AgentId;
import payments.core.id.CustomerId;

/**
 * A call an agent makes for its customer: the agent and the one customer whose resources it may touch; for a
 * payment, also the action it records ({@code actionId}), what the payment counts against the agent's budget, in
 * its policy's currency ({@code counted}), and whether the action was recorded before, waiting for the platform's
 * approval that now makes the payment ({@code approved}).
 */
public record OnBehalf(AgentId agentId, CustomerId customerId, UUID actionId, long counted, boolean approved) {
    public OnBehalf {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(customerId, "customerId");
    }

    public OnBehalf(AgentId agentId, CustomerId customerId) {
        this(agentId, customerId, null, 0, false);
    }

    /** This agent making a payment: the action {@code action}, counting {@code amount}. */
    public OnBehalf paying(UUID action, long amount) {
        return new OnBehalf(agentId, customerId, action, amount, false);
    }

    /** This agent making the payment of its pending action {@code action}, which the platform approved. */
    public OnBehalf payingApproved(UUID action, long amount) {
        return new OnBehalf(agentId, customerId, action, amount, true);
    }
}
