package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.TestDatabase;

/** The server's own logs, as an operator reads them: the real server process, its configuration, its stdout. */
class LogsTest {
    private static final Pattern LISTENING = Pattern.compile("listening on http://localhost:(\\d+)/");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The server started as {@code Main serve} with logback.xml, in {@code format}, its output read line by line. */
    private static Process start(String format, BlockingQueue<String> lines) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Dlogback.configurationFile=logback.xml", "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "serve")).redirectErrorStream(true);
        builder.environment().keySet().removeIf(name -> name.startsWith("PAYMENTS_"));
        builder.environment().put("PAYMENTS_LOG_FORMAT", format);
        builder.environment().put("PAYMENTS_PORT", "0");
        builder.environment().put("PAYMENTS_HOST", "127.0.0.1");
        builder.environment().put("PAYMENTS_DATABASE_URL", TestDatabase.url());
        builder.environment().put("PAYMENTS_DATABASE_USER", TestDatabase.user());
        builder.environment().put("PAYMENTS_DATABASE_PASSWORD", TestDatabase.password());
        builder.environment().put("PAYMENTS_SANDBOX_TOKEN", TestServer.SANDBOX_CREDENTIALS);
        Process server = builder.start();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(server.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (java.io.IOException ended) {
                // the process is gone
            }
        });
        reader.setDaemon(true);
        reader.start();
        return server;
    }

    @Test
    void in_json_each_request_has_an_access_line_carrying_the_request_id_the_client_sent() throws Exception {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Process server = start("json", lines);
        try {
            int port = awaitPort(lines);
            String requestId = "client-" + UUID.randomUUID();
            String secret = TestServer.SANDBOX_CREDENTIALS.substring(TestServer.SANDBOX_CREDENTIALS.indexOf(':') + 1);
            var answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + "/2025-10-13/customers/Customer:" + UUID.randomUUID()))
                    .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                            TestServer.SANDBOX_CREDENTIALS.getBytes(StandardCharsets.UTF_8)))
                    .header("X-Request-Id", requestId).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(404, answer.statusCode());
            assertEquals(requestId, answer.headers().firstValue("X-Request-Id").orElse(null), "echoed");

            JsonNode access = awaitAccessLine(lines, requestId);

            assertNotNull(access, "an access line naming the request id");
            assertEquals("INFO", access.get("level").asText());
            String kvps = access.get("kvpList").toString();
            assertTrue(kvps.contains("\"route\":\"/customers/{customerId}\""), kvps + ": the template, not the path");
            assertTrue(kvps.contains("\"status\":\"404\""), kvps);
            assertTrue(kvps.contains("\"platformId\":\"PlatformConfig:"), kvps);
            assertFalse(access.toString().contains(secret), "no credentials in the log");
        } finally {
            server.destroy();
            server.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /**
     * A card's number, shown on its reveal page, appears in no line the server writes while the card is issued,
     * revealed, used and refused a request that carries the number.
     */
    @Test
    void no_card_number_reaches_the_servers_output() throws Exception {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Process server = start("text", lines);
        List<String> output = new java.util.ArrayList<>();
        String pan;
        try {
            int port = awaitPort(lines);
            ApiClient api = new ApiClient(port, TestServer.SANDBOX_CREDENTIALS);
            Map<String, Object> body = CustomerApiTest.individual("logs-" + UUID.randomUUID());
            body.put("kycStatus", "APPROVED");
            String holder = api.post("/customers", body).string("id");
            String account = (String) api.get("/customers/internal-accounts?customerId=" + holder + "&currency=USD")
                    .data().get(0).get("id");
            api.post("/sandbox/internal-accounts/" + account + "/fund", Map.of("amount", 10_000));
            String card = api.post("/cards", Map.of("cardholderId", holder, "form", "VIRTUAL", "fundingSources",
                    List.of(account))).string("id");
            api.post("/sandbox/clock/advance", Map.of("seconds", 5));
            var page = CardApiTest.visit(api.post("/cards/" + card + "/reveal", null).string("panEmbedUrl"));
            Matcher shown = Pattern.compile("id=\"pan\">([0-9 ]+)<").matcher(page.body());
            assertTrue(shown.find(), page.body());
            pan = shown.group(1).replace(" ", "");
            String t = api.post("/sandbox/cards/" + card + "/simulate/authorization", Map.of("amount", 100,
                    "currency", "USD", "merchant", Map.of("descriptor", "LOG SHOP"))).string("cardTransactionId");
            api.post("/sandbox/cards/" + card + "/simulate/clearing", Map.of("cardTransactionId", t, "amount", 100));
            var refused = api.post("/cards", Map.of("cardholderId", holder, "form", "VIRTUAL", "fundingSources",
                    List.of(account), "cardNumber", pan));
            assertEquals(400, refused.status());
            assertFalse(refused.raw().body().contains(pan), "not echoed in an error");
            String read = api.get("/cards").raw().body() + api.get("/transactions").raw().body()
                    + api.get("/webhooks/events?limit=100").raw().body();
            assertFalse(read.contains(pan));
        } finally {
            server.destroy();
            server.waitFor(30, TimeUnit.SECONDS);
        }
        Thread.sleep(200); // the reader drains what the process wrote before it ended
        lines.drainTo(output);
        assertTrue(output.stream().anyMatch(l -> l.contains("/card-reveal/{token}")), "the access log ran");
        String spaced = pan.replaceAll("(.{4})(?!$)", "$1 ");
        for (String line : output) {
            assertFalse(line.contains(pan) || line.contains(spaced) || line.contains(pan.substring(0, 12)), line);
        }
    }

    private static int awaitPort(BlockingQueue<String> lines) throws InterruptedException {
        StringBuilder seen = new StringBuilder();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            String line = lines.poll(1, TimeUnit.SECONDS);
            if (line == null) {
                continue;
            }
            seen.append(line).append('\n');
            Matcher m = LISTENING.matcher(line);
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
        }
        throw new AssertionError("the server did not say where it listens:\n" + seen);
    }

    /** The first JSON line of the access logger that names {@code requestId}, or null after 10 s. */
    private static JsonNode awaitAccessLine(BlockingQueue<String> lines, String requestId) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            String line = lines.poll(1, TimeUnit.SECONDS);
            if (line == null || !line.startsWith("{")) {
                continue;
            }
            JsonNode node = JSON.readTree(line);
            if ("payments.access".equals(node.path("loggerName").asText()) && line.contains(requestId)) {
                return node;
            }
        }
        return null;
    }
}
