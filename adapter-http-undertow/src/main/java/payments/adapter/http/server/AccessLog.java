package payments.adapter.http.server;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import payments.adapter.http.RequestLabels;

/**
 * Each request as it ends: told to {@link Monitoring}, and one line in the access log (logger {@value #LOGGER},
 * INFO): method, route template, status, duration, request id and platform. Never a path (it holds ids), a query, a
 * header or a body, so no secret, token, code or card number reaches the log.
 */
final class AccessLog implements HttpHandler {
    static final String LOGGER = "payments.access";
    private static final Logger LOG = LoggerFactory.getLogger(LOGGER);
    private final Monitoring monitoring;
    private final HttpHandler next;

    AccessLog(Monitoring monitoring, HttpHandler next) {
        this.monitoring = monitoring;
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (!exchange.isComplete()) {
            long started = System.nanoTime();
            exchange.addExchangeCompleteListener((done, nextListener) -> {
                try {
                    log(done, started);
                } finally {
                    nextListener.proceed();
                }
            });
        }
        next.handleRequest(exchange);
    }

    private void log(HttpServerExchange exchange, long started) {
        String route = Objects.requireNonNullElse(RequestLabels.route(exchange), "unmatched");
        long nanos = System.nanoTime() - started;
        monitoring.request(exchange.getRequestMethod().toString(), route, exchange.getStatusCode(), nanos);
        if (!LOG.isInfoEnabled()) {
            return;
        }
        long micros = TimeUnit.NANOSECONDS.toMicros(nanos);
        LOG.atInfo()
                .addKeyValue("method", exchange.getRequestMethod().toString())
                .addKeyValue("route", route)
                .addKeyValue("status", exchange.getStatusCode())
                .addKeyValue("durationMs", micros / 1000.0)
                .addKeyValue("requestId", orDash(RequestLabels.idIfAny(exchange)))
                .addKeyValue("platformId", orDash(RequestLabels.platform(exchange)))
                .log("request");
    }

    private static String orDash(String value) {
        return value == null ? "-" : value;
    }
}
