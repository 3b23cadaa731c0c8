package payments.adapter.http;

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
        Router router = new Router().get("/slow", Permission.VIEW, r -> {
            entered.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Response.ok(Map.of("done", true));
        }).get("/fast", Permission.VIEW, r -> Response.ok(Map.of("done", true)));
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
        assertFalse(closing.isDone(), "close waits for the request in flight");
        release.countDown();

        assertEquals(200, inFlight.get(10, TimeUnit.SECONDS).statusCode());
        closing.get(10, TimeUnit.SECONDS);
        assertEquals(503, refused.statusCode());
        assertTrue(refused.body().contains("\"code\":\"SERVICE_UNAVAILABLE\""), refused.body());
        assertEquals("1", refused.headers().firstValue("Retry-After").orElse(null));
        assertTrue(refused.headers().firstValue("X-Request-Id").orElse("").startsWith("Request:"));
    }

    private static HttpRequest get(int port, String route) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + ApiHandler.BASE_PATH + route))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        "user:secret".getBytes(StandardCharsets.UTF_8))).build();
    }
}
