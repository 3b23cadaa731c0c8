package payments.adapter.persistence.store;

import payments.adapter.persistence.Fixtures;
import payments.adapter.persistence.store.JooqJobs;
import payments.adapter.persistence.store.JooqSandboxClocks;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.adapter.persistence.schema.Tables.JOBS;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import payments.core.id.PlatformId;
import payments.ports.driven.Jobs;

class JooqJobsTest {
    /** The time rows are written: a fixed instant, to tell it from real time. */
    private static final Instant WRITTEN = Instant.parse("2030-01-02T03:04:05.123456Z");
    private final JooqJobs jobs = new JooqJobs(Fixtures.DB, () -> WRITTEN);
    private final JooqSandboxClocks clocks = new JooqSandboxClocks(Fixtures.DB);

    @Test
    void a_job_row_is_stamped_by_the_clock_port_not_the_machines_time() {
        PlatformId platform = Fixtures.platform();
        UUID one = UUID.randomUUID();
        UUID two = UUID.randomUUID();
        jobs.schedule(new Jobs.Job(platform, one, "TEST", Map.of(), Fixtures.now(), 0));
        jobs.scheduleAll(List.of(new Jobs.Job(platform, two, "TEST", Map.of(), Fixtures.now(), 0)));

        for (UUID id : List.of(one, two)) {
            var row = Fixtures.DB.ctx().selectFrom(JOBS).where(JOBS.ID.eq(id)).fetchOne();
            assertEquals(WRITTEN, row.getCreatedAt().toInstant());
            assertEquals(WRITTEN, row.getUpdatedAt().toInstant());
        }
    }

    @Test
    void a_job_is_due_by_its_platforms_clock_including_a_sandbox_offset() {
        PlatformId platform = Fixtures.platform();
        Instant now = Fixtures.now();
        UUID id = UUID.randomUUID();
        jobs.schedule(new Jobs.Job(platform, id, "TEST", Map.of("n", 1L), now.plusSeconds(30), 0));

        assertTrue(Fixtures.DB.inTransaction(() -> jobs.claimDue(platform, now)).isEmpty());
        clocks.advance(platform, 29, now);
        assertTrue(Fixtures.DB.inTransaction(() -> jobs.claimDue(platform, now)).isEmpty());
        clocks.advance(platform, 1, now);
        var claimed = Fixtures.DB.inTransaction(() -> jobs.claimDue(platform, now)).orElseThrow();
        assertEquals(id, claimed.id());
        assertEquals(Map.of("n", 1L), claimed.payload());
    }

    @Test
    void a_pending_job_naming_a_value_is_due_from_its_time_on_until_it_is_done() {
        PlatformId platform = Fixtures.platform();
        Instant now = Fixtures.now();
        UUID id = UUID.randomUUID();
        jobs.schedule(new Jobs.Job(platform, id, "DEADLINE", Map.of("transactionId", "t-1"), now.plusSeconds(5), 0));

        assertFalse(jobs.isDue(platform, "DEADLINE", "transactionId", "t-1", now.plusSeconds(4)));
        assertTrue(jobs.isDue(platform, "DEADLINE", "transactionId", "t-1", now.plusSeconds(5)));
        assertFalse(jobs.isDue(platform, "DEADLINE", "transactionId", "t-2", now.plusSeconds(5)));
        assertFalse(jobs.isDue(platform, "OTHER", "transactionId", "t-1", now.plusSeconds(5)));
        assertFalse(jobs.isDue(Fixtures.platform(), "DEADLINE", "transactionId", "t-1", now.plusSeconds(5)));
        jobs.markDone(platform, id, now);
        assertFalse(jobs.isDue(platform, "DEADLINE", "transactionId", "t-1", now.plusSeconds(5)));
    }

    @Test
    void a_worker_claims_the_jobs_due_by_a_clock_ahead_and_not_those_due_later_by_real_time() {
        PlatformId ahead = Fixtures.platform();
        PlatformId onTime = Fixtures.platform();
        Instant now = Fixtures.now();
        UUID early = UUID.randomUUID();
        UUID later = UUID.randomUUID();
        jobs.schedule(new Jobs.Job(ahead, early, "TEST", Map.of(), now.plusSeconds(100), 0));
        jobs.schedule(new Jobs.Job(onTime, later, "TEST", Map.of(), now.plusSeconds(100), 0));
        clocks.advance(ahead, 300, now);

        List<UUID> claimed = runEveryDueJob(now);
        assertTrue(claimed.contains(early), "due by its platform's clock");
        assertFalse(claimed.contains(later), "not due yet by real time");
        assertTrue(runEveryDueJob(now.plusSeconds(100)).contains(later));
    }

    /** What a worker does at the real time {@code realNow}: claims and finishes due jobs of every platform. */
    private List<UUID> runEveryDueJob(Instant realNow) {
        List<UUID> ran = new ArrayList<>();
        while (Fixtures.DB.inTransaction(() -> jobs.claimDue(realNow).map(job -> {
            jobs.markDone(job.platform(), job.id(), realNow);
            return ran.add(job.id());
        }).orElse(false))) {
            // the next one
        }
        return ran;
    }

