package payments.adapter.http;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import payments.adapter.http.body.PayloadTooLarge;
import payments.adapter.http.body.RequestTimeout;
import payments.core.error.Conflict;
import payments.core.error.DomainError;
import payments.core.error.Forbidden;
import payments.core.error.Gone;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.error.NotImplemented;
import payments.core.error.RateLimited;
import payments.core.error.Unauthenticated;
import payments.core.error.Unavailable;

/** The one table from domain error types to HTTP statuses, and the spec's error body. */
public final class Errors {
    private static final Map<Class<? extends DomainError>, Integer> STATUS = Map.ofEntries(
            Map.entry(InvalidInput.class, 400),
            Map.entry(Unauthenticated.class, 401),
            Map.entry(Forbidden.class, 403),
            Map.entry(NotFound.class, 404),
            Map.entry(Conflict.class, 409),
            Map.entry(Gone.class, 410),
            Map.entry(RequestTimeout.class, 408),
            Map.entry(PayloadTooLarge.class, 413),
            Map.entry(RateLimited.class, 429),
            Map.entry(NotImplemented.class, 501),
            Map.entry(Unavailable.class, 503));

    private Errors() {
    }

    /**
     * Sends an error at once, from the connection's I/O thread, and closes the connection after it: for a request
     * refused before any handler runs, whose unread rest must not be taken for the next request.
     */
    public static void sendClosing(HttpServerExchange exchange, Response error) {
        exchange.setStatusCode(error.status());
        exchange.setPersistent(false);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
        exchange.getResponseSender().send(ByteBuffer.wrap(JsonCodec.write(error.body())));
    }

    public static Response of(DomainError e) {
        return body(STATUS.getOrDefault(e.getClass(), 500), e.code(), e.getMessage(), e.details());
    }

    public static Response body(int status, String code, String message, Map<String, Object> details) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", status);
        body.put("code", code);
        body.put("message", message);
        if (details != null && !details.isEmpty()) {
            body.put("details", details);
            // Wallet-auth failures name the failed check as a top-level reason too, as the spec's sandbox does.
            if (details.get("reason") instanceof String reason) {
                body.put("reason", reason);
            }
        }
        return new Response(status, body);
    }
}
