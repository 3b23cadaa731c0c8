package payments.core.id;

import java.util.UUID;

/** Id of a platform (its configuration is addressed by the same id), written {@code PlatformConfig:<uuid>} on the wire. */
public record PlatformId(UUID value) {
    public static final String KIND = "PlatformConfig";

    public PlatformId {
        if (value == null) {
            throw new IllegalArgumentException("id value is required");
        }
    }

    public static PlatformId parse(String field, String text) {
        return new PlatformId(EntityId.parse(KIND, field, text));
    }

    @Override
    public String toString() {
        return EntityId.format(KIND, value);
    }
}
