package payments.core.id;

import java.util.UUID;

/** Id of an external bank, crypto or Lightning account, written {@code ExternalAccount:<uuid>} on the wire. */
public record ExternalAccountId(UUID value) {
    public static final String KIND = "ExternalAccount";

    public ExternalAccountId {
        if (value == null) {
            throw new IllegalArgumentException("id value is required");
        }
    }

    public static ExternalAccountId parse(String field, String text) {
        return new ExternalAccountId(EntityId.parse(KIND, field, text));
    }

    @Override
    public String toString() {
        return EntityId.format(KIND, value);
    }
}
