package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.embedded.EmbeddedDatabase;

/** PostgreSQL goes away and comes back: requests fail fast with 503 meanwhile, and the server recovers by itself. */
class DatabaseOutageTest {
    @Test
    void requests_get_503_while_the_database_is_down_and_succeed_once_it_is_back() throws Exception {
        Path dir = Files.createTempDirectory("payments-outage");
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        EmbeddedDatabase database = EmbeddedDatabase.start(dir.resolve("pg"), false, port);
        Config config = Config.fromEnvironment(Map.of()).withPort(0)
                .withDatabase(database.jdbcUrl(), database.user(), database.password())
                .withSandboxToken(TestServer.SANDBOX_CREDENTIALS);
        try (PaymentsServer server = PaymentsServer.start(config)) {
            ApiClient api = new ApiClient(server.port(), TestServer.SANDBOX_CREDENTIALS);
            assertEquals(200, api.get("/customers").status());
            assertEquals("200 {\"status\":\"ready\"}", probe(server, "/readyz"));

            database.close();
            long started = System.nanoTime();
            var down = api.get("/customers");
            long millis = (System.nanoTime() - started) / 1_000_000;
            assertEquals(503, down.status(), down.raw().body());
            assertEquals("SERVICE_UNAVAILABLE", down.code());
            assertTrue(millis < 5_000, "failed after " + millis + " ms");
            assertEquals("503 {\"status\":\"unavailable\"}", probe(server, "/readyz"), "no traffic meanwhile");
            assertEquals("200 {\"status\":\"up\"}", probe(server, "/healthz"), "but no restart either");
            // A group-commit route: its batch fails as a whole, the request runs alone on another thread and fails
            // too, and that answer reaches the client.
            started = System.nanoTime();
            var batched = api.post("/transfer-out", Map.of(
                    "source", Map.of("accountId", "InternalAccount:" + java.util.UUID.randomUUID()),
                    "destination", Map.of("accountId", "ExternalAccount:" + java.util.UUID.randomUUID()),
                    "amount", 100));
            millis = (System.nanoTime() - started) / 1_000_000;
            assertEquals(503, batched.status(), batched.raw().body());
            assertEquals("SERVICE_UNAVAILABLE", batched.code());
            assertTrue(millis < 10_000, "failed after " + millis + " ms");

            database = EmbeddedDatabase.start(dir.resolve("pg"), false, port);
            int status = 0;
            for (int i = 0; i < 50 && status != 200; i++) {
                status = api.get("/customers").status();
                if (status != 200) {
                    Thread.sleep(200);
                }
            }
            assertEquals(200, status);
            assertEquals("200 {\"status\":\"ready\"}", probe(server, "/readyz"));
        } finally {
            database.close();
            EmbeddedDatabase.deleteDirectory(dir);
        }
    }

    /** A probe as a load balancer sends it: no credentials. Its status and body. */
    static String probe(PaymentsServer server, String path) throws Exception {
        var reply = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                java.net.URI.create("http://127.0.0.1:" + server.port() + path)).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        return reply.statusCode() + " " + reply.body();
    }
}
