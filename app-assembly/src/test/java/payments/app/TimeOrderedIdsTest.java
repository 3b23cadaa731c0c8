package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.id.EntityId;

class TimeOrderedIdsTest {
    private Instant now = Instant.parse("2026-11-24T20:30:00.123Z");
    private final TimeOrderedIds ids = new TimeOrderedIds(() -> now);

    @Test
    void anIdIsAVersion7UuidCarryingItsMillisecond() {
        UUID id = ids.newId();
        assertEquals(7, id.version());
        assertEquals(2, id.variant());
        assertEquals(now.toEpochMilli(), id.getMostSignificantBits() >>> 16);
    }

    @Test
    void idsSortByTheirMillisecond() {
        UUID earlier = ids.newId();
        now = now.plusMillis(1);
        UUID later = ids.newId();
        assertTrue(earlier.toString().compareTo(later.toString()) < 0, earlier + " then " + later);
    }

    @Test
    void idsOfOneMillisecondDifferInTheirRandomPart() {
        Set<UUID> made = new HashSet<>();
        Set<String> randomParts = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            UUID id = ids.newId();
            made.add(id);
            randomParts.add(EntityId.randomPart(id));
        }
        assertEquals(10_000, made.size());
        assertEquals(10_000, randomParts.size());
        UUID a = ids.newId();
        UUID b = ids.newId();
        assertEquals(a.toString().substring(0, 14), b.toString().substring(0, 14)); // the same time prefix
        assertNotEquals(EntityId.randomPart(a), EntityId.randomPart(b));
    }
}
