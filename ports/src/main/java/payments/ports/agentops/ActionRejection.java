package payments.ports.agentops;

import payments.core.agent.AgentSchemas;

/** Why the platform turns an agent's payment down ({@code reason} may be null). */
public record ActionRejection(String reason) {
    /** From the optional JSON body of {@code POST /agents/{id}/actions/{actionId}/reject}. */
    public static ActionRejection fromJson(Object body) {
        if (body == null) {
            return new ActionRejection(null);
        }
        return new ActionRejection(AgentSchemas.REJECT.validate(body).string("reason").orElse(null));
    }
}
