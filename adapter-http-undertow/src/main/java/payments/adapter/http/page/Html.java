package payments.adapter.http.page;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The pages' HTML: text written as text (every character that could start markup escaped), one page's frame, and
 * its headers (never cached, no script, no referrer).
 */
final class Html {
    private Html() {
    }

    /** A whole page: {@code body} is HTML already, {@code style} the page's own rules. */
    static String page(String title, String style, String body) {
        return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
                + "content=\"width=device-width\"><title>" + text(title) + "</title><style>body{font-family:"
                + "system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}" + style
                + "</style></head><body><h1>" + text(title) + "</h1>" + body + "</body></html>";
    }

    /** Sends a page with {@code policy} added to a Content-Security-Policy that allows no script. */
    static void send(HttpServerExchange exchange, int status, String html, String policy) {
        exchange.setStatusCode(status);
        var headers = exchange.getResponseHeaders();
        headers.put(Headers.CONTENT_TYPE, "text/html; charset=utf-8");
        headers.put(Headers.CACHE_CONTROL, "no-store");
        headers.put(Headers.CONTENT_SECURITY_POLICY, "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; "
                + policy);
        headers.put(Headers.REFERRER_POLICY, "no-referrer");
        exchange.getResponseSender().send(ByteBuffer.wrap(html.getBytes(StandardCharsets.UTF_8)));
    }

    static String text(String value) {
        if (value == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(value.length());
        for (char c : value.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
