package payments.app;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Background work of a server process: runs due jobs (every process does; the job table hands each job to one of
 * them) and expires due quotes (claimed the same way), delivers due webhook events ({@link WebhookWorkers}: claims
 * hand each attempt to one call of one process), reads the bank's reports from its inbox ({@code BankInbox}: each
 * applied once, whichever process reads it), and forgets expired idempotency keys.
 */
final class Workers implements AutoCloseable {
    static final long FINISH_SECONDS = 5;
    static final long INTERRUPTED_SECONDS = 2;
    private static final Logger LOG = Logger.getLogger(Workers.class.getName());
    private static final int JOBS_PER_ROUND = 500;
    private final ScheduledExecutorService executor = Executors.newScheduledThreadPool(2,
            r -> WebhookWorkers.daemon(r, "payments-worker"));

    private final WebhookWorkers webhooks;

    Workers(Wiring wiring, long pollMillis, int webhookCalls) {
        executor.scheduleWithFixedDelay(() -> guarded("jobs", () -> {
            for (int i = 0; i < JOBS_PER_ROUND && !stopping() && wiring.jobs.runNext(); i++) {
                // keep going while jobs are due
            }
            if (!stopping()) {
                wiring.quoteExpiry.expireDue();
            }
        }), pollMillis, pollMillis, TimeUnit.MILLISECONDS);
        webhooks = new WebhookWorkers(wiring.webhookDelivery, webhookCalls, pollMillis);
        executor.scheduleWithFixedDelay(() -> guarded("bank inbox", wiring.bankInbox::readAll), pollMillis,
                pollMillis, TimeUnit.MILLISECONDS);
        executor.scheduleWithFixedDelay(() -> guarded("idempotency purge", wiring.idempotency::purgeExpired),
                1, 60, TimeUnit.MINUTES);
    }

    /** Interrupted by {@link #close} once the rounds under way had their grace: the round ends where it is. */
    private static boolean stopping() {
        return Thread.currentThread().isInterrupted();
    }

    /**
     * Runs one round, and keeps the task alive whatever it throws: an error escaping a periodic task would cancel
     * every later round without a word (an executor's rule), and the process would stop running jobs for good.
     */
    static void guarded(String what, Runnable work) {
        try {
            work.run();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, what + " round failed; retrying next round", e);
        } catch (Error e) {
            LOG.log(Level.SEVERE, what + " round failed with an error; retrying next round", e);
        }
    }

    /**
     * Lets the rounds under way finish for up to {@value #FINISH_SECONDS} s and starts no new one; a round still
     * running then is interrupted and given {@value #INTERRUPTED_SECONDS} s more (its jobs and deliveries are leased,
     * so another process, or this one restarted, takes them up). Part of a stop's 20 s (docs/OPERATIONS.md).
     */
    @Override
    public void close() {
        executor.shutdown();
        webhooks.stopClaiming();
        try {
            if (!executor.awaitTermination(FINISH_SECONDS, TimeUnit.SECONDS)) {
                executor.shutdownNow();
                executor.awaitTermination(INTERRUPTED_SECONDS, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            executor.shutdownNow();
            Thread.currentThread().interrupt();
        }
        webhooks.close();
    }
}
