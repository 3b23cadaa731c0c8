package payments.adapter.persistence.store;

import payments.adapter.persistence.Fixtures;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.store.JooqPlatforms;
import payments.adapter.persistence.store.JooqSandboxClocks;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.id.PlatformId;

class JooqSandboxClocksTest {
    private final Db db = Fixtures.DB;
    private final JooqSandboxClocks clocks = new JooqSandboxClocks(db);
    private final JooqPlatforms platforms = new JooqPlatforms(db);

    @Test
    void a_clock_never_advanced_is_at_zero_and_an_advance_adds_up() {
        PlatformId platform = Fixtures.platform();
        assertEquals(0, clocks.offsetSeconds(platform));
        assertEquals(60, clocks.advance(platform, 60, Instant.now()));
        assertEquals(3_660, clocks.advance(platform, 3_600, Instant.now()));
        assertEquals(3_660, clocks.offsetSeconds(platform));
    }

    /** The platform and its clock are remembered for the transaction (one read); an advance forgets them. */
    @Test
    void inside_a_transaction_an_advance_is_seen_by_the_next_read_of_the_clock_and_of_the_platform() {
        PlatformId platform = Fixtures.platform();
        clocks.advance(platform, 30, Instant.now());
        db.inTransaction(() -> {
            assertEquals(30, clocks.offsetSeconds(platform));
            assertTrue(platforms.find(platform).isPresent());
            assertEquals(90, clocks.advance(platform, 60, Instant.now()));
            assertEquals(90, clocks.offsetSeconds(platform));
            assertTrue(platforms.find(platform).isPresent());
        });
        assertEquals(90, clocks.offsetSeconds(platform));
    }

    @Test
    void an_unknown_platform_has_no_row_and_no_offset() {
        PlatformId unknown = new PlatformId(UUID.randomUUID());
        assertTrue(platforms.find(unknown).isEmpty());
        assertEquals(0, clocks.offsetSeconds(unknown));
    }
}
