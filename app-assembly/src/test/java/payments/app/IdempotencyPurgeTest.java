package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.store.JooqIdempotencyKeys;
import payments.core.id.PlatformId;
import payments.core.idempotency.StoredResponse;
import payments.ports.batch.IdempotencyService;

/** The server's hourly purge of idempotency keys past their retention. */
class IdempotencyPurgeTest {
    @Test
    void the_purge_forgets_every_expired_key_in_steps_and_keeps_the_recent_ones() {
        ApiClient api = TestServer.newPlatform(payments.core.platform.Environment.SANDBOX);
        PlatformId platform = api.platformId();
        var keys = new JooqIdempotencyKeys(TestServer.get().wiring().db());
        Instant expired = Instant.now().minus(IdempotencyService.RETENTION).minusSeconds(3600);
        Map<String, StoredResponse> old = new LinkedHashMap<>();
        for (int i = 0; i < IdempotencyService.PURGE_STEP + 5; i++) {
            old.put("old-" + i, new StoredResponse(new byte[] {1}, 201, "{}".getBytes(StandardCharsets.UTF_8)));
        }
        keys.saveAll(platform, old, expired);
        keys.save(platform, "recent", new StoredResponse(new byte[] {2}, 201, new byte[0]), Instant.now());

        // Every expired key of the database (another test's too, where the database is shared): more than one step.
        assertTrue(TestServer.get().wiring().idempotency.purgeExpired() >= IdempotencyService.PURGE_STEP + 5);
        assertEquals(List.of("recent"), List.copyOf(keys.findAll(platform,
                List.of("old-0", "old-" + IdempotencyService.PURGE_STEP, "recent")).keySet()));
    }
}
