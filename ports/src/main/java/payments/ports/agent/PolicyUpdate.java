package payments.ports.agent;

import payments.core.agent.policy.PolicySchemas;
import payments.core.validation.Fields;

/** A partial policy ({@link PolicySchemas#POLICY_UPDATE}), as checked: applied with {@code AgentPolicy.updated}. */
public record PolicyUpdate(Fields changes) {
    /** From the JSON body of {@code PATCH /agents/{id}/policy}; 400 naming every invalid field. */
    public static PolicyUpdate fromJson(Object body) {
        return new PolicyUpdate(PolicySchemas.POLICY_UPDATE.validate(body));
    }
}
