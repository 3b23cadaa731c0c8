package payments.ports.batch;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import payments.core.error.Outage;
import payments.core.error.Unavailable;

/**
 * Group commit: requests that arrive while a batch is running queue up and run together as the next batch, in one
 * database transaction, so the database does one statement per batch where it would do one per request. A lone
 * request is a batch of one; nothing waits for a batch to fill.
 * <p>
 * {@link #submit} queues a request and returns its result as a future, completed once its batch committed, so no
 * thread waits for a batch; a full queue refuses the request at once ({@link Unavailable}, 503). Batches run on the
 * {@code executor}'s threads, never on the submitting one, which may be an HTTP server's I/O thread. A submission
 * that finds no batch running starts a leader, which runs batches until the queue is empty. Up to
 * {@code maxLeaders} batches run at once, but another starts beside a running one only while the queue holds as
 * many requests as the batch taken last, or three eighths of a batch: fewer go in the running leader's next batch,
 * one commit where a batch of their own would cost two. A batch never takes a request whose lock key a running
 * batch holds: it would only wait in the database for that batch's commit.
 * <p>
 * A request its batch could not decide ({@link Outcome#alone}), and each request of a batch that failed as a whole,
 * runs again as a batch of one through the same function ({@link Batch#run} with {@code alone}); but a batch that
 * lost its database connection fails each request with that error, since its COMMIT may have happened
 * ({@link Outage#connectionLost}).
 *
 * @param <C> a validated request
 * @param <R> its result
 */
public final class GroupCommit<C, R> {
    /** The work of a batch. */
    @FunctionalInterface
    public interface Batch<C, R> {
        /**
         * Runs the requests as one database transaction and returns one outcome per request, in order. With
         * {@code alone} the batch is one request running by itself: it decides it (leaving nothing alone) and may
         * throw its refusal.
         */
        List<Outcome<R>> run(List<C> requests, boolean alone);
    }

    /** What a batch decided for one request. */
    public static final class Outcome<R> {
        private static final Outcome<?> ALONE = new Outcome<>(null, null);
        private final R result;
        private final RuntimeException refusal;

        private Outcome(R result, RuntimeException refusal) {
            this.result = result;
            this.refusal = refusal;
        }

        public static <R> Outcome<R> done(R result) {
            return new Outcome<>(result, null);
        }

        /** The request is refused with this error; its batch wrote nothing for it. */
        public static <R> Outcome<R> refused(RuntimeException error) {
            return new Outcome<>(null, error);
        }

        /** The batch left this request alone; it runs by itself after the batch. */
        @SuppressWarnings("unchecked")
        public static <R> Outcome<R> alone() {
            return (Outcome<R>) ALONE;
        }

        boolean isAlone() {
            return this == ALONE;
        }
    }

    private static final System.Logger LOG = System.getLogger(GroupCommit.class.getName());
    private final Batch<C, R> batch;
    private final Function<C, Object> lockKey;
    private final int maxBatch;
    private final int maxLeaders;
    private final int maxQueued;
    private final Executor executor;
    private final ReentrantLock lock = new ReentrantLock();
    private final ArrayDeque<Waiter> queue = new ArrayDeque<>();
    /** The lock keys of the requests in running batches, with their counts. */
    private final Map<Object, Integer> busy = new HashMap<>();
    private int leaders;
    /** Queued requests that are always worth a batch beside a running one: 3/8 of a batch, 24 of 64. */
    private final int queueForAnotherBatch;
    /** The size of the batch taken last. */
    private int lastBatch = 1;

    public GroupCommit(Batch<C, R> batch, int maxBatch, int maxLeaders, int maxQueued, Executor executor) {
        this(batch, request -> null, maxBatch, maxLeaders, maxQueued, executor);
    }

    /**
     * @param lockKey   what a request's batch locks in the database (its source account), or null
     * @param maxQueued requests that may wait for a batch; one more is refused
     * @param executor  runs the batches (their leaders), and the requests that run alone
     */
    public GroupCommit(Batch<C, R> batch, Function<C, Object> lockKey, int maxBatch, int maxLeaders, int maxQueued,
                       Executor executor) {
        if (maxBatch < 1 || maxLeaders < 1 || maxQueued < 1) {
            throw new IllegalArgumentException("maxBatch, maxLeaders and maxQueued must be positive");
        }
        this.batch = batch;
        this.lockKey = lockKey;
        this.maxBatch = maxBatch;
        this.maxLeaders = maxLeaders;
        this.maxQueued = maxQueued;
        this.queueForAnotherBatch = Math.max(1, maxBatch * 3 / 8);
        this.executor = executor;
    }

    private final class Waiter {
        final C request;
        final Object key;
        final CompletableFuture<R> result = new CompletableFuture<>();

        Waiter(C request) {
            this.request = request;
            this.key = lockKey.apply(request);
        }
    }

    /**
     * Queues the request for the next batch, starting a leader on the executor if the queue needs one (see above),
     * and returns at once. The result completes once the request's batch committed, exceptionally with the refusal
     * of a refused request, {@link Unavailable} when the queue is full, or the executor's refusal when it is
     * shutting down.
     */
    public CompletableFuture<R> submit(C request) {
        Waiter me = new Waiter(request);
        boolean start;
        lock.lock();
        try {
            if (queue.size() >= maxQueued) {
                return CompletableFuture.failedFuture(new Unavailable("Too many requests are waiting for a batch; "
                        + "retry shortly", 1));
            }
            queue.add(me);
            start = leaders == 0 || leaders < maxLeaders && worthAnotherBatch();
            if (start) {
                leaders++;
            }
        } finally {
            lock.unlock();
        }
        if (start) {
            try {
                executor.execute(this::lead);
            } catch (RejectedExecutionException shuttingDown) {
                boolean stillQueued;
                lock.lock();
                try {
                    leaders--;
                    stillQueued = queue.remove(me);
                } finally {
                    lock.unlock();
                }
                if (stillQueued) {
                    me.result.completeExceptionally(shuttingDown);
                } // else a running leader took it into a batch, which answers it: failing it could hide a commit
            }
        }
        return me.result;
    }

