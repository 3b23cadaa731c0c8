package payments.ports.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import payments.core.error.Conflict;
import payments.core.error.Unavailable;
import payments.ports.batch.GroupCommit.Outcome;

class GroupCommitTest {
    private final List<List<Integer>> batches = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger threadCount = new AtomicInteger();
    private final ExecutorService threads = Executors.newCachedThreadPool(
            r -> new Thread(r, "group-" + threadCount.incrementAndGet()));

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    @Test
    void a_lone_request_is_a_batch_of_one() {
        GroupCommit<Integer, Integer> group = commit(doubling(r -> { }), r -> -1, 8, 1, threads);

        assertEquals(42, group.submit(21).join());
        assertEquals(List.of(List.of(21)), batches);
    }

    @Test
    void requests_that_arrive_while_a_batch_runs_go_together_in_the_next_one_bounded_by_the_batch_size()
            throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        GroupCommit<Integer, Integer> group = commit(doubling(first -> {
            if (first.get(0) == 0) {
                await(release);
            }
        }), r -> -1, 10, 1, threads);
        ExecutorService pool = Executors.newFixedThreadPool(26);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            results.add(pool.submit(() -> group.submit(0).join()));
            awaitBatches(1);
            for (int i = 1; i <= 25; i++) {
                int n = i;
                results.add(pool.submit(() -> group.submit(n).join()));
            }
            // Everyone else is queued behind the first batch before it finishes.
            awaitQueued(group, 25);
            release.countDown();
            for (int i = 0; i <= 25; i++) {
                assertEquals(2 * i, results.get(i).get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(List.of(1, 10, 10, 5), batches.stream().map(List::size).toList());
        assertEquals(26, batches.stream().mapToLong(List::size).sum());
    }

    @Test
    void many_concurrent_requests_each_run_exactly_once_with_at_most_the_allowed_batches_at_a_time()
            throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        ConcurrentHashMap<Integer, Integer> seen = new ConcurrentHashMap<>();
        GroupCommit<Integer, Integer> group = commit(doubling(batch -> {
            mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
            batch.forEach(r -> seen.merge(r, 1, Integer::sum));
            Thread.yield();
            running.decrementAndGet();
        }), r -> -1, 16, 2, threads);
        submitFromManyThreads(group, 5000);
        assertEquals(5000, seen.size());
        assertTrue(seen.values().stream().allMatch(v -> v == 1), "each request in exactly one batch");
        assertTrue(mostAtOnce.get() <= 2, "at most two batches at once, saw " + mostAtOnce.get());
        assertTrue(batches.stream().allMatch(b -> b.size() <= 16));
    }

