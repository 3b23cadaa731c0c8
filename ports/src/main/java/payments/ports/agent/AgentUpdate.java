package payments.ports.agent;

import payments.core.agent.AgentSchemas;
import payments.core.error.InvalidFields;
import payments.core.validation.Fields;

/** A new name and/or a pause or resume (null: unchanged). */
public record AgentUpdate(String name, Boolean paused) {
    /** From the JSON body of {@code PATCH /agents/{id}}: at least one field (400 otherwise). */
    public static AgentUpdate fromJson(Object body) {
        Fields f = AgentSchemas.UPDATE.validate(body);
        if (!f.has("name") && !f.has("isPaused")) {
            throw InvalidFields.of("body", "must set name or isPaused");
        }
        return new AgentUpdate(f.string("name").orElse(null), f.bool("isPaused").orElse(null));
    }
}
