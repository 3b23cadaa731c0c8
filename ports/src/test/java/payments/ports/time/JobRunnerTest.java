package payments.ports.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.id.PlatformId;
import payments.ports.World;
import payments.ports.driven.Jobs;

class JobRunnerTest {
    private final World world = new World();
    private final PlatformId platform = new PlatformId(UUID.randomUUID());
    private final List<String> ran = new ArrayList<>();
    private final JobRunner runner = new JobRunner(world.jobs, Map.of(
            "BROKEN", (job, now) -> {
                throw new StackOverflowError("a handler's bug");
            },
            "PROBE", (job, now) -> ran.add("probe")), world.platformClock, world.tx);

    private void schedule(String kind) {
        world.jobs.schedule(new Jobs.Job(platform, UUID.randomUUID(), kind, Map.of(), world.clock.now(), 0));
    }

    @Test
    void a_job_that_throws_an_error_counts_a_failed_attempt_and_the_jobs_after_it_run() {
        schedule("BROKEN");
        schedule("PROBE");

        assertTrue(runner.runNext(), "the broken job was tried and recorded, not thrown out of the round");
        Jobs.Job broken = world.jobs.scheduled().stream().filter(j -> j.kind().equals("BROKEN")).findFirst()
                .orElseThrow();
        assertEquals(1, broken.attempts());
        assertTrue(broken.dueAt().isAfter(world.clock.now()), "retried later, not every round");

        assertTrue(runner.runNext());
        assertEquals(List.of("probe"), ran);
    }

    @Test
    void a_job_given_up_after_its_last_attempt_is_logged_severe_for_an_operator() {
        List<java.util.logging.LogRecord> logged = new ArrayList<>();
        java.util.logging.Handler capture = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        java.util.logging.Logger log = java.util.logging.Logger.getLogger(JobRunner.class.getName());
        log.addHandler(capture);
        try {
            schedule("BROKEN");
            for (int attempt = 1; attempt <= JobRunner.MAX_ATTEMPTS; attempt++) {
                world.clock.advance(java.time.Duration.ofHours(2));
                assertTrue(runner.runNext());
            }
        } finally {
            log.removeHandler(capture);
        }
        assertEquals(List.of(), world.jobs.scheduled(), "given up");
        assertEquals(java.util.logging.Level.WARNING, logged.get(0).getLevel());
        assertEquals(java.util.logging.Level.SEVERE, logged.get(logged.size() - 1).getLevel());
        assertTrue(logged.get(logged.size() - 1).getMessage().contains("given up"));
    }
}