    @Test
    void a_batch_runs_beside_another_only_when_the_queue_holds_as_many_as_the_last_batch_or_three_eighths_of_one()
            throws Exception {
        Map<Integer, CountDownLatch> holds = Map.of(0, new CountDownLatch(1), 1, new CountDownLatch(1),
                2, new CountDownLatch(1));
        GroupCommit<Integer, Integer> group = heldBy(holds); // 3/8 of a batch of 8: three requests
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            Future<Integer> zero = pool.submit(() -> group.submit(0).join());
            awaitBatches(1);
            // The running batch is one request: one queued request is worth a batch beside it.
            Future<Integer> one = pool.submit(() -> group.submit(1).join());
            awaitBatches(2);
            List<CompletableFuture<Integer>> queued = new ArrayList<>();
            for (int r = 2; r <= 5; r++) {
                queued.add(group.submit(r)); // two batches run: these wait
            }
            holds.get(0).countDown();
            awaitBatches(3); // [2, 3, 4, 5], held, beside request 1's batch
            holds.get(1).countDown();
            assertEquals(0, zero.get(5, TimeUnit.SECONDS));
            assertEquals(2, one.get(5, TimeUnit.SECONDS));
            // The batch taken last holds four: a batch beside it needs three queued requests (3/8 of 8), not four.
            CompletableFuture<Integer> six = group.submit(6);
            CompletableFuture<Integer> seven = group.submit(7);
            assertEquals(2, group.queued(), "two queued requests wait for the running batch");
            assertTrue(!six.isDone() && !seven.isDone());
            CompletableFuture<Integer> eight = group.submit(8);
            assertEquals(List.of(12, 14, 16), List.of(six.get(5, TimeUnit.SECONDS), seven.get(5, TimeUnit.SECONDS),
                    eight.get(5, TimeUnit.SECONDS)));
            assertTrue(queued.stream().noneMatch(CompletableFuture::isDone), "[2, 3, 4, 5] still runs");
            holds.get(2).countDown();
            for (int r = 2; r <= 5; r++) {
                assertEquals(2 * r, queued.get(r - 2).get(5, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(List.of(List.of(0), List.of(1), List.of(2, 3, 4, 5), List.of(6, 7, 8)), batches);
    }

    @Test
    void a_leader_beside_another_steps_down_when_the_queue_is_not_worth_a_batch_of_its_own() throws Exception {
        Map<Integer, CountDownLatch> holds = Map.of(0, new CountDownLatch(1), 1, new CountDownLatch(1),
                2, new CountDownLatch(1), 6, new CountDownLatch(1));
        GroupCommit<Integer, Integer> group = heldBy(holds);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            pool.submit(() -> group.submit(0).join());
            awaitBatches(1);
            pool.submit(() -> group.submit(1).join());
            awaitBatches(2);
            for (int r = 2; r <= 5; r++) {
                group.submit(r);
            }
            holds.get(0).countDown();
            awaitBatches(3); // [2, 3, 4, 5], held
            holds.get(1).countDown();
            group.submit(6);
            group.submit(7);
            Future<Integer> eight = pool.submit(() -> group.submit(8).join()); // three queued: [6, 7, 8], held
            awaitBatches(4);
            CompletableFuture<Integer> nine = group.submit(9); // one queued: not worth a third batch
            holds.get(6).countDown();
            assertEquals(16, eight.get(5, TimeUnit.SECONDS));
            // [6, 7, 8]'s leader found one request queued beside [2, 3, 4, 5], whose leader takes it next.
            Thread.sleep(200);
            assertTrue(!nine.isDone(), "request 9 waits for the leader of [2, 3, 4, 5]");
            assertEquals(1, group.queued());
            holds.get(2).countDown();
            assertEquals(18, nine.get(5, TimeUnit.SECONDS));
        } finally {
            pool.shutdownNow();
        }
        assertEquals(List.of(List.of(0), List.of(1), List.of(2, 3, 4, 5), List.of(6, 7, 8), List.of(9)), batches);
    }

    @Test
    void a_request_whose_lock_key_a_running_batch_holds_waits_for_the_next_batch_while_others_run_beside_it()
            throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean zeroRunning = new AtomicBoolean(true);
        AtomicBoolean keySharedWithZero = new AtomicBoolean();
        // Keys: even requests lock "even", odd ones "odd"; request 0's batch holds "even" until released.
        GroupCommit<Integer, Integer> group = commit(doubling(batch -> {
            if (batch.contains(0)) {
                await(release);
                zeroRunning.set(false);
            } else if (zeroRunning.get() && batch.stream().anyMatch(r -> r % 2 == 0)) {
                keySharedWithZero.set(true);
            }
        }), r -> -1, r -> r % 2 == 0 ? "even" : "odd", 8, 2, threads);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            Future<Integer> zero = pool.submit(() -> group.submit(0).join());
            awaitBatches(1);
            Future<Integer> two = pool.submit(() -> group.submit(2).join());
            awaitQueued(group, 1);
            Future<Integer> four = pool.submit(() -> group.submit(4).join());
            awaitQueued(group, 2);
            // The second leader's place is free, but the queued requests wait for "even": an odd one runs now.
            assertEquals(6, pool.submit(() -> group.submit(3).join()).get(5, TimeUnit.SECONDS));
            release.countDown();
            assertEquals(0, zero.get());
            assertEquals(4, two.get());
            assertEquals(8, four.get());
        } finally {
            pool.shutdownNow();
        }
        assertTrue(!keySharedWithZero.get(), "no batch took an even request while request 0's batch ran");
        assertEquals(List.of(List.of(0), List.of(3), List.of(2, 4)), batches);
    }

