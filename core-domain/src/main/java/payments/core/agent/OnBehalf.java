package payments.core.agent;

import java.util.Objects;
import java.util.UUID;
import payments.core.id.AgentId;
import payments.core.id.CustomerId;

/**
 * A call an agent makes for its customer: the agent and the one customer whose resources it may touch; for a
 * payment, also the action it records ({@code actionId}) and what the payment counts against the agent's budget, in
 * its policy's currency ({@code counted}).
 */
public record OnBehalf(AgentId agentId, CustomerId customerId, UUID actionId, long counted) {
    public OnBehalf {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(customerId, "customerId");
    }

    public OnBehalf(AgentId agentId, CustomerId customerId) {
        this(agentId, customerId, null, 0);
    }

    /** This agent making a payment: the action {@code action}, counting {@code amount}. */
    public OnBehalf paying(UUID action, long amount) {
        return new OnBehalf(agentId, customerId, action, amount);
    }
}
