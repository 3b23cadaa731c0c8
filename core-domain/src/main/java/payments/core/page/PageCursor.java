package payments.core.page;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;
import payments.core.error.InvalidFields;
import payments.core.validation.Types;

/**
 * Position in a list ordered by (createdAt, id), newest first. Opaque on the wire (base64url), so clients only pass
 * back what they were given; a tampered cursor is a 400.
 */
public record PageCursor(Instant createdAt, UUID id) {
    public String encode() {
        String raw = createdAt.getEpochSecond() + "." + createdAt.getNano() + "." + id;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    public static PageCursor decode(String text) {
        try {
            String raw = new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8);
            String[] parts = raw.split("\\.", 3);
            Instant at = Instant.ofEpochSecond(Long.parseLong(parts[0]), Long.parseLong(parts[1]));
            // Every cursor this service hands out names a stored row's time; a forged far one would reach SQL.
            if (Types.storable(at)) {
                return new PageCursor(at, UUID.fromString(parts[2]));
            }
        } catch (RuntimeException e) {
            // malformed: refused below like a forged one
        }
        throw InvalidFields.of("cursor", "is not a cursor returned by this list");
    }
}
