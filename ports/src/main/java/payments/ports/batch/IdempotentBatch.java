package payments.ports.batch;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import payments.core.common.DomainError;
import payments.core.common.PlatformId;
import payments.core.platform.Caller;
import payments.ports.batch.GroupCommit.Outcome;
import payments.ports.batch.IdempotencyService.Sent;
import payments.ports.driven.Clock;
import payments.ports.driven.IdempotencyKeys;
import payments.ports.driven.IdempotencyKeys.StoredResponse;
import payments.ports.driven.TransactionRunner;

/**
 * The Idempotency-Key side of a group-commit batch of money-moving requests ({@link TransferOutBatch},
 * {@link QuoteExecutionBatch}): the keys are claimed at the start of the batch's transaction (a repeat gets its stored
 * response, another request under a used key 409) and the responses saved at its end; a request that cannot claim
 * its key in the batch runs alone, through {@link IdempotencyService}, where the wait for the other request is.
 */
public final class IdempotentBatch {
    /** A request of a batch; {@code key} is null without an Idempotency-Key. */
    public interface Keyed {
        Caller caller();

        String key();

        byte[] requestHash();
    }

    private final IdempotencyService idempotency;
    private final IdempotencyKeys keys;
    private final Clock clock;
    private final TransactionRunner tx;

    public IdempotentBatch(IdempotencyService idempotency, IdempotencyKeys keys, Clock clock, TransactionRunner tx) {
        this.idempotency = idempotency;
        this.keys = keys;
        this.clock = clock;
        this.tx = tx;
    }

    /** The key's form is checked before the request joins a batch (400). */
    public static void requireKeyForm(String key) {
        if (key != null) {
            IdempotencyService.requireKeyForm(key);
        }
    }

    /** One platform's part of a batch: the requests at {@code open} (their keys claimed) need their outcomes set. */
    public interface PlatformStep {
        void run(Caller caller, List<Integer> open, List<Outcome<Sent>> outcomes);
    }

    /**
     * Runs a batch in one database transaction, one platform (and environment) at a time: claims that platform's
     * keys ({@link #claim}), then gives {@code platformStep} the requests still open.
     */
    public List<Outcome<Sent>> run(List<? extends Keyed> requests, PlatformStep platformStep) {
        return tx.inTransaction(() -> {
            List<Outcome<Sent>> outcomes = new ArrayList<>(Collections.nCopies(requests.size(), null));
            Map<List<Object>, List<Integer>> groups = new LinkedHashMap<>();
            for (int i = 0; i < requests.size(); i++) {
                Caller c = requests.get(i).caller();
                groups.computeIfAbsent(List.of(c.platformId(), c.environment()), k -> new ArrayList<>()).add(i);
            }
            for (List<Integer> indexes : groups.values()) {
                Caller caller = requests.get(indexes.get(0)).caller();
                claim(caller.platformId(), requests, indexes, outcomes);
                platformStep.run(caller, indexes.stream().filter(i -> outcomes.get(i) == null).toList(), outcomes);
            }
            return outcomes;
        });
    }

    /**
     * Claims the keys of the requests at {@code indexes}: a repeat gets its stored response (or 409); a key named twice
     * in the batch, or held by a request in flight, leaves its request to run alone. Sets those requests' outcomes.
     */
    private void claim(PlatformId platform, List<? extends Keyed> requests, List<Integer> indexes,
               List<Outcome<Sent>> outcomes) {
        Map<String, Integer> byKey = new LinkedHashMap<>();
        Set<String> twice = new LinkedHashSet<>();
        for (int i : indexes) {
            String key = requests.get(i).key();
            if (key != null && byKey.putIfAbsent(key, i) != null) {
                twice.add(key);
            }
        }
        if (byKey.isEmpty()) {
            return;
        }
        Set<String> locked = keys.tryLockAll(platform, byKey.keySet());
        Map<String, StoredResponse> stored = keys.findAll(platform, locked);
        for (int i : indexes) {
            Keyed r = requests.get(i);
            if (r.key() == null) {
                continue;
            }
            if (twice.contains(r.key()) || !locked.contains(r.key())) {
                outcomes.set(i, Outcome.alone());
            } else if (stored.containsKey(r.key())) {
                try {
                    outcomes.set(i, Outcome.done(new Sent(IdempotencyService.replay(r.key(), stored.get(r.key()),
                            r.requestHash()), true)));
                } catch (DomainError e) {
                    outcomes.set(i, Outcome.refused(e));
                }
            }
        }
    }

    /** Answers the requests at {@code indexes} with their responses, saving those under a key (one statement). */
    public void answer(PlatformId platform, List<? extends Keyed> requests, List<Integer> indexes,
                List<StoredResponse> responses, List<Outcome<Sent>> outcomes) {
        Map<String, StoredResponse> toSave = new LinkedHashMap<>();
        for (int n = 0; n < indexes.size(); n++) {
            Keyed r = requests.get(indexes.get(n));
            StoredResponse response = responses.get(n);
            if (r.key() != null) {
                toSave.put(r.key(), new StoredResponse(r.requestHash(), response.status(), response.body()));
            }
            outcomes.set(indexes.get(n), Outcome.done(new Sent(response, false)));
        }
        keys.saveAll(platform, toSave, clock.now());
    }

    /** A request run by itself in its own transaction, under its key if it has one. */
    public Sent alone(Keyed r, Supplier<StoredResponse> run) {
        if (r.key() == null) {
            return new Sent(run.get(), false);
        }
        return idempotency.execute(r.caller(), r.key(), r.requestHash(), run);
    }
}
