package payments.ports.sandbox;

import payments.core.error.InvalidFields;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.platform.SandboxClocks;
import payments.ports.quote.QuoteExpiry;
import payments.ports.time.JobRunner;
import payments.ports.time.PlatformClock;
import payments.ports.webhook.WebhookDelivery;

/** {@link SandboxClockUseCases}; production platforms cannot use it. */
public final class SandboxClockService implements SandboxClockUseCases {
    /**
     * How far a clock may run ahead in all: 100 years. Far enough for any delay a test needs, and far from where
     * PostgreSQL's timestamps end (year 294276: every write and the workers' polls would fail) and from the API's
     * year 9999.
     */
    static final long MAX_OFFSET_SECONDS = 36_525L * 24 * 3600;

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

    @Override
    public ClockState advance(Caller caller, ClockAdvance command) {
        caller.requireSandbox();
        caller.require(Permission.TRANSACT);
        long seconds = command.seconds();
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

    @Override
    public ClockState current(Caller caller) {
        caller.requireSandbox();
        caller.require(Permission.VIEW);
        return new ClockState(clock.now(caller), clocks.offsetSeconds(caller.platformId()), 0, 0);
    }
}
