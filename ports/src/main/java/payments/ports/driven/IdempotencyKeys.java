package payments.ports.driven;

import java.time.Instant;
import java.util.Optional;
import payments.core.common.PlatformId;

/** Stored responses of money-moving requests, keyed per platform. Used inside the effect's transaction. */
public interface IdempotencyKeys {
    /**
     * Takes the key's lock for the rest of the current database transaction, waiting a bounded time for a request
     * still in flight with the same key. Returns false when that request did not finish in time.
     */
    boolean lock(PlatformId platform, String key);

    Optional<StoredResponse> find(PlatformId platform, String key);

    void save(PlatformId platform, String key, StoredResponse response, Instant now);

    /** Forgets keys older than {@code before}; returns how many. */
    int purge(Instant before);

    record StoredResponse(byte[] requestHash, int status, byte[] body) {
    }
}
