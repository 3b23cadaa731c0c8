package payments.ports.spending;

import java.util.UUID;
import payments.core.agent.AgentActionType;
import payments.core.agent.OnBehalf;
import payments.core.id.CustomerId;

/**
 * A payment an agent makes ({@code agent}: who, for which action, counting how much), of {@code type}, from or into
 * an account of {@code owner} (null: the platform's own), executing {@code quoteId} for a quote.
 */
public record Spend(OnBehalf agent, AgentActionType type, CustomerId owner, UUID quoteId) {
}
