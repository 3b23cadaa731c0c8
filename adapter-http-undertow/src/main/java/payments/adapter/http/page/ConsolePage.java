package payments.adapter.http.page;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Map;
import payments.adapter.http.RequestLabels;

/**
 * {@code /console/}: the sandbox console, static files packaged in the jar (HTML, CSS, one script) that call the
 * public API with the API token the user pastes in, kept in the tab's {@code sessionStorage}. The page itself needs
 * no credentials and holds no data. Its Content-Security-Policy allows scripts and styles from this server only
 * (no inline script), requests to this server only, and no framing.
 */
public final class ConsolePage implements HttpHandler {
    public static final String PREFIX = "/console/";
    private static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
    private static final Map<String, String> TYPES = Map.of("index.html", "text/html; charset=utf-8",
            "console.js", "text/javascript; charset=utf-8", "console.css", "text/css; charset=utf-8");
    private final Map<String, byte[]> files;

    public ConsolePage() {
        files = Map.of("index.html", read("index.html"), "console.js", read("console.js"),
                "console.css", read("console.css"));
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        RequestLabels.route(exchange, PREFIX + "{file}");
        String name = exchange.getRequestPath().substring(PREFIX.length());
        if (name.isEmpty()) {
            name = "index.html";
        }
        var headers = exchange.getResponseHeaders();
        if (!exchange.getRequestMethod().equals(Methods.GET) && !exchange.getRequestMethod().equals(Methods.HEAD)) {
            headers.put(Headers.ALLOW, "GET, HEAD");
            exchange.setStatusCode(405);
            exchange.endExchange();
            return;
        }
        byte[] file = files.get(name);
        if (file == null) {
            exchange.setStatusCode(404);
            headers.put(Headers.CONTENT_TYPE, "text/plain; charset=utf-8");
            exchange.getResponseSender().send("Not found");
            return;
        }
        headers.put(Headers.CONTENT_TYPE, TYPES.get(name));
        headers.put(Headers.CONTENT_SECURITY_POLICY, POLICY);
        headers.put(Headers.X_FRAME_OPTIONS, "DENY");
        headers.put(Headers.REFERRER_POLICY, "no-referrer");
        headers.put(io.undertow.util.HttpString.tryFromString("X-Content-Type-Options"), "nosniff");
        headers.put(Headers.CACHE_CONTROL, "no-cache");
        exchange.getResponseSender().send(ByteBuffer.wrap(file));
    }

    private static byte[] read(String name) {
        try (InputStream in = ConsolePage.class.getResourceAsStream("/payments/console/" + name)) {
            if (in == null) {
                throw new IllegalStateException("the console's " + name + " is not packaged");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
