package payments.adapter.persistence.store;

import payments.adapter.persistence.Fixtures;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.store.JooqIdempotencyKeys;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import payments.core.id.PlatformId;
import payments.core.idempotency.StoredResponse;

class JooqIdempotencyKeysTest {
    private final JooqIdempotencyKeys keys = new JooqIdempotencyKeys(Fixtures.DB);
    private final PlatformId platform = Fixtures.platform();
    private final ExecutorService others = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        others.shutdownNow();
    }

    /** Runs {@code work} in a transaction of another connection (a thread of its own), until it returns. */
    private <T> T elsewhere(Supplier<T> work) throws Exception {
        return others.submit(() -> Fixtures.DB.inTransaction(work)).get(10, TimeUnit.SECONDS);
    }

    @Test
    void try_lock_all_takes_the_free_keys_at_once_and_skips_those_another_transaction_holds() throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Future<Boolean> holder = others.submit(() -> Fixtures.DB.inTransaction(() -> {
            boolean locked = keys.lock(platform, "busy");
            held.countDown();
            await(release);
            return locked;
        }));
        assertTrue(held.await(10, TimeUnit.SECONDS));

        long started = System.nanoTime();
        Set<String> locked = Fixtures.DB.inTransaction(() -> {
            Set<String> mine = keys.tryLockAll(platform, List.of("b", "busy", "a", "b"));
            try {
                // While this transaction is open its keys are taken for everyone else, per platform.
                assertEquals(Set.of(), elsewhere(() -> keys.tryLockAll(platform, List.of("a", "b"))));
                assertEquals(Set.of("a", "b"), elsewhere(() -> keys.tryLockAll(Fixtures.platform(),
                        List.of("a", "b"))));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return mine;
        });

        assertEquals(List.of("b", "a"), List.copyOf(locked), "each free key once, in the order asked");
        assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(4), "no wait for the held key");
        assertEquals(Set.of("a", "b"), elsewhere(() -> keys.tryLockAll(platform, List.of("a", "b"))),
                "released at the commit");
        release.countDown();
        assertTrue(holder.get(10, TimeUnit.SECONDS));
        assertEquals(Set.of("busy"), elsewhere(() -> keys.tryLockAll(platform, List.of("busy"))));
        assertEquals(Set.of(), new JooqIdempotencyKeys(new Db(null)).tryLockAll(platform, List.of()), "no query");
    }

    @Test
    void find_all_reads_the_platforms_stored_responses_as_find_does() {
        String longKey = "k".repeat(255);
        keys.saveAll(platform, Map.of("k1", response("one"), longKey, response("long")), Fixtures.now());
        keys.save(Fixtures.platform(), "k2", response("elsewhere"), Fixtures.now());

        Map<String, StoredResponse> found = keys.findAll(platform, List.of("k2", longKey + "k", longKey, "k1"));

        assertEquals(List.of(longKey, "k1"), List.copyOf(found.keySet()));
        assertSame(keys.find(platform, "k1").orElseThrow(), found.get("k1"));
        assertSame(response("long"), found.get(longKey));
        assertTrue(keys.find(platform, longKey + "k").isEmpty(), "a longer key is another key, for find too");
        assertEquals(Map.of(), new JooqIdempotencyKeys(new Db(null)).findAll(platform, List.of()), "no query");
    }

    @Test
    void save_all_writes_every_response_and_rolls_back_with_the_transaction() {
        Map<String, StoredResponse> responses = new LinkedHashMap<>();
        for (int i = 0; i < 5; i++) {
            responses.put("key-" + i, response("body " + i));
        }

        assertThrows(IllegalStateException.class, () -> Fixtures.DB.inTransaction(() -> {
            keys.saveAll(platform, responses, Fixtures.now());
            assertEquals(5, keys.findAll(platform, responses.keySet()).size());
            throw new IllegalStateException("rolled back");
        }));
        assertEquals(Map.of(), keys.findAll(platform, responses.keySet()));

        Fixtures.DB.inTransaction(() -> keys.saveAll(platform, responses, Fixtures.now()));
        Map<String, StoredResponse> found = keys.findAll(platform, responses.keySet());
        assertEquals(responses.keySet(), found.keySet());
        responses.forEach((key, response) -> assertSame(response, found.get(key)));
        new JooqIdempotencyKeys(new Db(null)).saveAll(platform, Map.of(), Fixtures.now()); // no statement
    }

    @Test
    void replace_changes_the_stored_answer_of_one_key_and_keeps_the_request_it_answers() {
        StoredResponse first = response("recorded");
        keys.save(platform, "k", first, Fixtures.now());
        keys.save(platform, "other", response("other"), Fixtures.now());
        PlatformId another = Fixtures.platform();
        keys.save(another, "k", response("another platform's"), Fixtures.now());

        keys.replace(platform, "k", new StoredResponse(null, 200, "decided".getBytes(StandardCharsets.UTF_8)));

        assertSame(new StoredResponse(first.requestHash(), 200, "decided".getBytes(StandardCharsets.UTF_8)),
                keys.find(platform, "k").orElseThrow());
        assertSame(response("other"), keys.find(platform, "other").orElseThrow());
        assertSame(response("another platform's"), keys.find(another, "k").orElseThrow());
    }

    @Test
    void purge_forgets_up_to_its_limit_of_the_keys_saved_before_the_time_oldest_first() {
        Instant longAgo = Instant.parse("1999-01-01T00:00:00Z"); // before any key another test saves
        keys.save(platform, "oldest", response("1"), longAgo);
        keys.save(platform, "older", response("2"), longAgo.plusSeconds(1));
        keys.save(platform, "old", response("3"), longAgo.plusSeconds(2));
        keys.save(platform, "kept", response("4"), longAgo.plusSeconds(60));
        List<String> all = List.of("oldest", "older", "old", "kept");
        Instant before = longAgo.plusSeconds(60);

        assertEquals(2, Fixtures.DB.inTransaction(() -> keys.purge(before, 2)));
        assertEquals(Set.of("old", "kept"), keys.findAll(platform, all).keySet());
        assertEquals(1, Fixtures.DB.inTransaction(() -> keys.purge(before, 2)));
        assertEquals(0, Fixtures.DB.inTransaction(() -> keys.purge(before, 2)));
        assertEquals(Set.of("kept"), keys.findAll(platform, all).keySet(), "saved at the time itself: kept");
        assertEquals(1, Fixtures.DB.inTransaction(() -> keys.purge(before.plusSeconds(1), 2)));
    }

    private static StoredResponse response(String body) {
        return new StoredResponse(UUID.nameUUIDFromBytes(body.getBytes(StandardCharsets.UTF_8)).toString()
                .getBytes(StandardCharsets.UTF_8), 201, body.getBytes(StandardCharsets.UTF_8));
    }

    /** Byte arrays compare by content. */
    private static void assertSame(StoredResponse expected, StoredResponse actual) {
        assertArrayEquals(expected.requestHash(), actual.requestHash());
        assertEquals(expected.status(), actual.status());
        assertArrayEquals(expected.body(), actual.body());
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
