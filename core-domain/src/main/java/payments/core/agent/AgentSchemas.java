package payments.core.agent;

import static payments.core.validation.Types.bool;
import static payments.core.validation.Types.string;

import payments.core.agent.policy.PolicySchemas;
import payments.core.validation.ObjectSchema;

/** Request shapes of agent management (reference/agents.md). */
public final class AgentSchemas {
    public static final ObjectSchema CREATE = ObjectSchema.of()
            .required("name", string(1, 255))
            .required("customerId", string(1, 100))
            .required("policy", PolicySchemas.POLICY);

    /** {@code PATCH /agents/{id}}: a new name, a pause or a resume (at least one). */
    public static final ObjectSchema UPDATE = ObjectSchema.of()
            .optional("name", string(1, 255))
            .optional("isPaused", bool());

    public static final ObjectSchema REJECT = ObjectSchema.of()
            .optional("reason", string(1, 1000));

    private AgentSchemas() {
    }
}
