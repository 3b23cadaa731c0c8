package payments.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.HdrHistogram.Histogram;
import payments.core.webhook.EventTypes;

/**
 * {@code webhooks}: transfer-outs at half transfer_out's peak (open loop) while the bench platform's webhook endpoint
 * is a {@link WebhookTally} in this JVM, to see whether the outbox keeps pace with the payments that fill it: events
 * delivered a second against payments a second, each event's wait from its creation to its first arrival, and how
 * soon no event is pending once the payments stop. The endpoint is unset again afterwards, so that later scenarios'
 * events are stored NOT_SENT and cost them no deliveries.
 */
final class WebhookScenario {
    private static final long POLL_MILLIS = 100;

    /**
     * @param phases           every phase's load, a transfer_out peak found here included: the gate counts them all
     * @param measured         the measured open loop
     * @param payments         transfer-outs acknowledged while the endpoint was set
     * @param deliveryRate     distinct first arrivals in the measured window a second
     * @param drainSeconds     from the last payment until no event was pending; NaN if not within the wait
     */
    record Result(List<Load.Result> phases, Load.Result measured, long payments, double deliveryRate,
                  Events events, long drainWaitSeconds, double drainSeconds, long duplicates) {
        double ratio() {
            return deliveryRate / measured.rate();
        }

        /** Transfer-outs acknowledged in every phase: each one a TRANSFER_OUT journal. */
        long transfers() {
            return phases.stream().mapToLong(Load.Result::ok).sum();
        }

        long failed() {
            return phases.stream().mapToLong(Load.Result::failed).sum();
        }

        /** Every event made during the scenario delivered, and each to this endpoint. */
        boolean allDelivered() {
            return events.undelivered() == 0 && events.unreceived() == 0;
        }

        String detail() {
            String missing = events.ok() == events.inWindow() ? "" : String.format(" (%d of the %d events created "
                    + "in the window never arrived: counted with their wait so far)", events.inWindow() - events.ok(),
                    events.inWindow());
            String drain = Double.isNaN(drainSeconds)
                    ? String.format("backlog not zero %d s after payments stopped, %d pending", drainWaitSeconds,
                    events.pending())
                    : String.format("backlog zero %.1f s after payments stopped", drainSeconds);
            return String.format("  %-22s transfer_out at %.1f/s (open loop): delivered %.1f/s, ratio %.2f (target "
                            + ">= 1.0); created -> delivered p50 %.1f ms, p99 %.1f ms (target 2000), max %.1f ms%s; "
                            + "%s (target 10 s); %d repeats, %.2f events per payment; CPU per payment with its "
                            + "webhooks: java %.3f ms, postgres %.3f ms", "webhooks", measured.rate(),
                    deliveryRate, ratio(), p(50), p(99), (double) events.lag().getMaxValue(), missing, drain,
                    duplicates, (double) events.made() / payments, measured.cpuPerOk()[0], measured.cpuPerOk()[1]);
        }

        String summary() {
            return String.format("webhooks ok=%d rate=%.1f p99_ms=%.1f ratio=%.2f", events.ok(), deliveryRate, p(99),
                    ratio());
        }

        String gate() {
            return String.format("gate: webhooks: %d events of the scenario not delivered after the drain wait, %d "
                            + "delivered but never received, %d requests failed", events.undelivered(),
                    events.unreceived(), failed());
        }

        private double p(double percentile) {
            return events.lag().getValueAtPercentile(percentile);
        }
    }

    private WebhookScenario() {
    }

    /**
     * @param transferOut      one transfer-out, as transfer_out's
     * @param drainWaitSeconds how long to wait for no event pending once payments stop
     */
    static Result run(Bench.Scenarios run, Api api, BooleanSupplier transferOut, DbLogin db, long drainWaitSeconds)
            throws Exception {
        List<Load.Result> phases = new ArrayList<>();
        double rate = rate(run, transferOut, phases);
        try (WebhookTally receiver = WebhookTally.start()) {
            long since = System.currentTimeMillis(); // the endpoint's TEST event is the scenario's too
            UUID platform = UUID.fromString(api.call("PATCH", "/config", Map.of("webhookEndpoint", receiver.url()))
                    .body().get("id").asText().replaceFirst(".*:", ""));
            try {
                System.out.printf("running webhooks: transfer_out at %.1f/s (open loop) with the webhook endpoint "
                        + "set (after %d s of warm-up and its backlog delivered) ...%n", rate, run.warmUpSeconds());
                // The delivery path's code is compiled before the clock runs, as each scenario's is by its warm-up;
                // its backlog is delivered before the settle, so the measure starts from none.
                Load.Result warmUp = Load.openLoop(transferOut, rate, run.warmUpSeconds());
                phases.add(warmUp);
                try (Connection c = db.connect()) {
                    drain(c, platform, drainWaitSeconds);
                }
                Load.Result settle = Load.openLoop(transferOut, rate, run.settleSeconds());
                phases.add(settle);
                long from = System.currentTimeMillis();
                Load.Result measured = Load.openLoop(transferOut, rate, run.seconds());
                long to = System.currentTimeMillis();
                phases.add(measured);
                try (Connection c = db.connect()) {
                    double drained = drain(c, platform, drainWaitSeconds);
                    return new Result(phases, measured, warmUp.ok() + settle.ok() + measured.ok(),
                            receiver.firstArrivalsBetween(from, to) / ((to - from) / 1e3),
                            events(c, platform, receiver, since, from, to), drainWaitSeconds, drained,
                            receiver.duplicates());
                }
            } finally {
                api.call("PATCH", "/config", Collections.singletonMap("webhookEndpoint", null));
            }
        }
    }

