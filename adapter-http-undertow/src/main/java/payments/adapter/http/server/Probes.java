package payments.adapter.http.server;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;
import payments.adapter.http.RequestLabels;

/**
 * A supervisor's and a load balancer's questions, outside the versioned API and without credentials:
 * {@code GET /healthz} (the process is up: 200 while it runs, draining or not) and {@code GET /readyz} (send it
 * requests: 200 when the database answers and the server is not draining, 503 otherwise). Each answer is
 * {@code {"status": ...}} and nothing more, since anyone may ask.
 */
final class Probes implements HttpHandler {
    static final String LIVE = "/healthz";
    static final String READY = "/readyz";
    private final HttpHandler next;
    private final Draining draining;
    private final BooleanSupplier databaseAnswers;

    Probes(Draining next, BooleanSupplier databaseAnswers) {
        this.next = next;
        this.draining = next;
        this.databaseAnswers = databaseAnswers;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        String path = exchange.getRequestPath();
        boolean probe = path.equals(LIVE) || path.equals(READY);
        if (!probe || !(exchange.getRequestMethod().equals(Methods.GET) || exchange.getRequestMethod()
                .equals(Methods.HEAD))) {
            next.handleRequest(exchange);
            return;
        }
        RequestLabels.route(exchange, path);
        if (path.equals(LIVE)) {
            answer(exchange, 200, "up");
        } else if (draining.isDraining()) {
            answer(exchange, 503, "draining");
        } else if (exchange.isInIoThread()) {
            exchange.dispatch(this); // the database check blocks
        } else {
            boolean ready = databaseAnswers.getAsBoolean();
            answer(exchange, ready ? 200 : 503, ready ? "ready" : "unavailable");
        }
    }

    private static void answer(HttpServerExchange exchange, int status, String state) {
        exchange.setStatusCode(status);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
        exchange.getResponseHeaders().put(Headers.CACHE_CONTROL, "no-store");
        exchange.getResponseSender().send(ByteBuffer.wrap(("{\"status\":\"" + state + "\"}")
                .getBytes(StandardCharsets.US_ASCII)));
    }
}
