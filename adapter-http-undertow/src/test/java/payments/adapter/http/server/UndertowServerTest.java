package payments.adapter.http.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import payments.adapter.http.ApiHandler;
import payments.adapter.http.Handler;
import payments.adapter.http.Operation;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.core.id.PlatformId;
import payments.core.id.TokenId;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.platform.Permission;

/** Closing the listener answers the requests in flight and refuses new ones with the error body. */
class UndertowServerTest {
    private static final Caller CALLER = new Caller(new PlatformId(UUID.randomUUID()), Environment.SANDBOX,
            new TokenId(UUID.randomUUID()), EnumSet.allOf(Permission.class));
    private final HttpClient client = HttpClient.newHttpClient();

    @Test
    void a_request_in_flight_is_answered_and_one_arriving_while_it_drains_is_503_with_the_error_body()
            throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Router router = new Router().get("/slow", Permission.VIEW, Operation.of("test"), r -> {
            entered.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Response.ok(Map.of("done", true));
        }).get("/fast", Permission.VIEW, Operation.of("test"), r -> Response.ok(Map.of("done", true)));
        UndertowServer server = new UndertowServer("127.0.0.1", 0, 4,
                new ApiHandler(router, (user, password) -> CALLER, (user, password) -> Optional.of(CALLER))).start();
        int port = server.port();

        CompletableFuture<HttpResponse<String>> inFlight = client.sendAsync(get(port, "/slow"),
                HttpResponse.BodyHandlers.ofString());
        assertTrue(entered.await(10, TimeUnit.SECONDS));
        CompletableFuture<Void> closing = CompletableFuture.runAsync(server::close);
        Thread.sleep(300); // draining now; the listener is still open
        HttpResponse<String> refused = HttpClient.newHttpClient().send(get(port, "/fast"),
                HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> ready = HttpClient.newHttpClient().send(probe(port, "/readyz"),
                HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> live = HttpClient.newHttpClient().send(probe(port, "/healthz"),
                HttpResponse.BodyHandlers.ofString());
        assertFalse(closing.isDone(), "close waits for the request in flight");
        release.countDown();

        assertEquals(200, inFlight.get(10, TimeUnit.SECONDS).statusCode());
        closing.get(10, TimeUnit.SECONDS);
        assertEquals(503, refused.statusCode());
        assertTrue(refused.body().contains("\"code\":\"SERVICE_UNAVAILABLE\""), refused.body());
        assertEquals("1", refused.headers().firstValue("Retry-After").orElse(null));
        assertTrue(refused.headers().firstValue("X-Request-Id").orElse("").startsWith("Request:"));
        assertEquals(503, ready.statusCode(), "a load balancer sends no more");
        assertEquals("{\"status\":\"draining\"}", ready.body());
        assertEquals(200, live.statusCode(), "the process is up: no supervisor restarts it mid-drain");
        assertEquals("{\"status\":\"up\"}", live.body());
    }

    @Test
    void the_probes_need_no_credentials_and_say_nothing_but_their_status() throws Exception {
        var handler = new ApiHandler(new Router(), (user, password) -> CALLER).readyWhen(() -> true);
        try (UndertowServer server = new UndertowServer("127.0.0.1", 0, 4, handler).start()) {
            var ready = client.send(probe(server.port(), "/readyz"), HttpResponse.BodyHandlers.ofString());
            var api = client.send(probe(server.port(), ApiHandler.BASE_PATH + "/readyz"),
                    HttpResponse.BodyHandlers.ofString());

            assertEquals(200, ready.statusCode());
            assertEquals("{\"status\":\"ready\"}", ready.body());
            assertEquals("no-store", ready.headers().firstValue("Cache-Control").orElse(null));
            assertEquals(404, api.statusCode(), "outside the versioned API only");
        }
        var notReady = new ApiHandler(new Router(), (user, password) -> CALLER).readyWhen(() -> false);
        try (UndertowServer server = new UndertowServer("127.0.0.1", 0, 4, notReady).start()) {
            var ready = client.send(probe(server.port(), "/readyz"), HttpResponse.BodyHandlers.ofString());
            assertEquals(503, ready.statusCode());
            assertEquals("{\"status\":\"unavailable\"}", ready.body());
        }
    }

    private static HttpRequest probe(int port, String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build();
    }

    @Test
    void a_body_trickling_in_is_answered_408_within_the_receive_time_and_trickling_headers_are_cut_off()
            throws Exception {
        Handler done = r -> Response.ok(Map.of("done", true));
        Router router = new Router().post("/blocking", Permission.TRANSACT, Operation.of("test"), done)
                .postNonBlocking("/non-blocking", Permission.TRANSACT, Operation.of("test"), done);
        var handler = new ApiHandler(router, (user, password) -> CALLER, (user, password) -> Optional.of(CALLER))
                .receivingWithin(500);
        try (UndertowServer server = new UndertowServer("127.0.0.1", 0, 4, handler).start()) {
            for (String route : new String[] {"/blocking", "/non-blocking"}) {
                try (var socket = new java.net.Socket("127.0.0.1", server.port())) {
                    socket.setSoTimeout(10_000);
                    var out = socket.getOutputStream();
                    long started = System.nanoTime();
                    out.write(("POST " + ApiHandler.BASE_PATH + route + " HTTP/1.1\r\nHost: x\r\n"
                            + "Authorization: Basic dXNlcjpzZWNyZXQ=\r\nContent-Type: application/json\r\n"
                            + "Content-Length: 100\r\n\r\n{").getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    for (int i = 0; i < 3; i++) { // a byte now and then, each well within any per-read timeout
                        Thread.sleep(200);
                        out.write(' ');
                        out.flush();
                    }
                    String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                    long tookMillis = (System.nanoTime() - started) / 1_000_000;

                    assertTrue(answer.startsWith("HTTP/1.1 408"), route + ": " + answer);
                    assertTrue(answer.contains("\"code\":\"REQUEST_TIMEOUT\""), answer);
                    assertTrue(tookMillis < 5_000, route + " answered after " + tookMillis + " ms");
                }
            }
            try (var socket = new java.net.Socket("127.0.0.1", server.port())) {
                socket.setSoTimeout(10_000);
                socket.getOutputStream().write(("GET " + ApiHandler.BASE_PATH + "/blocking HTTP/1.1\r\nHost: x\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                long started = System.nanoTime();
                int read = socket.getInputStream().read();
                long tookMillis = (System.nanoTime() - started) / 1_000_000;

                assertEquals(-1, read, "headers that never end: the connection is closed");
                assertTrue(tookMillis < 5_000, "closed after " + tookMillis + " ms");
            }
        }
    }

    private static HttpRequest get(int port, String route) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + ApiHandler.BASE_PATH + route))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        "user:secret".getBytes(StandardCharsets.UTF_8))).build();
    }
}
