package payments.ports.agent;

import payments.core.agent.AgentSchemas;
import payments.core.agent.policy.AgentPolicy;
import payments.core.id.CustomerId;
import payments.core.validation.Fields;

/** An agent to create: its name, the customer it acts for and its policy. */
public record NewAgent(String name, CustomerId customerId, AgentPolicy policy) {
    /** From the JSON body of {@code POST /agents}; 400 naming every invalid field. */
    public static NewAgent fromJson(Object body) {
        Fields f = AgentSchemas.CREATE.validate(body);
        return new NewAgent(f.string("name").orElseThrow(),
                CustomerId.parse("customerId", f.string("customerId").orElseThrow()),
                AgentPolicy.of(f.object("policy").orElseThrow(), "policy."));
    }
}
