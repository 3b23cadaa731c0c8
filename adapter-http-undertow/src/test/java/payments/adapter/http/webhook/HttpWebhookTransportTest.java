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
import payments.core.platform.Environment;
import payments.core.webhook.EndpointPolicy;
import payments.core.webhook.Network;
import payments.ports.driven.webhook.WebhookTransport;

/** The webhook transport against a real HTTP server on loopback. */
class HttpWebhookTransportTest {
    private static final Map<String, Object> ENVELOPE = Map.of("id", "Webhook:1", "type", "TEST");
    private final HttpWebhookTransport transport = new HttpWebhookTransport(4, EndpointPolicy.DEFAULT);
    private final List<byte[]> bodies = new CopyOnWriteArrayList<>();
    private final List<String> signatures = new CopyOnWriteArrayList<>();
    /** The client's address and port of each call: one per connection. */
    private final List<InetSocketAddress> callers = new CopyOnWriteArrayList<>();
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
        callers.add(e.getRemoteAddress());
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
        return transport.post(Environment.SANDBOX, url, ENVELOPE,
                body -> Map.of("X-Service-Signature", "signed " + body.length), timeout);
    }

    @Test
    void the_signed_bytes_are_the_bytes_sent() throws IOException {
        byte[][] signed = new byte[1][];
        var result = transport.post(Environment.SANDBOX, url("/ok"), ENVELOPE, body -> {
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
    void many_calls_at_once_are_all_answered() throws Exception {
        var callers = Executors.newFixedThreadPool(16);
        try {
            var calls = new ArrayList<Future<WebhookTransport.Result>>();
            for (int i = 0; i < 16; i++) {
                calls.add(callers.submit(() -> post(url("/ok"), Duration.ofSeconds(10))));
            }
            for (var call : calls) {
                assertEquals(200, call.get().status());
            }
        } finally {
            callers.shutdownNow();
        }
        assertEquals(16, bodies.size());
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
        assertEquals("could not connect", result.error(), "no exception, no port, nothing more");
    }

    @Test
    void a_production_platform_reaches_no_loopback_address_checked_as_it_connects() {
        for (String url : List.of(url("/ok"), "http://localhost:" + server.getAddress().getPort() + "/ok",
                "http://[::1]:" + server.getAddress().getPort() + "/ok")) {
            var strict = new HttpWebhookTransport(4, new EndpointPolicy(List.of(), false));
            try {
                var production = transport.post(Environment.PRODUCTION, url, ENVELOPE, b -> Map.of(),
                        Duration.ofSeconds(2));
                var sandboxOnASharedServer = strict.post(Environment.SANDBOX, url, ENVELOPE, b -> Map.of(),
                        Duration.ofSeconds(2));

                assertNull(production.status(), url);
                assertEquals("the endpoint must be an https URL for a production platform", production.error());
                assertNull(sandboxOnASharedServer.status(), url);
                assertEquals("could not connect", sandboxOnASharedServer.error(), url);
            } finally {
                strict.close();
            }
        }
        assertEquals(0, bodies.size(), "no call reached the endpoint");
        assertEquals(200, post(url("/ok"), Duration.ofSeconds(2)).status(), "a sandbox platform may, by default");
    }

    @Test
    void an_allowed_network_is_reached_and_link_local_never_is() {
        var allowing = new HttpWebhookTransport(4, new EndpointPolicy(List.of(Network.parse("127.0.0.0/8")), false));
        try {
            assertEquals(200, allowing.post(Environment.SANDBOX, url("/ok"), ENVELOPE, b -> Map.of(),
                    Duration.ofSeconds(2)).status());
        } finally {
            allowing.close();
        }
        for (String metadata : List.of("http://169.254.169.254/latest/meta-data/", "http://[fe80::1]/",
                "http://0.0.0.0:" + server.getAddress().getPort() + "/ok")) {
            var result = post(metadata, Duration.ofSeconds(2));
            assertNull(result.status(), metadata);
            assertEquals("could not connect", result.error(), metadata);
            assertTrue(result.latencyMillis() < 1000, "refused before any connection: " + result.latencyMillis());
        }
    }

    @Test
    void calls_one_after_another_reuse_one_kept_alive_connection() {
        for (int i = 0; i < 20; i++) {
            assertEquals(200, transport.post(Environment.SANDBOX, url("/ok"), ENVELOPE, body -> Map.of(),
                    Duration.ofSeconds(5)).status());
        }

        assertEquals(20, callers.size());
        assertEquals(1, callers.stream().distinct().count(), "one connection: " + callers.stream().distinct()
                .toList());
    }
}
