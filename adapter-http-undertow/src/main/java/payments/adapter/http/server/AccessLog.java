package payments.adapter.http.server;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import payments.adapter.http.RequestLabels;

/**
 * One line per request, when its exchange ends (logger {@value #LOGGER}, INFO): method, route template, status,
 * duration, request id and platform. Never a path (it holds ids), a query, a header or a body, so no secret, token,
 * code or card number reaches the log.
 */
final class AccessLog implements HttpHandler {
    static final String LOGGER = "payments.access";
    private static final Logger LOG = LoggerFactory.getLogger(LOGGER);
    private final HttpHandler next;

    AccessLog(HttpHandler next) {
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (LOG.isInfoEnabled() && !exchange.isComplete()) {
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

    private static void log(HttpServerExchange exchange, long started) {
        String route = RequestLabels.route(exchange);
        long micros = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - started);
        LOG.atInfo()
                .addKeyValue("method", exchange.getRequestMethod().toString())
                .addKeyValue("route", route == null ? "unmatched" : route)
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
