package payments.ports.batch;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import payments.core.idempotency.IdempotencyKey;
import payments.core.idempotency.StoredResponse;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.Clock;
import payments.ports.driven.IdempotencyKeys;
import payments.ports.driven.TransactionRunner;

/**
 * {@link Idempotency}: the key's response is kept in the same database transaction as the request's effect, so
 * either both exist or neither does. A repeat that arrives while the first is still running waits briefly for it,
 * and gets 409 if it is still running then. Failed requests keep nothing and may be retried with the same key.
 * Every request that takes a key moves money, so the caller must hold TRANSACT before a key is even looked up: a
 * replay answers nobody the first request would have refused.
 */
public final class IdempotencyService implements Idempotency {
    /** Keys are kept at least this long. */
    public static final Duration RETENTION = Duration.ofHours(48);
    public static final int PURGE_STEP = 10_000;

    private final IdempotencyKeys keys;
    private final TransactionRunner tx;
    private final Clock clock;

    public IdempotencyService(IdempotencyKeys keys, TransactionRunner tx, Clock clock) {
        this.keys = keys;
        this.tx = tx;
        this.clock = clock;
    }

    @Override
    public Sent execute(Caller caller, String key, byte[] requestHash, Supplier<StoredResponse> effect) {
        return execute(caller, Permission.TRANSACT, key, requestHash, effect);
    }

    @Override
    public Sent execute(Caller caller, Permission permission, String key, byte[] requestHash,
                        Supplier<StoredResponse> effect) {
        caller.require(permission);
        return once(caller, IdempotencyKey.canonical(key), requestHash, effect);
    }

    /** Runs {@code effect} under a canonical key, or replays what the key keeps. */
    private Sent once(Caller caller, String key, byte[] requestHash, Supplier<StoredResponse> effect) {
        return tx.inTransaction(() -> {
            if (!keys.lock(caller.platformId(), key)) {
                throw IdempotencyKey.inProgress(key);
            }
            var stored = keys.find(caller.platformId(), key);
            if (stored.isPresent()) {
                return new Sent(stored.get().replayFor(key, requestHash), true);
            }
            StoredResponse response = effect.get();
            keys.save(caller.platformId(), key, response.answering(requestHash), clock.now());
            return new Sent(response, false);
        });
    }

    @Override
    public <T> Sent executeThen(Caller caller, String key, byte[] requestHash, Supplier<T> record,
                                UnaryOperator<T> finish, Function<T, StoredResponse> render) {
        caller.require(Permission.TRANSACT);
        String canonical = IdempotencyKey.canonical(key);
        List<T> recorded = new ArrayList<>(1);
        Sent first = once(caller, canonical, requestHash, () -> {
            recorded.add(record.get());
            return render.apply(recorded.get(0));
        });
        if (first.replayed()) {
            return first;
        }
        StoredResponse response = render.apply(finish.apply(recorded.get(0)));
        tx.inTransaction(() -> keys.replace(caller.platformId(), canonical, response));
        return new Sent(response, false);
    }

    /**
     * Forgets keys past their retention, {@value #PURGE_STEP} per database transaction (a day's keys at a high rate
     * are millions: one statement for all of them would be a long transaction and a burst of WAL); run
     * periodically. Returns how many.
     */
    public int purgeExpired() {
        Instant before = clock.now().minus(RETENTION);
        int purged = 0;
        int step;
        do {
            step = tx.inTransaction(() -> keys.purge(before, PURGE_STEP));
            purged += step;
        } while (step > 0); // not "a full step": keys another transaction held are skipped, not counted
        return purged;
    }
}
