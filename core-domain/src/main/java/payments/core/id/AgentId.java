package payments.core.id;

import java.util.UUID;

/** Id of an agent, written {@code Agent:<uuid>} on the wire. */
public record AgentId(UUID value) {
    public static final String KIND = "Agent";

    public AgentId {
        if (value == null) {
            throw new IllegalArgumentException("id value is required");
        }
    }

    public static AgentId parse(String field, String text) {
        return new AgentId(EntityId.parse(KIND, field, text));
    }

    @Override
    public String toString() {
        return EntityId.format(KIND, value);
    }
}
