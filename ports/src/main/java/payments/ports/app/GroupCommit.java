package payments.ports.app;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * Group commit: requests that arrive while a batch is running queue up and run together as the next batch, in one
 * database transaction, so the database does one statement per batch where it would do one per request. A lone
 * request is a batch of one; nothing waits for a batch to fill.
 * <p>
 * No thread of its own: the first request thread to find fewer than {@code maxLeaders} batches running leads. It
 * runs batches from the queue until its own request is done, then hands the lead to the next queued request. A
 * request is answered only after its batch committed. A request its batch cannot decide ({@link Outcome#alone}),
 * or every request of a batch that failed as a whole, runs again by itself on its own thread.
 *
 * @param <C> a validated request
 * @param <R> its result
 */
public final class GroupCommit<C, R> {
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
    private final Function<List<C>, List<Outcome<R>>> batch;
    private final Function<C, R> alone;
    private final Function<C, Object> lockKey;
    private final int maxBatch;
    private final int maxLeaders;
    private final ReentrantLock lock = new ReentrantLock();
    private final ArrayDeque<Waiter> queue = new ArrayDeque<>();
    /** The lock keys of the requests in running batches, with their counts. */
    private final Map<Object, Integer> busy = new HashMap<>();
    private int leaders;

    /**
     * @param batch runs requests as one transaction; returns one outcome per request, in order; if it raises, each
     *              request runs alone
     * @param alone runs one request in its own transaction
     */
    public GroupCommit(Function<List<C>, List<Outcome<R>>> batch, Function<C, R> alone, int maxBatch,
                       int maxLeaders) {
        this(batch, alone, request -> null, maxBatch, maxLeaders);
    }

    /**
     * @param lockKey what a request's batch locks in the database (its source account), or null: a batch never
     *                takes a request whose key a running batch holds, since it would only wait for that batch's
     *                commit; it stays queued for the next one
     */
    public GroupCommit(Function<List<C>, List<Outcome<R>>> batch, Function<C, R> alone, Function<C, Object> lockKey,
                       int maxBatch, int maxLeaders) {
        if (maxBatch < 1 || maxLeaders < 1) {
            throw new IllegalArgumentException("maxBatch and maxLeaders must be positive");
        }
        this.batch = batch;
        this.alone = alone;
        this.lockKey = lockKey;
        this.maxBatch = maxBatch;
        this.maxLeaders = maxLeaders;
    }

    private final class Waiter {
        final C request;
        final Condition wake = lock.newCondition();
        final Object key;
        Outcome<R> outcome;
        boolean leads;

        Waiter(C request) {
            this.request = request;
            this.key = lockKey.apply(request);
        }
    }

    /** Runs the request in the next batch and returns its result once that batch committed. */
    public R submit(C request) {
        Waiter me = new Waiter(request);
        lock.lock();
        try {
            queue.add(me);
            if (leaders < maxLeaders) {
                leaders++;
                me.leads = true;
            }
            while (me.outcome == null) {
                if (!me.leads) {
                    me.wake.awaitUninterruptibly();
                    continue;
                }
                List<Waiter> next = takeBatch();
                if (next.isEmpty()) {
                    // My request is in another leader's batch, or waits for one to finish: step down.
                    me.leads = false;
                    leaders--;
                    continue;
                }
                lock.unlock();
                List<Outcome<R>> outcomes = null;
                try {
                    outcomes = run(next);
                } finally {
                    lock.lock();
                    for (int i = 0; i < next.size(); i++) {
                        Waiter w = next.get(i);
                        if (w.key != null) {
                            busy.merge(w.key, -1, (a, b) -> a + b == 0 ? null : a + b);
                        }
                        w.outcome = outcomes != null ? outcomes.get(i) : Outcome.alone();
                        w.wake.signal();
                    }
                }
            }
        } finally {
            if (me.leads) {
                handOverLead();
            }
            lock.unlock();
        }
        if (me.outcome.isAlone()) {
            return alone.apply(request);
        }
        if (me.outcome.refusal != null) {
            throw me.outcome.refusal;
        }
        return me.outcome.result;
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
        return next;
    }

    /**
     * Passes a finished leader's place to the first queued request that does not lead yet. A request named heir
     * stays queued until it wakes, so two leaders finishing together would otherwise both name it and one place
     * would be lost for good (batches then ran one at a time). Called holding the lock.
     */
    private void handOverLead() {
        for (Waiter w : queue) {
            if (!w.leads) {
                w.leads = true;
                w.wake.signal();
                return;
            }
        }
        leaders--;
    }

    /** Requests waiting for a batch (for tests). */
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
            List<Outcome<R>> outcomes = batch.apply(requests);
            if (outcomes.size() != requests.size()) {
                throw new IllegalStateException(outcomes.size() + " outcomes for " + requests.size() + " requests");
            }
            return outcomes;
        } catch (RuntimeException e) {
            // The batch's transaction rolled back: each request gets its own transaction instead.
            LOG.log(System.Logger.Level.WARNING, "a batch of " + requests.size() + " failed; each runs alone", e);
            return requests.stream().map(r -> Outcome.<R>alone()).toList();
        }
    }
}
