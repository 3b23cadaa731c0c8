package payments.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;

/** The load generator's HTTP side: one keep-alive HTTP/1.1 client, JSON in and out, async for open-loop load. */
final class Api {
    static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).executor(Executors.newFixedThreadPool(4, Api::daemon)).build();
    private final String base;
    private final String authorization;

    Api(int port, String credentials) {
        this.base = "http://127.0.0.1:" + port + "/2025-10-13";
        this.authorization = "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
    }

    record Reply(int status, JsonNode body) {
        boolean ok() {
            return status / 100 == 2;
        }
    }

    CompletableFuture<Reply> send(String method, String path, Object body, boolean idempotent) {
        return send(method, path, body, idempotent ? UUID.randomUUID().toString() : null);
    }

    /** Sends with the given Idempotency-Key (none when null). */
    CompletableFuture<Reply> send(String method, String path, Object body, String idempotencyKey) {
        try {
            var request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(10))
                    .header("Authorization", authorization).header("Content-Type", "application/json")
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)));
            if (idempotencyKey != null) {
                request.header("Idempotency-Key", idempotencyKey);
            }
            return http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray())
                    .thenApply(r -> new Reply(r.statusCode(), parse(r.body())));
        } catch (Exception e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** The client's threads must not keep the JVM alive after the run. */
    private static Thread daemon(Runnable r) {
        Thread t = new Thread(r, "bench-http");
        t.setDaemon(true);
        return t;
    }

    Reply call(String method, String path, Object body) {
        Reply reply = send(method, path, body, false).join();
        if (!reply.ok()) {
            throw new IllegalStateException(method + " " + path + " -> " + reply.status() + " " + reply.body());
        }
        return reply;
    }

    private static JsonNode parse(byte[] bytes) {
        try {
            return bytes.length == 0 ? JSON.nullNode() : JSON.readTree(bytes);
        } catch (Exception e) {
            return JSON.nullNode();
        }
    }
}
