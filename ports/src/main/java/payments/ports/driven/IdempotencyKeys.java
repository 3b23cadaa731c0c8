package payments.ports.driven;

import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import payments.core.id.PlatformId;
import payments.core.idempotency.StoredResponse;

/** Stored responses of money-moving requests, keyed per platform. Used inside the effect's transaction. */
public interface IdempotencyKeys {
    /**
     * Takes the key's lock for the rest of the current database transaction, waiting a bounded time for a request
     * still in flight with the same key. Returns false when that request did not finish in time.
     */
    boolean lock(PlatformId platform, String key);

    Optional<StoredResponse> find(PlatformId platform, String key);

    void save(PlatformId platform, String key, StoredResponse response, Instant now);

    /** Replaces the response saved for a key (its status and body; the request it answers stays). */
    void replace(PlatformId platform, String key, StoredResponse response);

    /**
     * Takes, for the rest of the current database transaction, the locks of those keys that no other transaction
     * holds, without waiting; returns the keys it took (for a batch of requests: the others go the one-by-one way).
     */
    default Set<String> tryLockAll(PlatformId platform, Collection<String> keys) {
        Set<String> locked = new LinkedHashSet<>();
        for (String key : keys) {
            if (lock(platform, key)) {
                locked.add(key);
            }
        }
        return locked;
    }

    /** The stored responses of those keys that have one. */
    default Map<String, StoredResponse> findAll(PlatformId platform, Collection<String> keys) {
        Map<String, StoredResponse> found = new LinkedHashMap<>();
        for (String key : keys) {
            find(platform, key).ifPresent(r -> found.put(key, r));
        }
        return found;
    }

    default void saveAll(PlatformId platform, Map<String, StoredResponse> responses, Instant now) {
        responses.forEach((key, response) -> save(platform, key, response, now));
    }

    /**
     * Forgets up to {@code limit} of the keys saved before {@code before}, oldest first (skipping any another
     * transaction holds); returns how many.
     */
    int purge(Instant before, int limit);
}
