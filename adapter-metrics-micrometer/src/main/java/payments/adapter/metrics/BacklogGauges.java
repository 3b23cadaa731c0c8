package payments.adapter.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import payments.core.id.PlatformId;
import payments.ports.driven.Backlogs;
import payments.ports.driven.Backlogs.Backlog;
import payments.ports.driven.Clock;

/**
 * The workers' backlogs as gauges: webhook events pending and the age of the oldest, in all and per platform (a
 * {@code platform} label for each platform with events pending, its events' platform id), jobs due and the age of the
 * oldest, the bank rail's credit transfers awaiting the bank and its quarantined reports. A scrape reads each gauge; the database is asked at most once per {@link #FRESH_FOR}, and a database that
 * does not answer leaves the last values (readiness reports the outage). The per-platform series are those of the
 * last read.
 */
public final class BacklogGauges {
    static final Duration FRESH_FOR = Duration.ofSeconds(5);
    private final Backlogs backlogs;
    private final Clock clock;
    private final MultiGauge pendingByPlatform;
    private final MultiGauge oldestByPlatform;
    private Instant readAt = Instant.MIN;
    private Backlog webhooks = new Backlog(0, Duration.ZERO);
    private Backlog jobs = new Backlog(0, Duration.ZERO);
    private Backlog bankTransfers = new Backlog(0, Duration.ZERO);
    private long quarantined;

    private BacklogGauges(MeterRegistry registry, Backlogs backlogs, Clock clock) {
        this.backlogs = backlogs;
        this.clock = clock;
        this.pendingByPlatform = MultiGauge.builder("payments.webhook.platform.backlog")
                .description("Webhook events not yet delivered, of one platform").register(registry);
        this.oldestByPlatform = MultiGauge.builder("payments.webhook.platform.backlog.oldest.seconds")
                .description("Age of one platform's oldest undelivered event").register(registry);
    }

    public static void register(MeterRegistry registry, Backlogs backlogs, Clock clock) {
        BacklogGauges gauges = new BacklogGauges(registry, backlogs, clock);
        gauge(registry, gauges, "payments.webhook.backlog", "Webhook events not yet delivered",
                g -> g.read().webhooks.count());
        gauge(registry, gauges, "payments.webhook.backlog.oldest.seconds", "Age of the oldest undelivered event",
                g -> seconds(g.read().webhooks));
        gauge(registry, gauges, "payments.jobs.due", "Durable jobs due and not yet run",
                g -> g.read().jobs.count());
        gauge(registry, gauges, "payments.jobs.due.oldest.seconds", "How long the oldest due job has waited",
                g -> seconds(g.read().jobs));
        gauge(registry, gauges, "payments.bank.transfers.awaiting",
                "Credit transfers on the bank rail the bank has not yet settled or rejected",
                g -> g.read().bankTransfers.count());
        gauge(registry, gauges, "payments.bank.transfers.awaiting.oldest.seconds",
                "Age of the oldest credit transfer the bank has not yet settled or rejected",
                g -> seconds(g.read().bankTransfers));
        gauge(registry, gauges, "payments.bank.reports.quarantined",
                "The bank's reports quarantined (each needs an operator's look)", g -> g.read().quarantined);
    }

    private static void gauge(MeterRegistry registry, BacklogGauges gauges, String name, String description,
                              ToDoubleFunction<BacklogGauges> value) {
        // Held strongly: a gauge keeps its source weakly, and nothing else holds this one (it would read NaN).
        Gauge.builder(name, gauges, value).strongReference(true).description(description).register(registry);
    }

    private static double seconds(Backlog backlog) {
        return backlog.oldest().toMillis() / 1000.0;
    }

    /** The backlogs, read again when the last read is older than {@link #FRESH_FOR}. */
    private synchronized BacklogGauges read() {
        Instant now = clock.now();
        if (readAt.plus(FRESH_FOR).isBefore(now)) {
            readAt = now;
            try {
                Map<PlatformId, Backlog> byPlatform = backlogs.webhookEvents(now);
                webhooks = new Backlog(byPlatform.values().stream().mapToLong(Backlog::count).sum(),
                        byPlatform.values().stream().map(Backlog::oldest).max(Duration::compareTo)
                                .orElse(Duration.ZERO));
                // Series of platforms that caught up go, new ones come: the registry's meter list is a copy per
                // scrape, so this scrape shows the last read's and the next one these.
                pendingByPlatform.register(byPlatform.entrySet().stream().map(e -> MultiGauge.Row.of(
                        tags(e.getKey()), e.getValue().count())).toList(), true);
                oldestByPlatform.register(byPlatform.entrySet().stream().map(e -> MultiGauge.Row.of(
                        tags(e.getKey()), seconds(e.getValue()))).toList(), true);
                jobs = backlogs.dueJobs(now);
                bankTransfers = backlogs.bankTransfersAwaiting(now);
                quarantined = backlogs.bankReportsQuarantined();
            } catch (RuntimeException unreachable) {
                // the last values stand
            }
        }
        return this;
    }

    private static Tags tags(PlatformId platform) {
        return Tags.of("platform", platform.value().toString());
    }
}
