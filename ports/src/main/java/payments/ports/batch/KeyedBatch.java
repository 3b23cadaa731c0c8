package payments.ports.batch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import payments.core.error.DomainError;
import payments.core.id.PlatformId;
import payments.core.idempotency.IdempotencyKey;
import payments.core.idempotency.StoredResponse;
import payments.core.platform.Caller;
import payments.ports.batch.GroupCommit.Outcome;
import payments.ports.driven.Clock;
import payments.ports.driven.IdempotencyKeys;
import payments.ports.driven.TransactionRunner;

/**
 * The batch of a group-committed use case whose requests may carry an Idempotency-Key: one database transaction,
 * one platform (and environment) at a time. It claims the platform's keys (a repeat gets its kept response, another
 * request under a used key 409), hands the open requests to the use case's {@link Step}, and keeps the responses of
 * those it made, one statement each way. In a batch of many a key held by a request in flight, or named twice,
 * leaves its request to run alone; alone, the request waits a bounded time for the key, as {@link Idempotency} does.
 */
public final class KeyedBatch<C, T> implements GroupCommit.Batch<Request<C, T>, Answer<T>> {
    /** A use case's part of a batch. */
    @FunctionalInterface
    public interface Step<C, T> {
        /**
         * Decides each of one platform's open requests (keys claimed, none a repeat): refuses it, leaves it alone (in a
         * batch of many), or makes it, in the batch's database transaction. {@code alone}: a batch of one.
         */
        void run(Caller caller, List<Request<C, T>> open, boolean alone);
    }

    private final Step<C, T> step;
    private final IdempotencyKeys keys;
    private final Clock clock;
    private final TransactionRunner tx;

    public KeyedBatch(Step<C, T> step, IdempotencyKeys keys, Clock clock, TransactionRunner tx) {
        this.step = step;
        this.keys = keys;
        this.clock = clock;
        this.tx = tx;
    }

    @Override
    public List<Outcome<Answer<T>>> run(List<Request<C, T>> requests, boolean alone) {
        return tx.inTransaction(() -> {
            requests.forEach(Request::reopen);
            Map<List<Object>, List<Request<C, T>>> byPlatform = new LinkedHashMap<>();
            for (Request<C, T> r : requests) {
                byPlatform.computeIfAbsent(List.of(r.caller().platformId(), r.caller().environment()),
                        k -> new ArrayList<>()).add(r);
            }
            for (List<Request<C, T>> platform : byPlatform.values()) {
                Caller caller = platform.get(0).caller();
                claim(caller.platformId(), platform, alone);
                step.run(caller, platform.stream().filter(Request::isOpen).toList(), alone);
                keep(caller.platformId(), platform);
            }
            return requests.stream().map(Request::outcome).toList();
        });
    }

    /** Claims the requests' keys; decides the repeats, and the requests whose key cannot be claimed here. */
    private void claim(PlatformId platform, List<Request<C, T>> requests, boolean alone) {
        Map<String, Request<C, T>> byKey = new LinkedHashMap<>();
        Set<String> twice = new LinkedHashSet<>();
        for (Request<C, T> r : requests) {
            if (r.key() != null && byKey.putIfAbsent(r.key().key(), r) != null) {
                twice.add(r.key().key());
            }
        }
        if (byKey.isEmpty()) {
            return;
        }
        Set<String> locked = alone ? waitFor(platform, byKey.keySet()) : keys.tryLockAll(platform, byKey.keySet());
        Map<String, StoredResponse> stored = keys.findAll(platform, locked);
        for (Request<C, T> r : requests) {
            if (r.key() == null) {
                continue;
            }
            String key = r.key().key();
            if (twice.contains(key)) {
                r.leaveAlone();
            } else if (!locked.contains(key)) {
                if (alone) {
                    r.refuse(IdempotencyKey.inProgress(key));
                } else {
                    r.leaveAlone();
                }
            } else if (stored.containsKey(key)) {
                try {
                    r.replayed(stored.get(key).replayFor(key, r.key().requestHash()));
                } catch (DomainError e) {
                    r.refuse(e);
                }
            }
        }
    }

    /** The keys whose lock was taken, each waited for a bounded time. */
    private Set<String> waitFor(PlatformId platform, Set<String> wanted) {
        Set<String> locked = new LinkedHashSet<>();
        wanted.stream().filter(key -> keys.lock(platform, key)).forEach(locked::add);
        return locked;
    }

    /** Keeps the responses of the requests made under a key, in one statement. */
    private void keep(PlatformId platform, List<Request<C, T>> requests) {
        Map<String, StoredResponse> responses = new LinkedHashMap<>();
        for (Request<C, T> r : requests) {
            StoredResponse response = r.answer();
            if (response != null) {
                responses.put(r.key().key(), response);
            }
        }
        if (!responses.isEmpty()) {
            keys.saveAll(platform, responses, clock.now());
        }
    }
}
