package payments.core.id;

import java.util.UUID;

/** Id of a card, written {@code Card:<uuid>} on the wire. */
public record CardId(UUID value) {
    public static final String KIND = "Card";

    public CardId {
        if (value == null) {
            throw new IllegalArgumentException("id value is required");
        }
    }

    public static CardId parse(String field, String text) {
        return new CardId(EntityId.parse(KIND, field, text));
    }

    @Override
    public String toString() {
        return EntityId.format(KIND, value);
    }
}
