package payments.core.id;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class NameBasedIdsTest {
    @Test
    void is_the_jdks_name_based_id_whether_remembered_or_not() {
        String name = "system:" + UUID.randomUUID() + ":RAIL_SETTLEMENT:USD";
        UUID expected = UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8));
        assertEquals(expected, NameBasedIds.of(name));
        assertEquals(expected, NameBasedIds.of(name));
        assertEquals(UUID.nameUUIDFromBytes("é/1".getBytes(StandardCharsets.UTF_8)), NameBasedIds.of("é/1"));
    }

    @Test
    void remembers_no_more_than_its_limit() {
        for (int i = 0; i < NameBasedIds.LIMIT * 2 + 5; i++) {
            NameBasedIds.of("name " + i);
            assertTrue(NameBasedIds.remembered() <= NameBasedIds.LIMIT);
        }
        assertEquals(UUID.nameUUIDFromBytes("name 7".getBytes(StandardCharsets.UTF_8)), NameBasedIds.of("name 7"));
    }
}
