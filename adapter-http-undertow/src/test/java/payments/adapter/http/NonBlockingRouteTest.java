package payments.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import payments.adapter.http.server.UndertowServer;
import payments.core.error.Unauthenticated;
import payments.core.error.Unavailable;
import payments.core.id.PlatformId;
import payments.core.id.TokenId;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.platform.Permission;

/**
 * A {@link Router#postNonBlocking} route runs on the connection's I/O thread when its caller authenticates without
 * blocking, and on a worker thread otherwise, with the same body and answer either way.
 */
class NonBlockingRouteTest {
    private static final Caller CALLER = new Caller(new PlatformId(UUID.randomUUID()), Environment.SANDBOX,
            new TokenId(UUID.randomUUID()), EnumSet.allOf(Permission.class));
    private final AtomicBoolean remembered = new AtomicBoolean(true);
    /** Whether the last request's handler ran on an I/O thread. */
    private final AtomicReference<Boolean> onIoThread = new AtomicReference<>();
    private UndertowServer server;
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeEach
    void start() {
        Handler echoLater = r -> {
            onIoThread.set(r.exchange().isInIoThread());
            // Answered from another thread, as a group commit's batch answers.
            return Response.later(CompletableFuture.supplyAsync(() -> Response.created(Map.of("echo", r.body()))));
        };
        Handler broken = r -> {
            throw new AssertionError("a bug, not a refusal");
        };
        Handler deadlocked = r -> {
            throw new IllegalStateException(new java.sql.SQLException("deadlock detected", "40P01"));
        };
        Handler full = r -> Response.later(CompletableFuture.failedFuture(
                new Unavailable("Too many requests are waiting for a batch; retry shortly", 1)));
        Operation op = Operation.of("test");
        Router router = new Router().postNonBlocking("/queued", Permission.TRANSACT, op, echoLater)
                .postNonBlocking("/full", Permission.TRANSACT, op, full)
                .post("/blocking", Permission.TRANSACT, op, echoLater)
                .postNonBlocking("/broken", Permission.TRANSACT, op, broken)
                .post("/deadlocked", Permission.TRANSACT, op, deadlocked);
        BiFunction<String, String, Caller> authenticate = (user, password) -> {
            if (!password.equals("secret")) {
                throw new Unauthenticated("UNAUTHORIZED", "Invalid API credentials");
            }
            return CALLER;
        };
        ApiHandler api = new ApiHandler(router, authenticate, (user, password) ->
                remembered.get() ? Optional.of(authenticate.apply(user, password)) : Optional.empty());
        server = new UndertowServer("127.0.0.1", 0, 4, api).start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void a_remembered_caller_is_answered_on_the_io_thread() throws Exception {
        HttpResponse<String> response = post("/queued", "secret", HttpRequest.BodyPublishers.ofString(body()));

        assertEquals(201, response.statusCode(), response.body());
        assertEquals("{\"echo\":{\"amount\":12,\"note\":\"é\"}}", response.body());
        assertTrue(onIoThread.get());
        assertTrue(response.headers().firstValue("X-Request-Id").orElse("").startsWith("Request:"));
    }

    @Test
    void a_caller_whose_token_must_be_looked_up_is_answered_from_a_worker_thread() throws Exception {
        remembered.set(false);

        HttpResponse<String> response = post("/queued", "secret", HttpRequest.BodyPublishers.ofString(body()));

        assertEquals(201, response.statusCode(), response.body());
        assertEquals("{\"echo\":{\"amount\":12,\"note\":\"é\"}}", response.body());
        assertEquals(false, onIoThread.get());
    }

    @Test
    void a_token_looked_up_on_a_worker_thread_with_a_wrong_secret_is_refused_with_the_error_body() throws Exception {
        remembered.set(false);

        HttpResponse<String> response = post("/queued", "wrong", HttpRequest.BodyPublishers.ofString(body()));

        assertEquals(401, response.statusCode(), response.body());
        assertTrue(response.body().contains("\"code\":\"UNAUTHORIZED\""), response.body());
        assertEquals(null, onIoThread.get(), "the route did not run");
    }

    @Test
    void a_body_of_no_declared_length_and_a_blocking_route_run_on_a_worker_thread() throws Exception {
        HttpResponse<String> chunked = post("/queued", "secret", HttpRequest.BodyPublishers.ofInputStream(
                () -> new ByteArrayInputStream(body().getBytes(StandardCharsets.UTF_8))));
        assertEquals(201, chunked.statusCode(), chunked.body());
        assertEquals(false, onIoThread.get());

        HttpResponse<String> blocking = post("/blocking", "secret", HttpRequest.BodyPublishers.ofString(body()));
        assertEquals(201, blocking.statusCode(), blocking.body());
        assertEquals(false, onIoThread.get());
    }

    @Test
    void refusals_on_the_io_thread_get_the_error_body() throws Exception {
        HttpResponse<String> wrongSecret = post("/queued", "wrong", HttpRequest.BodyPublishers.ofString(body()));
        HttpResponse<String> malformed = post("/queued", "secret", HttpRequest.BodyPublishers.ofString("{\"a\":"));

        assertEquals(401, wrongSecret.statusCode());
        assertTrue(wrongSecret.body().contains("\"code\":\"UNAUTHORIZED\""), wrongSecret.body());
        assertEquals(400, malformed.statusCode());
        assertTrue(malformed.body().contains("\"status\":400"), malformed.body());
        for (String route : List.of("/queued", "/blocking")) {
            HttpResponse<String> none = client.send(HttpRequest.newBuilder(uri(route))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body()))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, none.statusCode(), route);
        }
    }

    @Test
    void an_error_escaping_a_route_moved_to_a_worker_still_ends_the_exchange() throws Exception {
        remembered.set(false);

        HttpResponse<String> response = client.sendAsync(HttpRequest.newBuilder(uri("/broken"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        "user:secret".getBytes(StandardCharsets.UTF_8)))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body()))
                .build(), HttpResponse.BodyHandlers.ofString()).get(10, TimeUnit.SECONDS);

        assertEquals(500, response.statusCode(), "answered rather than left open");
    }

    @Test
    void a_request_refused_by_a_full_batch_queue_is_503_with_retry_after() throws Exception {
        assertRetryLater(post("/full", "secret", HttpRequest.BodyPublishers.ofString(body())));
    }

    @Test
    void a_request_rolled_back_for_a_concurrent_one_is_503_to_retry_not_500() throws Exception {
        assertRetryLater(post("/deadlocked", "secret", HttpRequest.BodyPublishers.ofString(body())));
    }

    /** 503 with the error body and {@code Retry-After: 1}: nothing was done, send it again. */
    private static void assertRetryLater(HttpResponse<String> response) {
        assertEquals(503, response.statusCode(), response.body());
        assertTrue(response.body().contains("\"code\":\"SERVICE_UNAVAILABLE\""), response.body());
        assertEquals("1", response.headers().firstValue("Retry-After").orElse(null));
    }

    private static String body() {
        return "{\"amount\":12,\"note\":\"é\"}";
    }

    private HttpResponse<String> post(String route, String password, HttpRequest.BodyPublisher body)
            throws Exception {
        String basic = Base64.getEncoder().encodeToString(("user:" + password).getBytes(StandardCharsets.UTF_8));
        return client.send(HttpRequest.newBuilder(uri(route)).header("Authorization", "Basic " + basic)
                .header("Content-Type", "application/json").POST(body).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private URI uri(String route) {
        return URI.create("http://127.0.0.1:" + server.port() + ApiHandler.BASE_PATH + route);
    }
}
