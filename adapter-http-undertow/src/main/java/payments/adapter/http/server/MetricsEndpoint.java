package payments.adapter.http.server;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET /metrics}: the metrics for a scraper such as Prometheus, without credentials (serve it on a port of its
 * own, {@code PAYMENTS_METRICS_PORT}, where only the monitoring network reaches). They name routes, never platforms,
 * customers or amounts. Anything else goes on to {@code next}.
 */
final class MetricsEndpoint implements HttpHandler {
    static final String PATH = "/metrics";
    private final Monitoring monitoring;
    private final HttpHandler next;

    MetricsEndpoint(Monitoring monitoring, HttpHandler next) {
        this.monitoring = monitoring;
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (!exchange.getRequestPath().equals(PATH) || !exchange.getRequestMethod().equals(Methods.GET)
                || monitoring == Monitoring.NONE) {
            next.handleRequest(exchange);
            return;
        }
        if (exchange.isInIoThread()) {
            exchange.dispatch(this); // gauges may read the database
            return;
        }
        byte[] text = monitoring.scrape().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, monitoring.contentType());
        exchange.getResponseHeaders().put(Headers.CACHE_CONTROL, "no-store");
        exchange.getResponseSender().send(ByteBuffer.wrap(text));
    }
}
