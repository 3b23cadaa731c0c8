package payments.adapter.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.function.ToDoubleFunction;
import payments.ports.driven.Backlogs;
import payments.ports.driven.Backlogs.Backlog;
import payments.ports.driven.Clock;

/**
 * The workers' backlogs as gauges: webhook events pending and the age of the oldest, jobs due and the age of the
 * oldest. A scrape reads each gauge; the database is asked at most once per {@link #FRESH_FOR}, and a database that
 * does not answer leaves the last values (readiness reports the outage).
 */
public final class BacklogGauges {
    static final Duration FRESH_FOR = Duration.ofSeconds(5);
    private final Backlogs backlogs;
    private final Clock clock;
    private Instant readAt = Instant.MIN;
    private Backlog webhooks = new Backlog(0, Duration.ZERO);
    private Backlog jobs = new Backlog(0, Duration.ZERO);

    private BacklogGauges(Backlogs backlogs, Clock clock) {
        this.backlogs = backlogs;
        this.clock = clock;
    }

    public static void register(MeterRegistry registry, Backlogs backlogs, Clock clock) {
        BacklogGauges gauges = new BacklogGauges(backlogs, clock);
        gauge(registry, gauges, "payments.webhook.backlog", "Webhook events not yet delivered",
                g -> g.fresh(true).count());
        gauge(registry, gauges, "payments.webhook.backlog.oldest.seconds", "Age of the oldest undelivered event",
                g -> seconds(g.fresh(true)));
        gauge(registry, gauges, "payments.jobs.due", "Durable jobs due and not yet run",
                g -> g.fresh(false).count());
        gauge(registry, gauges, "payments.jobs.due.oldest.seconds", "How long the oldest due job has waited",
                g -> seconds(g.fresh(false)));
    }

    private static void gauge(MeterRegistry registry, BacklogGauges gauges, String name, String description,
                              ToDoubleFunction<BacklogGauges> value) {
        // Held strongly: a gauge keeps its source weakly, and nothing else holds this one (it would read NaN).
        Gauge.builder(name, gauges, value).strongReference(true).description(description).register(registry);
    }

    private static double seconds(Backlog backlog) {
        return backlog.oldest().toMillis() / 1000.0;
    }

    private synchronized Backlog fresh(boolean ofWebhooks) {
        Instant now = clock.now();
        if (readAt.plus(FRESH_FOR).isBefore(now)) {
            readAt = now;
            try {
                webhooks = backlogs.webhookEvents(now);
                jobs = backlogs.dueJobs(now);
            } catch (RuntimeException unreachable) {
                // the last values stand
            }
        }
        return ofWebhooks ? webhooks : jobs;
    }
}