    @Test
    void concurrent_workers_run_each_job_exactly_once() throws Exception {
        PlatformId platform = Fixtures.platform();
        Instant now = Fixtures.now();
        for (int i = 0; i < 60; i++) {
            jobs.schedule(new Jobs.Job(platform, UUID.randomUUID(), "TEST", Map.of(), now, 0));
        }
        Map<UUID, AtomicInteger> runs = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int w = 0; w < 6; w++) {
                workers.add(pool.submit(() -> {
                    while (Fixtures.DB.inTransaction(() -> jobs.claimDue(platform, now).map(job -> {
                        runs.computeIfAbsent(job.id(), k -> new AtomicInteger()).incrementAndGet();
                        jobs.markDone(platform, job.id(), now);
                        return true;
                    }).orElse(false))) {
                        // claim the next one
                    }
                }));
            }
            for (Future<?> f : workers) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        assertEquals(60, runs.size());
        assertTrue(runs.values().stream().allMatch(n -> n.get() == 1));
    }

    @Test
    void a_failed_job_waits_for_its_retry_and_is_given_up_when_told() {
        PlatformId platform = Fixtures.platform();
        Instant now = Fixtures.now();
        UUID id = UUID.randomUUID();
        jobs.schedule(new Jobs.Job(platform, id, "TEST", Map.of(), now, 0));
        jobs.markFailed(platform, id, "boom", now.plusSeconds(10), false, now);
        assertTrue(Fixtures.DB.inTransaction(() -> jobs.claimDue(platform, now)).isEmpty());
        var retried = Fixtures.DB.inTransaction(() -> jobs.claimDue(platform, now.plusSeconds(10))).orElseThrow();
        assertEquals(1, retried.attempts());
        jobs.markFailed(platform, id, "boom", now.plusSeconds(20), true, now);
        assertTrue(Fixtures.DB.inTransaction(() -> jobs.claimDue(platform, now.plusSeconds(3600))).isEmpty());
    }

    @Test
    void a_failure_recorded_after_another_run_did_the_job_leaves_it_done() {
        PlatformId platform = Fixtures.platform();
        Instant now = Fixtures.now();
        UUID id = UUID.randomUUID();
        jobs.schedule(new Jobs.Job(platform, id, "TEST", Map.of(), now, 0));
        Fixtures.DB.inTransaction(() -> {
            jobs.claimDue(platform, now).orElseThrow();
            jobs.markDone(platform, id, now);
            return null;
        });
        jobs.markFailed(platform, id, "the other run's failure", now.plusSeconds(10), false, now);
        assertTrue(Fixtures.DB.inTransaction(() -> jobs.claimDue(platform, now.plusSeconds(3600))).isEmpty(),
                "not made due again");
        assertEquals("DONE", Fixtures.DB.ctx().select(JOBS.STATUS).from(JOBS).where(JOBS.ID.eq(id)).fetchOne()
                .value1());
    }

    @Test
    void awaiting_due_jobs_waits_for_the_one_another_process_is_running() throws Exception {
        PlatformId platform = Fixtures.platform();
        Instant now = Fixtures.now();
        UUID id = UUID.randomUUID();
        assertFalse(Fixtures.DB.inTransaction(() -> jobs.awaitDue(platform, now)));
        jobs.schedule(new Jobs.Job(platform, id, "TEST", Map.of(), now, 0));
        assertTrue(Fixtures.DB.inTransaction(() -> jobs.awaitDue(platform, now)));

        boolean due = awaitDueWhileAWorkerRuns(platform, now, id, () -> assertTrue(Fixtures.DB.inTransaction(
                () -> jobs.claimDue(platform, now)).isEmpty(), "claims skip it"), () -> { });

        assertFalse(due, "the job is done once the worker committed");
    }

    @Test
    void awaiting_a_job_another_process_runs_sees_the_job_it_scheduled_when_it_committed() throws Exception {
        PlatformId platform = Fixtures.platform();
        Instant now = Fixtures.now();
        UUID first = UUID.randomUUID();
        UUID next = UUID.randomUUID();
        jobs.schedule(new Jobs.Job(platform, first, "TEST", Map.of(), now, 0));

        // A step that schedules the next one, due already (a chain whose steps count from its start).
        boolean due = awaitDueWhileAWorkerRuns(platform, now, first, () -> { },
                () -> jobs.schedule(new Jobs.Job(platform, next, "TEST", Map.of(), now, 0)));

        assertTrue(due, "the next job, committed with the first one's end, is due");
        assertEquals(next, Fixtures.DB.inTransaction(() -> jobs.claimDue(platform, now)).orElseThrow().id());
    }

    /**
     * What {@code awaitDue} answers when it is asked while a worker holds the due job {@code id}: the worker claims
     * it, {@code whileClaimed} runs, the await starts and blocks, and the worker marks the job done, runs
     * {@code atTheEnd} in its transaction and commits.
     */
    private boolean awaitDueWhileAWorkerRuns(PlatformId platform, Instant now, UUID id, Runnable whileClaimed,
                                             Runnable atTheEnd) throws Exception {
        CountDownLatch claimed = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<?> worker = pool.submit(() -> Fixtures.DB.inTransaction(() -> {
                jobs.claimDue(platform, now).orElseThrow();
                claimed.countDown();
                Fixtures.await(finish);
                jobs.markDone(platform, id, now);
                atTheEnd.run();
                return null;
            }));
            claimed.await();
            whileClaimed.run();
            Future<Boolean> awaiting = pool.submit(() -> Fixtures.DB.inTransaction(() -> jobs.awaitDue(platform, now)));
            Fixtures.untilWaitingForALock("jobs", awaiting);
            finish.countDown();
            worker.get();
            return awaiting.get();
        } finally {
            finish.countDown();
            pool.shutdown();
        }
    }
}
