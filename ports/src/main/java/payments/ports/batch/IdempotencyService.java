package payments.ports.batch;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import payments.core.common.Conflict;
import payments.core.common.InvalidFields;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.Clock;
import payments.ports.driven.IdempotencyKeys;
import payments.ports.driven.IdempotencyKeys.StoredResponse;
import payments.ports.driven.TransactionRunner;

/**
 * Runs a money-moving request at most once per {@code Idempotency-Key}. The key's response is stored in the same
 * database transaction as the request's effect, so either both exist or neither does. A repeat with the same
 * request gets the stored bytes; with a different request, 409. A repeat that arrives while the first is still
 * running waits briefly for it, and gets 409 if it is still running then. Failed requests store nothing and may be
 * retried with the same key. Every request that takes a key moves money, so the caller must hold TRANSACT before a
 * key is even looked up: a replay answers nobody the first request would have refused.
 */
public final class IdempotencyService {
    /** Keys are kept at least this long. */
    public static final Duration RETENTION = Duration.ofHours(48);
    public static final int PURGE_STEP = 10_000;
    private static final java.util.regex.Pattern UUID_FORM =
            java.util.regex.Pattern.compile("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$");

    private final IdempotencyKeys keys;
    private final TransactionRunner tx;
    private final Clock clock;

    public IdempotencyService(IdempotencyKeys keys, TransactionRunner tx, Clock clock) {
        this.keys = keys;
        this.tx = tx;
        this.clock = clock;
    }

    /**
     * @param requestHash identifies the request (method, path and canonical body); a key reused for another
     *                    request is refused
     * @param effect      performs the request and renders its response; it joins this database transaction
     * @return the response, and whether it is an earlier request's (the effect did not run)
     */
    public Sent execute(Caller caller, String key, byte[] requestHash, Supplier<StoredResponse> effect) {
        caller.require(Permission.TRANSACT);
        requireKeyForm(key);
        return tx.inTransaction(() -> {
            if (!keys.lock(caller.platformId(), key)) {
                throw new Conflict("CONFLICT", "A request with this Idempotency-Key is still in progress",
                        Map.of("idempotencyKey", key));
            }
            var stored = keys.find(caller.platformId(), key);
            if (stored.isPresent()) {
                return new Sent(replay(key, stored.get(), requestHash), true);
            }
            StoredResponse response = effect.get();
            keys.save(caller.platformId(), key, new StoredResponse(requestHash, response.status(), response.body()),
                    clock.now());
            return new Sent(response, false);
        });
    }

    /**
     * {@link #execute} for a request that ends with a call out of the database, which must not run in an open
     * transaction (a webhook the platform may answer by calling back about what the request recorded):
     * {@code record}'s effect commits with its response, then {@code finish} runs with no transaction open, and
     * the response to its result replaces the stored one. A repeat in the meantime gets the recorded response.
     */
    public <T> Sent executeThen(Caller caller, String key, byte[] requestHash, Supplier<T> record,
                                UnaryOperator<T> finish, Function<T, StoredResponse> render) {
        List<T> recorded = new ArrayList<>(1);
        Sent first = execute(caller, key, requestHash, () -> {
            recorded.add(record.get());
            return render.apply(recorded.get(0));
        });
        if (first.replayed()) {
            return first;
        }
        StoredResponse response = render.apply(finish.apply(recorded.get(0)));
        tx.inTransaction(() -> keys.replace(caller.platformId(), key, response));
        return new Sent(response, false);
    }

    /** The response to send; {@code replayed} when it is an earlier request's, found by its Idempotency-Key. */
    public record Sent(StoredResponse response, boolean replayed) {
    }

    /** Idempotency keys are UUIDs (400 otherwise). */
    static void requireKeyForm(String key) {
        if (!UUID_FORM.matcher(key).matches()) {
            throw InvalidFields.of("Idempotency-Key", "must be a UUID");
        }
    }

    /** The stored response for a repeat of its request; 409 when the key was used for a different request. */
    static StoredResponse replay(String key, StoredResponse stored, byte[] requestHash) {
        if (!Arrays.equals(stored.requestHash(), requestHash)) {
            throw new Conflict("CONFLICT", "This Idempotency-Key was used for a different request",
                    Map.of("idempotencyKey", key));
        }
        return stored;
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
