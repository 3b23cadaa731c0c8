package payments.adapter.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import payments.ports.batch.BatchMeter;

/**
 * The service's metrics, in Prometheus' text format ({@link #scrape}): the JVM's, each HTTP request by method, route
 * template and status class (never by path or id, so the series stay few), the group commits' queues and batch sizes,
 * the workers' backlogs ({@link BacklogGauges}) and the ledger checks that failed. The connection pool's are
 * registered by HikariCP itself on {@link #registry}.
 */
public final class ServiceMetrics implements BatchMeter, AutoCloseable {
    private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");
    /** Buckets a latency SLO is read against, rather than a full histogram per route. */
    private static final Duration[] LATENCY_BUCKETS = {Duration.ofMillis(5), Duration.ofMillis(10),
        Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250),
        Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(10)};
    private static final double[] BATCH_BUCKETS = {1, 2, 4, 8, 16, 32, 64, 128, 256};

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final JvmGcMetrics gc = new JvmGcMetrics();
    private final Map<String, Timer> requests = new ConcurrentHashMap<>();
    private final Map<String, DistributionSummary> batches = new ConcurrentHashMap<>();
    private final Counter ledgerCheckFailures;

    public ServiceMetrics() {
        new ClassLoaderMetrics().bindTo(registry);
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        ledgerCheckFailures = Counter.builder("payments.ledger.check.failures")
                .description("Ledger checks (reconciliation) that found a violation").register(registry);
    }

    public MeterRegistry registry() {
        return registry;
    }

    /** Every metric, in Prometheus' text exposition format. */
    public String scrape() {
        return registry.scrape();
    }

    /** Prometheus' content type for {@link #scrape}. */
    public static String contentType() {
        return "text/plain; version=0.0.4; charset=utf-8";
    }

    /** One HTTP request that ended: {@code route} is its template (or a fixed word), never its path. */
    public void request(String method, String route, int status, long nanos) {
        String m = METHODS.contains(method) ? method : "OTHER";
        String statusClass = status / 100 + "xx";
        requests.computeIfAbsent(m + ' ' + route + ' ' + statusClass, key -> Timer.builder("http.server.requests")
                .description("HTTP requests, by method, route template and status class")
                .tags("method", m, "route", route, "status", statusClass)
                .serviceLevelObjectives(LATENCY_BUCKETS)
                .register(registry)).record(nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void queue(String name, IntSupplier waiting) {
        // Held strongly: a gauge keeps its source weakly, and nothing else holds this supplier (it would read NaN).
        Gauge.builder("payments.batch.queue", waiting, IntSupplier::getAsInt).strongReference(true)
                .description("Requests waiting for a group-committed batch").tag("batch", name).register(registry);
    }

    @Override
    public void batchRan(String name, int requests) {
        batches.computeIfAbsent(name, key -> DistributionSummary.builder("payments.batch.size")
                .description("Requests per group-committed batch").tag("batch", key)
                .serviceLevelObjectives(BATCH_BUCKETS).register(registry)).record(requests);
    }

    /** A ledger check that found {@code violations} (none: nothing to count). */
    public void ledgerChecked(int violations) {
        if (violations > 0) {
            ledgerCheckFailures.increment();
        }
    }

    @Override
    public void close() {
        gc.close();
        registry.close();
    }
}
