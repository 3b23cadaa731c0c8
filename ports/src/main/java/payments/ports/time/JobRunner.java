package payments.ports.time;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import payments.core.id.PlatformId;
import payments.ports.driven.Jobs;
import payments.ports.driven.TransactionRunner;

/**
 * Runs due jobs, one per database transaction: the claim, the handler's effect and the DONE mark commit together,
 * so a job's effect happens exactly once even with several processes or a crash in between. A failing job is
 * retried with a growing delay and given up after {@link #MAX_ATTEMPTS}.
 */
public final class JobRunner {
    static final int MAX_ATTEMPTS = 10;
    private static final int MAX_RUN_DUE = 10_000;
    private static final Logger LOG = Logger.getLogger(JobRunner.class.getName());

    /** The work of one kind of job. {@code now} is the job's platform's time. */
    public interface Handler {
        void run(Jobs.Job job, Instant now);
    }

    private final Jobs jobs;
    private final Map<String, Handler> handlers;
    private final PlatformClock clock;
    private final TransactionRunner tx;

    public JobRunner(Jobs jobs, Map<String, Handler> handlers, PlatformClock clock, TransactionRunner tx) {
        this.jobs = jobs;
        this.handlers = Map.copyOf(handlers);
        this.clock = clock;
        this.tx = tx;
    }

    /** Runs the next due job of any platform; false when none was due. */
    public boolean runNext() {
        return runOne(() -> jobs.claimDue(clock.realNow()));
    }

    /**
     * Runs every job of the platform that is due now (bounded) and returns how many it ran; when it returns, none is
     * due, including those a worker had claimed meanwhile (it waits for them), so a sandbox clock advance shows every
     * effect it made due.
     */
    public int runDue(PlatformId platform) {
        int ran = 0;
        do {
            while (ran < MAX_RUN_DUE && runOne(() -> jobs.claimDue(platform, clock.realNow()))) {
                ran++;
            }
        } while (ran < MAX_RUN_DUE && tx.inTransaction(() -> jobs.awaitDue(platform, clock.realNow())));
        return ran;
    }

    private boolean runOne(Supplier<Optional<Jobs.Job>> claim) {
        Jobs.Job[] claimed = new Jobs.Job[1];
        try {
            return tx.inTransaction(() -> {
                Optional<Jobs.Job> job = claim.get();
                if (job.isEmpty()) {
                    return false;
                }
                claimed[0] = job.get();
                Instant now = clock.now(job.get().platform());
                Handler handler = handlers.get(job.get().kind());
                if (handler == null) {
                    throw new IllegalStateException("no handler for job kind " + job.get().kind());
                }
                handler.run(job.get(), now);
                jobs.markDone(job.get().platform(), job.get().id(), clock.realNow());
                return true;
            });
        } catch (RuntimeException | Error e) { // an Error too: the job would otherwise run again every round, uncounted
            if (claimed[0] == null) {
                throw e;
            }
            recordFailure(claimed[0], e);
            return true;
        }
    }

    private void recordFailure(Jobs.Job job, Throwable e) {
        int attempt = job.attempts() + 1;
        if (attempt >= MAX_ATTEMPTS) { // an operator must look: the job's effect (an outcome, a refund) never happens
            LOG.log(Level.SEVERE, "job " + job.id() + " (" + job.kind() + ", " + job.payload() + ") failed "
                    + attempt + " times and is given up", e);
        } else {
            LOG.log(Level.WARNING, "job " + job.id() + " (" + job.kind() + ") failed", e);
        }
        Instant now = clock.now(job.platform());
        Instant retryAt = now.plus(Duration.ofSeconds(Math.min(3600, 5L << Math.min(attempt, 10))));
        tx.inTransaction(() -> jobs.markFailed(job.platform(), job.id(), String.valueOf(e.getMessage()), retryAt,
                attempt >= MAX_ATTEMPTS, clock.realNow()));
    }
}
