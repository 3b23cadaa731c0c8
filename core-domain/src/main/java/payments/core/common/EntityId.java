package payments.core.common;

import java.util.UUID;

/**
 * The wire form of every system id, {@code <Kind>:<uuid>}. Typed ids ({@link CustomerId} and friends) use it so that
 * a malformed or wrong-kind id is refused the same way everywhere.
 */
public final class EntityId {
    private EntityId() {
    }

    public static String format(String kind, UUID value) {
        return kind + ":" + value;
    }

    /** Parses {@code <kind>:<uuid>}; a malformed value is a 400 naming {@code field}. */
    public static UUID parse(String kind, String field, String text) {
        String prefix = kind + ":";
        if (text == null || !text.startsWith(prefix) || text.length() != prefix.length() + 36) {
            throw InvalidFields.of(field, "must be an id of the form " + kind + ":<uuid>");
        }
        try {
            UUID id = UUID.fromString(text.substring(prefix.length()));
            if (!id.toString().equalsIgnoreCase(text.substring(prefix.length()))) {
                throw new IllegalArgumentException();
            }
            return id;
        } catch (IllegalArgumentException e) {
            throw InvalidFields.of(field, "must be an id of the form " + kind + ":<uuid>");
        }
    }
}