    @Test
    void under_load_two_batches_running_at_once_never_share_a_lock_key_and_every_request_is_answered()
            throws Exception {
        Map<Integer, Integer> held = new HashMap<>();
        AtomicBoolean shared = new AtomicBoolean();
        AtomicInteger mostAtOnce = new AtomicInteger();
        AtomicInteger running = new AtomicInteger();
        GroupCommit<Integer, Integer> group = commit(doubling(batch -> {
            mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
            Set<Integer> keys = batch.stream().map(GroupCommitTest::scattered).collect(Collectors.toSet());
            synchronized (held) {
                keys.forEach(k -> {
                    if (held.merge(k, 1, Integer::sum) > 1) {
                        shared.set(true);
                    }
                });
            }
            java.util.concurrent.locks.LockSupport.parkNanos(200_000); // long enough for batches to overlap
            synchronized (held) {
                keys.forEach(k -> held.merge(k, -1, Integer::sum));
            }
            running.decrementAndGet();
        }), r -> -1, GroupCommitTest::scattered, 16, 2, threads);
        submitFromManyThreads(group, 5000);
        assertTrue(!shared.get(), "two running batches held the same key");
        assertEquals(5000, batches.stream().mapToLong(List::size).sum());
        assertTrue(mostAtOnce.get() <= 2, "at most two batches at once, saw " + mostAtOnce.get());
        assertEquals(0, group.queued());
    }

