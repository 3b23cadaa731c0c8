package payments.core.agent;

import java.time.Instant;
import payments.core.id.AgentId;
import payments.core.id.CustomerId;

/**
 * Agent actions: one agent's ({@code GET /agents/me/actions}) or those waiting for approval
 * ({@code GET /agents/approvals}); each given criterion narrows the list, the instants inclusive.
 */
public record ActionFilter(AgentId agentId, CustomerId customerId, AgentActionStatus status, Instant start,
                           Instant end, boolean ascending) {
    public static ActionFilter ofAgent(AgentId agent, AgentActionStatus status) {
        return new ActionFilter(agent, null, status, null, null, false);
    }
}
