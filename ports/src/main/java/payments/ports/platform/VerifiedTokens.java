package payments.ports.platform;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import payments.core.platform.Caller;
import payments.ports.driven.Clock;
import payments.ports.driven.platform.TokenSecrets;

/**
 * Credentials this process looked up recently (API tokens by id, agents' access tokens by agent), so that a client's
 * steady stream of requests does not cost a database lookup each (it was a sixth of the server's CPU on the payment
 * path). An entry keeps the hash of the
 * token's secret, and every request's secret is still checked against it. A token deleted through this process is
 * dropped at once; one deleted through another process stops working here within {@link #TTL}.
 */
public final class VerifiedTokens<K> {
    public static final Duration TTL = Duration.ofSeconds(1);
    /** More live tokens than this in one second is not a steady stream: the cache starts over rather than grow. */
    private static final int MAX_ENTRIES = 10_000;

    /** What a successful lookup gave, until when it may stand in for another. */
    record Entry(byte[] secretHash, Caller caller, Instant until) {
    }

    private final ConcurrentHashMap<K, Entry> entries = new ConcurrentHashMap<>();
    private final Clock clock;

    public VerifiedTokens(Clock clock) {
        this.clock = clock;
    }

    /**
     * The caller of a token verified recently whose secret matches; empty when the token must be looked up (not
     * verified in the last {@link #TTL}); {@code refusal} when the secret does not match the remembered one. One look
     * at the cache decides, so an entry that lapses meanwhile cannot send the caller to the database after all.
     */
    public Optional<Caller> remembered(K id, String secret, TokenSecrets secrets,
                                       Supplier<? extends RuntimeException> refusal) {
        Entry recent = fresh(id);
        if (recent == null) {
            return Optional.empty();
        }
        if (!secrets.matches(secret, recent.secretHash())) {
            throw refusal.get();
        }
        return Optional.of(recent.caller());
    }

    /** The entry for this token if it is still fresh. */
    private Entry fresh(K id) {
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