    /** BENCH_RATE, or half transfer_out's peak: this run's, or found here while no endpoint is set. */
    private static double rate(Bench.Scenarios run, BooleanSupplier transferOut, List<Load.Result> phases) {
        if (run.fixedRate() > 0) {
            return run.fixedRate();
        }
        Load.Result peak = run.lines().stream().filter(l -> l.scenario().equals("transfer_out"))
                .map(Bench.Line::peak).findFirst().orElse(null);
        if (peak == null) {
            System.out.println("running transfer_out for webhooks' rate with " + run.workers()
                    + " closed-loop workers (after " + run.warmUpSeconds() + " s of warm-up) ...");
            phases.add(Load.closedLoop(transferOut, run.workers(), run.warmUpSeconds()));
            peak = Load.closedLoop(transferOut, run.workers(), run.seconds());
            phases.add(peak);
        }
        return run.openLoopRate(peak);
    }

    /** Seconds until none of the platform's events is pending; NaN if some still is after {@code maxSeconds}. */
    private static double drain(Connection c, UUID platform, long maxSeconds) throws Exception {
        long started = System.nanoTime();
        try (PreparedStatement pending = c.prepareStatement(
                "select count(*) from webhook_events where platform_id = ? and status = 'PENDING'")) {
            pending.setObject(1, platform);
            while (true) {
                try (ResultSet rs = pending.executeQuery()) {
                    rs.next();
                    double waited = (System.nanoTime() - started) / 1e9;
                    if (rs.getLong(1) == 0) {
                        return waited;
                    }
                    if (waited >= maxSeconds) {
                        return Double.NaN;
                    }
                }
                Thread.sleep(POLL_MILLIS);
            }
        }
    }

    /**
     * The platform's events created since the scenario began, against the receiver's arrivals.
     *
     * @param inWindow    those created in the measured window
     * @param ok          those of them that reached the endpoint
     * @param lag         ms from creation to first arrival of those created in the measured window; one that never
     *                    arrived counts with its wait until they were read, so that a backlog shows in it
     * @param pending     those still PENDING
     * @param undelivered those not DELIVERED
     * @param unreceived  those DELIVERED that never reached the endpoint
     * @param made        those but the endpoint's TEST event: the payments'
     */
    record Events(long inWindow, long ok, Histogram lag, long pending, long undelivered, long unreceived, long made) {
    }

    /**
     * created_at is the platform's time: real time plus its sandbox clock's offset, which is taken off so that it
     * compares with the arrivals.
     */
    static Events events(Connection c, UUID platform, WebhookTally receiver, long since, long from, long to)
            throws Exception {
        long offsetMillis;
        try (PreparedStatement s = c.prepareStatement("select coalesce(max(offset_seconds), 0) * 1000 "
                + "from sandbox_clocks where platform_id = ?")) {
            s.setObject(1, platform);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                offsetMillis = rs.getLong(1);
            }
        }
        long readAt = System.currentTimeMillis();
        Histogram lag = new Histogram(3);
        long inWindow = 0;
        long ok = 0;
        long pending = 0;
        long undelivered = 0;
        long unreceived = 0;
        long made = 0;
        try (PreparedStatement s = c.prepareStatement("select id, type, status, created_at from webhook_events "
                + "where platform_id = ? and created_at >= ?")) {
            s.setObject(1, platform);
            s.setObject(2, OffsetDateTime.ofInstant(Instant.ofEpochMilli(since + offsetMillis), ZoneOffset.UTC));
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    long arrived = receiver.firstArrival("Webhook:" + rs.getString("id"));
                    long created = rs.getObject("created_at", OffsetDateTime.class).toInstant().toEpochMilli()
                            - offsetMillis;
                    boolean delivered = rs.getString("status").equals("DELIVERED");
                    pending += rs.getString("status").equals("PENDING") ? 1 : 0;
                    undelivered += delivered ? 0 : 1;
                    unreceived += delivered && arrived < 0 ? 1 : 0;
                    made += rs.getString("type").equals(EventTypes.TEST) ? 0 : 1;
                    if (created >= from && created < to) {
                        inWindow++;
                        ok += arrived >= 0 ? 1 : 0;
                        lag.recordValue(Math.max(0, (arrived >= 0 ? arrived : readAt) - created));
                    }
                }
            }
        }
        return new Events(inWindow, ok, lag, pending, undelivered, unreceived, made);
    }
}
