package payments.adapter.http.server;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.util.concurrent.atomic.AtomicLong;
import payments.adapter.http.Errors;
import payments.adapter.http.RequestLabels;

/**
 * Counts the requests in flight so that a stopping server can wait for their answers ({@link #drain}); once it is
 * draining, a new request is answered 503 with the API's error body and {@code Retry-After} (another process, or
 * this one restarted, will take it). Undertow's own graceful handler answers an empty 503.
 */
final class Draining implements HttpHandler {
    private final HttpHandler next;
    private final AtomicLong inFlight = new AtomicLong();
    private final Object drained = new Object();
    private volatile boolean draining;

    Draining(HttpHandler next) {
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        // Counted before the check: a drain that starts meanwhile waits for this request, whichever way it goes.
        inFlight.incrementAndGet();
        exchange.addExchangeCompleteListener((done, nextListener) -> {
            try {
                nextListener.proceed();
            } finally {
                if (inFlight.decrementAndGet() == 0) {
                    synchronized (drained) {
                        drained.notifyAll();
                    }
                }
            }
        });
        if (draining) {
            refuse(exchange);
            return;
        }
        next.handleRequest(exchange);
    }

    boolean isDraining() {
        return draining;
    }

    /** Refuses new requests from now on and waits up to {@code millis} for those in flight to be answered. */
    void drain(long millis) throws InterruptedException {
        draining = true;
        long deadline = System.nanoTime() + millis * 1_000_000;
        synchronized (drained) {
            for (long left = millis; inFlight.get() > 0 && left > 0; left = (deadline - System.nanoTime()) / 1_000_000) {
                drained.wait(left);
            }
        }
    }

    private static void refuse(HttpServerExchange exchange) {
        String requestId = RequestLabels.id(exchange);
        exchange.getResponseHeaders().put(Headers.RETRY_AFTER, "1");
        Errors.sendClosing(exchange, Errors.body(503, "SERVICE_UNAVAILABLE",
                "The server is stopping; retry (request id " + requestId + ")", null));
    }
}
