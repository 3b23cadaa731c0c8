package payments.adapter.http;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.AttachmentKey;
import io.undertow.util.HttpString;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * What a request's log lines name it by: its id (the client's {@code X-Request-Id} when it is sane, so a platform
 * can follow its own id through our logs; else {@code Request:<uuid>}), the template of its route (never the raw path,
 * which holds ids) and its platform.
 */
public final class RequestLabels {
    public static final HttpString REQUEST_ID = new HttpString("X-Request-Id");
    /** At most 128 of letters, digits and {@code . _ : -}: nothing that could forge a log line or a header. */
    private static final Pattern SANE_ID = Pattern.compile("[A-Za-z0-9._:-]{1,128}");
    private static final AttachmentKey<String> ID = AttachmentKey.create(String.class);
    private static final AttachmentKey<String> ROUTE = AttachmentKey.create(String.class);
    private static final AttachmentKey<String> PLATFORM = AttachmentKey.create(String.class);

    private RequestLabels() {
    }

    /** The request's id, chosen on first use and echoed in the response's {@code X-Request-Id}. */
    public static String id(HttpServerExchange exchange) {
        String id = exchange.getAttachment(ID);
        if (id == null) {
            String given = exchange.getRequestHeaders().getFirst(REQUEST_ID);
            id = given != null && SANE_ID.matcher(given).matches() ? given : "Request:" + UUID.randomUUID();
            exchange.putAttachment(ID, id);
            exchange.getResponseHeaders().put(REQUEST_ID, id);
        }
        return id;
    }

    /** The id if one was chosen; null otherwise. */
    public static String idIfAny(HttpServerExchange exchange) {
        return exchange.getAttachment(ID);
    }

    public static void route(HttpServerExchange exchange, String template) {
        exchange.putAttachment(ROUTE, template);
    }

    /** The route's template, or null when the request matched none. */
    public static String route(HttpServerExchange exchange) {
        return exchange.getAttachment(ROUTE);
    }

    public static void platform(HttpServerExchange exchange, String platformId) {
        exchange.putAttachment(PLATFORM, platformId);
    }

    /** The authenticated caller's platform, or null. */
    public static String platform(HttpServerExchange exchange) {
        return exchange.getAttachment(PLATFORM);
    }
}
