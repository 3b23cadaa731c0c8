package payments.core.id;

import java.util.UUID;

/** Id of an API token, written {@code Token:<uuid>} on the wire. */
public record TokenId(UUID value) {
    public static final String KIND = "Token";

    public TokenId {
        if (value == null) {
            throw new IllegalArgumentException("id value is required");
        }
    }

    public static TokenId parse(String field, String text) {
        return new TokenId(EntityId.parse(KIND, field, text));
    }

    @Override
    public String toString() {
        return EntityId.format(KIND, value);
    }
}
