package payments.app;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import payments.adapter.http.server.Monitoring;
import payments.adapter.http.server.UndertowServer;
import payments.adapter.metrics.ServiceMetrics;
import payments.adapter.http.routes.HttpApi;

/** The assembled service: the core ({@link PaymentsCore}) behind the HTTP API. */
public final class PaymentsServer implements AutoCloseable {
    private final PaymentsCore core;
    private final UndertowServer http;
    private final List<String> routes;
    private final AtomicBoolean closed = new AtomicBoolean();

    private PaymentsServer(PaymentsCore core, UndertowServer http, List<String> routes) {
        this.core = core;
        this.http = http;
        this.routes = routes;
    }

    public static PaymentsServer start(Config config) {
        PaymentsCore core = PaymentsCore.withoutWorkers(config);
        try {
            var api = HttpApi.of(core.payments()).receivingWithin(config.http().receiveMillis());
            // Listening first: a port that cannot be bound fails the start before any worker runs.
            UndertowServer http = new UndertowServer(config.host(), config.port(), config.http().workers(), api,
                    monitoring(core.metrics()), config.http().metricsPort()).start();
            core.startWorkers();
            return new PaymentsServer(core, http, api.routes());
        } catch (RuntimeException e) {
            core.close();
            throw e;
        }
    }

    public int port() {
        return http.port();
    }

    /** The port that serves {@code /metrics}: its own when configured, else the API's. */
    public int metricsPort() {
        return http.metricsPort();
    }

    /** The listener's view of the metrics: what each request tells them, and their text for a scrape. */
    private static Monitoring monitoring(ServiceMetrics metrics) {
        return new Monitoring() {
            @Override
            public void request(String method, String route, int status, long nanos) {
                metrics.request(method, route, status, nanos);
            }

            @Override
            public String scrape() {
                return metrics.scrape();
            }

            @Override
            public String contentType() {
                return ServiceMetrics.contentType();
            }
        };
    }

    /** The sandbox credentials generated on this first start, if any (they are shown once). */
    public Optional<String> generatedSandboxCredentials() {
        return core.generatedSandboxCredentials();
    }

    /** Every route of the API ({@code METHOD /template}). */
    public List<String> routes() {
        return routes;
    }

    Wiring wiring() {
        return core.wiring();
    }

    /**
     * Closes this server when the JVM exits (SIGTERM, Ctrl-C), in {@link #close}'s order, before the embedded
     * database stops.
     */
    public void stopOnExit() {
        core.atExit(this::close);
    }

    /**
     * Answers the requests in flight and takes no more, lets the workers' rounds under way finish, then closes the
     * database (and stops the embedded one): the order SIGTERM's shutdown hook needs.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return; // closed already, by a caller or by the hook
        }
        http.close();
        core.close();
    }
}
