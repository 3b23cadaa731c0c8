package payments.ports.platform;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import payments.core.platform.Caller;
import payments.ports.driven.Clock;

/**
 * Credentials this process looked up recently (API tokens by id, agents' access tokens by agent), so that a client's steady stream of requests does not cost a
 * database lookup each (it was a sixth of the server's CPU on the payment path). An entry keeps the hash of the
 * token's secret, and every request's secret is still checked against it. A token deleted through this process is
 * dropped at once; one deleted through another process stops working here within {@link #TTL}.
 */
public final class VerifiedTokens<K> {
    public static final Duration TTL = Duration.ofSeconds(1);
    /** More live tokens than this in one second is not a steady stream: the cache starts over rather than grow. */
    private static final int MAX_ENTRIES = 10_000;

    /** What a successful lookup gave, until when it may stand in for another. */
    public record Entry(byte[] secretHash, Caller caller, Instant until) {
    }

    private final ConcurrentHashMap<K, Entry> entries = new ConcurrentHashMap<>();
    private final Clock clock;

    public VerifiedTokens(Clock clock) {
        this.clock = clock;
    }

    /** The entry for this token if it is still fresh. */
    public Entry fresh(K id) {
        Entry entry = entries.get(id);
        if (entry == null || !clock.now().isBefore(entry.until())) {
            return null;
        }
        return entry;
    }

    public void remember(K id, byte[] secretHash, Caller caller) {
        if (entries.size() >= MAX_ENTRIES) {
            entries.clear();
        }
        entries.put(id, new Entry(secretHash, caller, clock.now().plus(TTL)));
    }

    public void forget(K id) {
        entries.remove(id);
    }
}
