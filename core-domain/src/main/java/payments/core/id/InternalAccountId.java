package payments.core.id;

import java.util.UUID;

/** Id of an internal (ledger-backed) account, written {@code InternalAccount:<uuid>} on the wire. */
public record InternalAccountId(UUID value) {
    public static final String KIND = "InternalAccount";

    public InternalAccountId {
        if (value == null) {
            throw new IllegalArgumentException("id value is required");
        }
    }

    public static InternalAccountId parse(String field, String text) {
        return new InternalAccountId(EntityId.parse(KIND, field, text));
    }

    @Override
    public String toString() {
        return EntityId.format(KIND, value);
    }
}