    /**
     * Runs batches until nothing queued can run. A leader beside another steps down when the queue is not worth a
     * batch of its own (the other takes it). A leader steps down in the same hold of the lock in which it found that,
     * or nothing to take, so a request queued meanwhile always finds a leader.
     */
    private void lead() {
        boolean leading = true;
        try {
            while (true) {
                List<Waiter> next;
                lock.lock();
                try {
                    if (leaders > 1 && !worthAnotherBatch()) {
                        // Another leader takes these in its next batch.
                        leaders--;
                        leading = false;
                        return;
                    }
                    next = takeBatch();
                    if (next.isEmpty()) {
                        // Nothing queued, or all of it waits for the keys of another leader's batch: that one takes it.
                        leaders--;
                        leading = false;
                        return;
                    }
                } finally {
                    lock.unlock();
                }
                runAndAnswer(next);
            }
        } finally {
            if (leading) { // an Error escaped a batch: give the place back
                lock.lock();
                try {
                    leaders--;
                } finally {
                    lock.unlock();
                }
            }
        }
    }

    /** Whether the queue is worth a batch beside the one running (see the class doc). Called holding the lock. */
    private boolean worthAnotherBatch() {
        return queue.size() >= Math.min(queueForAnotherBatch, lastBatch);
    }

    /** Runs one batch, releases its keys and completes its requests' results (those left alone on the executor). */
    private void runAndAnswer(List<Waiter> next) {
        List<Outcome<R>> outcomes = null;
        try {
            outcomes = run(next);
        } finally {
            lock.lock();
            try {
                for (Waiter w : next) {
                    if (w.key != null) {
                        busy.merge(w.key, -1, (a, b) -> a + b == 0 ? null : a + b);
                    }
                }
            } finally {
                lock.unlock();
            }
            for (int i = 0; i < next.size(); i++) {
                answer(next.get(i), outcomes != null ? outcomes.get(i) : Outcome.alone());
            }
        }
    }

    private void answer(Waiter w, Outcome<R> outcome) {
        if (outcome.isAlone()) {
            try {
                executor.execute(() -> runAlone(w));
            } catch (RejectedExecutionException shuttingDown) {
                w.result.completeExceptionally(shuttingDown);
            }
        } else {
            complete(w, outcome);
        }
    }

    private void complete(Waiter w, Outcome<R> outcome) {
        if (outcome.refusal != null) {
            w.result.completeExceptionally(outcome.refusal);
        } else {
            w.result.complete(outcome.result);
        }
    }

    /** The request as a batch of one, in its own transaction. */
    private void runAlone(Waiter w) {
        try {
            Outcome<R> outcome = batch.run(List.of(w.request), true).get(0);
            if (outcome.isAlone()) {
                throw new IllegalStateException("a batch of one left its request alone");
            }
            complete(w, outcome);
        } catch (Throwable failed) {
            w.result.completeExceptionally(failed);
            if (failed instanceof Error error) {
                throw error;
            }
        }
    }

    /**
     * Up to {@code maxBatch} queued requests in arrival order, leaving those whose key a running batch holds; their
     * keys are then held by this batch. Called holding the lock.
     */
    private List<Waiter> takeBatch() {
        List<Waiter> next = new ArrayList<>();
        List<Object> taken = new ArrayList<>();
        for (Iterator<Waiter> it = queue.iterator(); it.hasNext() && next.size() < maxBatch; ) {
            Waiter w = it.next();
            if (w.key == null || !busy.containsKey(w.key)) {
                it.remove();
                next.add(w);
                if (w.key != null) {
                    taken.add(w.key);
                }
            }
        }
        taken.forEach(k -> busy.merge(k, 1, Integer::sum));
        if (!next.isEmpty()) {
            lastBatch = next.size();
        }
        return next;
    }

    /** Requests waiting for a batch. */
    int queued() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }

    private List<Outcome<R>> run(List<Waiter> waiters) {
        List<C> requests = waiters.stream().map(w -> w.request).toList();
        try {
            List<Outcome<R>> outcomes = batch.run(requests, false);
            if (outcomes.size() != requests.size()) {
                throw new IllegalStateException(outcomes.size() + " outcomes for " + requests.size() + " requests");
            }
            return outcomes;
        } catch (RuntimeException e) {
            if (Outage.connectionLost(e)) {
                // The batch may have committed (a COMMIT whose answer was lost): running a request again could
                // make it twice, so each fails as the outage it is, to be retried with its Idempotency-Key.
                LOG.log(System.Logger.Level.WARNING, "a batch of " + requests.size() + " lost its connection", e);
                return requests.stream().map(r -> Outcome.<R>refused(e)).toList();
            }
            // The batch's transaction rolled back: each request gets its own transaction instead.
            LOG.log(System.Logger.Level.WARNING, "a batch of " + requests.size() + " failed; each runs alone", e);
            return requests.stream().map(r -> Outcome.<R>alone()).toList();
        }
    }
}