    @Test
    void after_many_hand_overs_of_the_lead_as_many_batches_as_allowed_still_run_at_once() throws Exception {
        // Two leaders finishing together once could both hand the lead to the same queued request, losing a
        // leader for good: the server then ran one batch at a time.
        CyclicBarrier pair = new CyclicBarrier(2);
        AtomicInteger paired = new AtomicInteger();
        AtomicBoolean meet = new AtomicBoolean();
        GroupCommit<Integer, Integer> group = commit(doubling(batch -> {
            if (!meet.get()) {
                Thread.yield();
                return;
            }
            try {
                pair.await(5, TimeUnit.SECONDS);
                paired.incrementAndGet();
            } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
                pair.reset();
            }
        }), r -> -1, 4, 2, threads);
        ExecutorService pool = Executors.newFixedThreadPool(64);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int i = 0; i < 20_000; i++) {
                int n = i;
                results.add(pool.submit(() -> group.submit(n).join()));
            }
            for (Future<Integer> result : results) {
                result.get();
            }
            meet.set(true);
            Future<Integer> one = pool.submit(() -> group.submit(-1).join());
            awaitUntil(() -> batches.get(batches.size() - 1).contains(-1), "-1 in a batch of its own");
            Future<Integer> two = pool.submit(() -> group.submit(-2).join());
            assertEquals(-2, one.get());
            assertEquals(-4, two.get());
        } finally {
            pool.shutdownNow();
        }
        assertEquals(2, paired.get(), "the last two requests ran as two batches at the same time");
    }

    /** A submitting thread may be an HTTP server's I/O thread, which must never wait for the database. */
    @Test
    void a_submitting_thread_only_queues_and_every_batch_runs_on_the_executor() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        List<String> ranOn = Collections.synchronizedList(new ArrayList<>());
        GroupCommit<Integer, Integer> group = commit(doubling(batch -> {
            ranOn.add(Thread.currentThread().getName());
            if (batch.contains(0)) {
                await(release);
            }
        }), r -> -1, 4, 1, threads);

        CompletableFuture<Integer> zero = group.submit(0);
        awaitBatches(1);
        assertTrue(!zero.isDone(), "submit returned while its batch runs");
        List<CompletableFuture<Integer>> queued = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            queued.add(group.submit(i));
        }
        assertTrue(queued.stream().noneMatch(CompletableFuture::isDone));
        release.countDown();

        assertEquals(0, zero.get(5, TimeUnit.SECONDS));
        for (int i = 1; i <= 6; i++) {
            assertEquals(2 * i, queued.get(i - 1).get(5, TimeUnit.SECONDS));
        }
        assertEquals(List.of(List.of(0), List.of(1, 2, 3, 4), List.of(5, 6)), batches);
        assertTrue(ranOn.stream().allMatch(name -> name.startsWith("group-")), ranOn.toString());
    }

    @Test
    void a_full_queue_refuses_a_request_at_once_with_503_and_retry_after() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        GroupCommit<Integer, Integer> group = new GroupCommit<>((requests, alone) -> {
            batches.add(List.copyOf(requests));
            await(release);
            return requests.stream().map(r -> Outcome.done(r * 2)).toList();
        }, 8, 1, 2, threads);

        CompletableFuture<Integer> running = group.submit(0);
        awaitBatches(1);
        CompletableFuture<Integer> first = group.submit(1);
        CompletableFuture<Integer> second = group.submit(2);
        CompletionException full = assertThrows(CompletionException.class, () -> group.submit(3).join());
        release.countDown();

        Unavailable refused = (Unavailable) full.getCause();
        assertEquals("SERVICE_UNAVAILABLE", refused.code());
        assertEquals(1, refused.retryAfterSeconds());
        assertEquals(List.of(0, 2, 4), List.of(running.get(5, TimeUnit.SECONDS), first.get(5, TimeUnit.SECONDS),
                second.get(5, TimeUnit.SECONDS)));
        assertEquals(List.of(List.of(0), List.of(1, 2)), batches, "the refused request never joined a batch");
    }

    @Test
    void a_request_submitted_while_the_executor_shuts_down_fails_instead_of_waiting_forever() {
        threads.shutdown();
        GroupCommit<Integer, Integer> group = commit(doubling(r -> { }), r -> -1, 8, 1, threads);

        CompletionException e = assertThrows(CompletionException.class, () -> group.submit(1).join());

        assertTrue(e.getCause() instanceof java.util.concurrent.RejectedExecutionException, e.toString());
        assertEquals(0, group.queued());
    }

    @Test
    void a_request_a_running_leader_took_is_answered_by_its_batch_when_its_own_leader_is_refused() {
        CountDownLatch firstRunning = new CountDownLatch(1);
        CountDownLatch releaseFirst = new CountDownLatch(1);
        CountDownLatch releaseSecond = new CountDownLatch(1);
        List<GroupCommit<Integer, Integer>> group = new ArrayList<>();
        AtomicInteger executions = new AtomicInteger();
        Executor oneLeaderThenShuttingDown = task -> {
            if (executions.incrementAndGet() == 1) {
                threads.execute(task);
                return;
            }
            // The running leader takes the request into its next batch before the refusal is handled.
            releaseFirst.countDown();
            awaitUntil(() -> group.get(0).queued() == 0 && batches.size() == 2, "the running leader took it");
            throw new RejectedExecutionException("shutting down");
        };
        group.add(commit(doubling(batch -> {
            if (batch.contains(1)) {
                firstRunning.countDown();
                await(releaseFirst);
            } else {
                await(releaseSecond); // answers only after the refusal was handled
            }
        }), r -> -1, 8, 2, oneLeaderThenShuttingDown));
        CompletableFuture<Integer> first = group.get(0).submit(1);
        await(firstRunning);

        CompletableFuture<Integer> second = group.get(0).submit(2); // a second leader is due: the queue holds 1
        releaseSecond.countDown();

        assertEquals(2, first.join());
        assertEquals(4, second.join(), "its batch committed it, so it must not fail");
        assertEquals(List.of(List.of(1), List.of(2)), batches);
    }

    @Test
    void a_refused_request_fails_with_its_error_and_one_left_alone_runs_by_itself_on_the_executor() {
        Conflict conflict = new Conflict("CONFLICT", "no");
        List<Thread> aloneOn = new ArrayList<>();
        GroupCommit<Integer, Integer> group = commit(batch -> batch.stream()
                .map(r -> r == 1 ? Outcome.<Integer>refused(conflict) : Outcome.<Integer>alone()).toList(),
                r -> {
                    aloneOn.add(Thread.currentThread());
                    return r * 100;
                }, 8, 1, threads);

        assertSame(conflict, assertThrows(CompletionException.class, () -> group.submit(1).join()).getCause());
        assertEquals(200, group.submit(2).join());
        assertEquals(1, aloneOn.size());
        assertTrue(aloneOn.get(0).getName().startsWith("group-"), "ran on the executor, not " + aloneOn.get(0));
    }

    @Test
    void when_a_batch_fails_as_a_whole_each_of_its_requests_runs_alone() {
        GroupCommit<Integer, Integer> group = commit(batch -> {
            throw new IllegalStateException("the database said no");
        }, r -> r + 1000, 8, 1, threads);

        assertEquals(1007, group.submit(7).join());
        assertEquals(1008, group.submit(8).join());
    }

    @Test
    void when_a_batch_loses_its_connection_each_request_fails_with_it_and_none_runs_again() {
        RuntimeException lost = new IllegalStateException("commit failed",
                new java.sql.SQLException("An I/O error occurred while sending to the backend.", "08006"));
        AtomicInteger ranAlone = new AtomicInteger();
        GroupCommit<Integer, Integer> group = commit(batch -> {
            throw lost;
        }, r -> ranAlone.incrementAndGet(), 8, 1, threads);

        CompletionException failed = assertThrows(CompletionException.class, () -> group.submit(7).join());

        assertSame(lost, failed.getCause());
        assertEquals(0, ranAlone.get(), "the batch may have committed: running the request again could make it twice");
    }

    /** A batch function answering each request with twice its value, after running {@code during}. */
    private Function<List<Integer>,
            List<Outcome<Integer>>> doubling(java.util.function.Consumer<List<Integer>> during) {
        return batch -> {
            batches.add(List.copyOf(batch));
            during.accept(batch);
            return batch.stream().map(r -> Outcome.done(r * 2)).toList();
        };
    }

    /** Submits requests 0 to n - 1 from 64 threads and checks each answer (twice the request). */
    private static void submitFromManyThreads(GroupCommit<Integer, Integer> group, int n) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(64);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int request = i;
                results.add(pool.submit(() -> group.submit(request).join()));
            }
            for (int i = 0; i < n; i++) {
                assertEquals(2 * i, results.get(i).get(30, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Batches of at most 8, two at once; a batch whose first request has a latch in {@code holds} waits for it. */
    private GroupCommit<Integer, Integer> heldBy(Map<Integer, CountDownLatch> holds) {
        return commit(doubling(batch -> {
            CountDownLatch hold = holds.get(batch.get(0));
            if (hold != null) {
                await(hold);
            }
        }), r -> -1, 8, 2, threads);
    }

    /** Waits until that many batches have started. */
    private void awaitBatches(int count) {
        awaitUntil(() -> batches.size() >= count, count + " batches started");
    }

    /** Waits until that many requests are queued: they stay queued while the batch they wait for runs. */
    private static void awaitQueued(GroupCommit<Integer, Integer> group, int requests) {
        awaitUntil(() -> group.queued() >= requests, requests + " requests queued while the batch they wait for runs");
    }

    /** Spins until the condition holds; fails after 5 s rather than hang the build. */
    private static void awaitUntil(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what);
            Thread.onSpinWait();
        }
    }

    /** One of 23 lock keys, spread so that requests arriving together share some. */
    private static int scattered(int request) {
        return request * 7919 % 23;
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A group commit of a batch function and, for the requests that run alone, a function of one request: the batch
     * of one that {@link GroupCommit.Batch#run} gets with {@code alone}.
     */
    private static GroupCommit<Integer, Integer> commit(Function<List<Integer>, List<Outcome<Integer>>> batch,
                                                       Function<Integer, Integer> alone,
                                                       Function<Integer, Object> lockKey, int maxBatch,
                                                       int maxLeaders, Executor executor) {
        return new GroupCommit<>((requests, isAlone) -> isAlone ? List.of(Outcome.done(alone.apply(requests.get(0))))
                : batch.apply(requests), lockKey, maxBatch, maxLeaders, 100_000, executor);
    }

    private static GroupCommit<Integer, Integer> commit(Function<List<Integer>, List<Outcome<Integer>>> batch,
                                                       Function<Integer, Integer> alone, int maxBatch,
                                                       int maxLeaders, Executor executor) {
        return commit(batch, alone, request -> null, maxBatch, maxLeaders, executor);
    }
}
