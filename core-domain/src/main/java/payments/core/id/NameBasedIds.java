package payments.core.id;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Name-based (version 3) UUIDs, remembered. Each is an MD5 digest of its name, and the same few names (a platform's
 * system accounts and their bucket rows) come back with every payment: deriving them each time would cost a
 * noticeable share of a transfer-out's CPU (docs/PERFORMANCE.md). At most {@value #LIMIT} are kept; past that the
 * memory starts over, so a service with very many platforms pays the digests again instead of growing without bound.
 */
public final class NameBasedIds {
    static final int LIMIT = 10_000;
    private static final Map<String, UUID> KNOWN = new ConcurrentHashMap<>();

    private NameBasedIds() {
    }

    /** {@link UUID#nameUUIDFromBytes} of the name's UTF-8 bytes. */
    public static UUID of(String name) {
        UUID id = KNOWN.get(name);
        if (id == null) {
            id = UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8));
            if (KNOWN.size() >= LIMIT) {
                KNOWN.clear();
            }
            KNOWN.put(name, id);
        }
        return id;
    }

    static int remembered() {
        return KNOWN.size();
    }
}
