package payments.core.id;

import java.util.HexFormat;
import java.util.Locale;
import java.util.UUID;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;

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

    /**
     * Sixteen hex digits (lowercase) of the id's last 64 bits, random in every id the service makes (version 4 or 7;
     * a version 7 id's leading digits are its creation time, so two ids of one millisecond share them): what a
     * reference or an address derived from an id uses to tell ids apart.
     */
    public static String randomPart(UUID value) {
        return HexFormat.of().toHexDigits(value.getLeastSignificantBits());
    }

    /** A payment's human reference: {@code prefix} and the id's {@link #randomPart} in upper case ("TX-9F3C..."). */
    public static String reference(String prefix, UUID value) {
        return prefix + randomPart(value).toUpperCase(Locale.ROOT);
    }

    /** Whether {@code text} names an entity of {@code kind} (says nothing of the rest's form). */
    public static boolean isOfKind(String kind, String text) {
        return text.length() > kind.length() && text.startsWith(kind) && text.charAt(kind.length()) == ':';
    }

    /**
     * Parses {@code <kind>:<uuid>} (hex digits in either case, dashes where {@link UUID#toString} puts them); a
     * malformed value is a 400 naming {@code field}. Read by hand: every payment parses several ids, and
     * {@link UUID#fromString} is lenient (it takes "+1-1-1-1-1"), so it needed a second check.
     */
    public static UUID parse(String kind, String field, String text) {
        int start = kind.length() + 1;
        if (text == null || text.length() != start + 36 || !isOfKind(kind, text)) {
            throw malformed(kind, field);
        }
        long high = 0;
        long low = 0;
        for (int i = 0; i < 36; i++) {
            char c = text.charAt(start + i);
            if (i == 8 || i == 13 || i == 18 || i == 23) {
                if (c != '-') {
                    throw malformed(kind, field);
                }
                continue;
            }
            int digit = hexDigit(c);
            if (digit < 0) {
                throw malformed(kind, field);
            }
            if (i < 18) {
                high = high << 4 | digit;
            } else {
                low = low << 4 | digit;
            }
        }
        return new UUID(high, low);
    }

    private static int hexDigit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    private static InvalidInput malformed(String kind, String field) {
        return InvalidFields.of(field, "must be an id of the form " + kind + ":<uuid>");
    }
}
