package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.TestDatabase;
import payments.core.platform.Environment;

/** {@code GET /metrics} after real traffic, as Prometheus scrapes it. */
class MetricsTest {
    private static HttpResponse<String> get(int port, String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void after_traffic_the_metrics_show_routes_pool_jvm_batches_backlogs_and_ledger_checks() throws Exception {
        ApiClient api = TestServer.newPlatform(Environment.SANDBOX);
        String customer = api.post("/customers", Map.of("customerType", "INDIVIDUAL", "platformCustomerId",
                "m-" + UUID.randomUUID())).string("id");
        assertEquals(404, api.get("/customers/Customer:" + UUID.randomUUID()).status());
        String account = api.get("/customers/internal-accounts?customerId=" + customer + "&currency=USD").data()
                .get(0).get("id").toString();
        api.post("/sandbox/internal-accounts/" + account + "/fund", Map.of("amount", 1_000));
        String external = api.post("/customers/external-accounts", AccountApiTest.usdAccount(customer, "123456789"))
                .string("id");
        assertEquals(201, api.post("/transfer-out", Map.of("source", Map.of("accountId", account),
                "destination", Map.of("accountId", external), "amount", 100)).status());
        assertEquals(200, api.get("/sandbox/ledger/check").status());

        System.gc(); // a gauge whose source only it held weakly would read NaN from now on
        var scraped = get(TestServer.get().metricsPort(), "/metrics");

        assertEquals(200, scraped.statusCode());
        assertTrue(scraped.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"));
        String text = scraped.body();
        for (String expected : List.of(
                "http_server_requests_seconds_count{method=\"POST\",route=\"/customers\",status=\"2xx\"}",
                "http_server_requests_seconds_count{method=\"GET\",route=\"/customers/{customerId}\",status=\"4xx\"}",
                "http_server_requests_seconds_bucket{method=\"POST\",route=\"/transfer-out\",status=\"2xx\",le=\"0.025\"}",
                "hikaricp_connections_active{pool=\"payments\"}", "jvm_memory_used_bytes",
                "payments_batch_queue{batch=\"TransferOuts\"}", "payments_batch_size_count{batch=\"TransferOuts\"}",
                "payments_webhook_backlog ", "payments_webhook_backlog_oldest_seconds ", "payments_jobs_due ",
                "payments_jobs_due_oldest_seconds ", "payments_ledger_check_failures_total ",
                "payments_bank_transfers_awaiting ", "payments_bank_reports_quarantined ")) {
            assertTrue(text.contains(expected), "missing " + expected);
        }
        assertTrue(text.lines().filter(l -> l.startsWith("payments_")).noneMatch(l -> l.endsWith("NaN")),
                "every gauge of ours has a value");
        assertFalse(text.contains("Customer:"), "routes are templates: no id reaches a label");
        assertFalse(text.contains(customer.substring("Customer:".length())));
    }

    @Test
    void on_a_port_of_its_own_the_metrics_leave_the_api_port() throws Exception {
        Config config = Config.fromEnvironment(Map.of("PAYMENTS_METRICS_PORT", "0")).withPort(0)
                .withDatabase(TestDatabase.url(), TestDatabase.user(), TestDatabase.password())
                .withSandboxToken(TestServer.SANDBOX_CREDENTIALS);
        try (PaymentsServer server = PaymentsServer.start(config)) {
            assertTrue(server.metricsPort() != server.port());
            assertEquals(404, get(server.port(), "/metrics").statusCode());
            assertEquals(200, get(server.metricsPort(), "/metrics").statusCode());
            assertEquals(404, get(server.metricsPort(), "/2025-10-13/config").statusCode(), "and nothing else there");
        }
    }
}
