package payments.adapter.http.webhook;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import payments.ports.driven.webhook.WebhookTransport;

/** The webhook transport against a real HTTP server on loopback. */
class HttpWebhookTransportTest {
    private static final Map<String, Object> ENVELOPE = Map.of("id", "Webhook:1", "type", "TEST");
    private static final int THREADS = 2;
    private final HttpWebhookTransport transport = new HttpWebhookTransport(THREADS);
    private final List<byte[]> bodies = new CopyOnWriteArrayList<>();
    private final List<String> signatures = new CopyOnWriteArrayList<>();
    private final HttpServer server;

    HttpWebhookTransportTest() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/ok", e -> answer(e, 200, "fine"));
        server.createContext("/moved", e -> {
            e.getResponseHeaders().add("Location", url("/ok"));
            answer(e, 302, "");
        });
        server.createContext("/slow", e -> {
            sleep(1500);
            answer(e, 200, "late");
        });
        server.createContext("/huge", e -> {
            e.getRequestBody().readAllBytes();
            e.sendResponseHeaders(200, 0);
            try (OutputStream out = e.getResponseBody()) {
                byte[] chunk = new byte[8192];
                for (int i = 0; i < 1000; i++) {
                    out.write(chunk);
                }
            } catch (IOException closedByTheClient) {
                // expected: the transport stops reading
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
        transport.close();
    }

    private String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    private void answer(HttpExchange e, int status, String body) throws IOException {
        bodies.add(e.getRequestBody().readAllBytes());
        signatures.add(e.getRequestHeaders().getFirst("X-Service-Signature"));
        byte[] bytes = body.getBytes();
        e.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            e.getResponseBody().write(bytes);
        }
        e.close();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private WebhookTransport.Result post(String url, Duration timeout) {
        return transport.post(url, ENVELOPE, body -> Map.of("X-Service-Signature", "signed " + body.length),
                timeout);
    }

    @Test
    void the_signed_bytes_are_the_bytes_sent() throws IOException {
        byte[][] signed = new byte[1][];
        var result = transport.post(url("/ok"), ENVELOPE, body -> {
            signed[0] = body;
            return Map.of("X-Service-Signature", "s");
        }, Duration.ofSeconds(2));

        assertEquals(200, result.status());
        assertEquals("fine", result.body());
        assertArrayEquals(signed[0], bodies.get(0));
        assertEquals("s", signatures.get(0));
        assertEquals(ENVELOPE, new com.fasterxml.jackson.databind.ObjectMapper().readValue(bodies.get(0), Map.class));
    }

    @Test
    void many_calls_at_once_share_the_transports_few_threads() throws Exception {
        var callers = Executors.newFixedThreadPool(16);
        try {
            var calls = new ArrayList<Future<WebhookTransport.Result>>();
            for (int i = 0; i < 16; i++) {
                calls.add(callers.submit(() -> transport.post(url("/ok"), ENVELOPE, b -> Map.of(),
                        Duration.ofSeconds(10))));
            }
            for (var call : calls) {
                assertEquals(200, call.get().status());
            }
        } finally {
            callers.shutdownNow();
        }
        long clientThreads = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("webhook-http-")).count();
        assertTrue(clientThreads >= 1 && clientThreads <= THREADS, clientThreads + " client threads");
    }

    @Test
    void a_redirect_is_not_followed() {
        var result = post(url("/moved"), Duration.ofSeconds(2));

        assertEquals(302, result.status());
        assertEquals(1, bodies.size(), "only the configured URL was called, not the redirect target");
    }

    @Test
    void an_endpoint_slower_than_the_timeout_times_out() {
        var result = post(url("/slow"), Duration.ofMillis(300));

        assertTrue(result.timedOut());
        assertNull(result.status());
        assertTrue(result.latencyMillis() < 1400, "gave up at the timeout: " + result.latencyMillis());
    }

    @Test
    void only_so_much_of_an_answer_is_read() {
        var result = post(url("/huge"), Duration.ofSeconds(5));

        assertEquals(200, result.status());
        assertEquals(WebhookTransport.MAX_RESPONSE_BYTES, result.body().length());
    }

    @Test
    void only_http_and_https_urls_with_a_host_are_called() {
        for (String bad : List.of("ftp://127.0.0.1/x", "file:///etc/passwd", "gopher://h/", "http:///nohost",
                "not a url", "/relative")) {
            var result = post(bad, Duration.ofSeconds(1));
            assertNull(result.status(), bad);
            assertTrue(result.error() != null && !result.error().isBlank(), bad);
        }
    }

    @Test
    void an_unreachable_endpoint_is_a_failed_call_not_an_exception() {
        server.stop(0);
        var result = post(url("/ok"), Duration.ofSeconds(2));

        assertNull(result.status());
        assertTrue(result.error().contains("Connect"), result.error());
    }
}
