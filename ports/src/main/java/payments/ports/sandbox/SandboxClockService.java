package payments.ports.sandbox;

import payments.ports.time.JobRunner;
import payments.ports.time.PlatformClock;
import payments.ports.webhook.WebhookDelivery;
import payments.ports.quote.QuoteExpiry;
import java.time.Instant;
import payments.core.common.InvalidFields;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.validation.ObjectSchema;
import payments.core.validation.Types;
import payments.ports.driven.platform.SandboxClocks;
import payments.ports.driven.TransactionRunner;

/**
 * The sandbox's time machine: moves a sandbox platform's clock forward and runs at once whatever became due (jobs
 * and quote expiries, then webhook deliveries and retries), so a "30 seconds later" outcome is visible immediately. Production platforms
 * cannot use it.
 */
public final class SandboxClockService {
    static final long MAX_ADVANCE_SECONDS = 366L * 24 * 3600;
    /**
     * How far a clock may run ahead in all: 100 years. Far enough for any delay a test needs, and far from where
     * PostgreSQL's timestamps end (year 294276: every write and the workers' polls would fail) and from the API's
     * year 9999.
     */
    static final long MAX_OFFSET_SECONDS = 36_525L * 24 * 3600;
    private static final ObjectSchema ADVANCE = ObjectSchema.of()
            .required("seconds", Types.integer(1, MAX_ADVANCE_SECONDS));

    private final SandboxClocks clocks;
    private final PlatformClock clock;
    private final JobRunner jobs;
    private final QuoteExpiry quoteExpiry;
    private final WebhookDelivery webhooks;
    private final TransactionRunner tx;

    public SandboxClockService(SandboxClocks clocks, PlatformClock clock, JobRunner jobs, QuoteExpiry quoteExpiry,
                               WebhookDelivery webhooks, TransactionRunner tx) {
        this.clocks = clocks;
        this.clock = clock;
        this.jobs = jobs;
        this.quoteExpiry = quoteExpiry;
        this.webhooks = webhooks;
        this.tx = tx;
    }

    /** {@code jobsRun} counts the delayed effects the advance ran: jobs, and quotes it expired. */
    public record ClockState(Instant now, long offsetSeconds, int jobsRun, int webhookAttempts) {
    }

    /** Needs TRANSACT: the jobs an advance makes due move money (payouts settle, transfers fail, quotes expire). */
    public ClockState advance(Caller caller, Object body) {
        caller.requireSandbox();
        caller.require(Permission.TRANSACT);
        long seconds = ADVANCE.validate(body).number("seconds").orElseThrow();
        long offset = tx.inTransaction(() -> {
            long ahead = clocks.offsetSeconds(caller.platformId());
            if (seconds > MAX_OFFSET_SECONDS - ahead) {
                throw InvalidFields.of("seconds", "would take the clock more than 100 years ahead (it is "
                        + ahead + " s ahead)");
            }
            return clocks.advance(caller.platformId(), seconds, clock.realNow());
        });
        int ran = jobs.runDue(caller.platformId()) + quoteExpiry.expireDue(caller.platformId());
        int attempts = webhooks.deliverDue(caller.platformId());
        return new ClockState(clock.now(caller), offset, ran, attempts);
    }

    public ClockState current(Caller caller) {
        caller.requireSandbox();
        caller.require(Permission.VIEW);
        return new ClockState(clock.now(caller), clocks.offsetSeconds(caller.platformId()), 0, 0);
    }
}
