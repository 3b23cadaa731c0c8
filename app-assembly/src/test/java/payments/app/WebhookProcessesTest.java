package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.TestDatabase;
import payments.core.platform.Environment;

/**
 * Webhooks with several server processes on one database: the outbox lives in the database, so a server that stops
 * loses no event, and claims hand each attempt to exactly one process.
 */
class WebhookProcessesTest {
    private final ApiClient survivor = TestServer.newPlatform(Environment.SANDBOX);
    private final WebhookReceiver receiver = WebhookReceiver.start();

    @AfterEach
    void stopReceiver() {
        receiver.close();
    }

    private static PaymentsServer secondServer() {
        return PaymentsServer.start(Config.fromEnvironment(Map.of()).withPort(0)
                .withDatabase(TestDatabase.url(), TestDatabase.user(), TestDatabase.password())
                .withSandboxToken(TestServer.SANDBOX_CREDENTIALS)
                .withWebhookTimeoutMillis(TestServer.WEBHOOK_TIMEOUT_MILLIS));
    }

    /** The same platform, through another server process. */
    private ApiClient through(PaymentsServer server) {
        return new ApiClient(server.port(), survivor.credentials());
    }

    @Test
    void an_event_whose_retry_is_pending_when_its_server_stops_is_delivered_by_another() {
        receiver.answer(500);
        String id;
        try (PaymentsServer first = secondServer()) {
            ApiClient api = through(first);
            assertEquals(200, api.patch("/config", Map.of("webhookEndpoint", receiver.url())).status());
            api.post("/customers", CustomerApiTest.individual("durable-webhook"));
            id = receiver.awaitOne("CUSTOMER.KYC_PENDING").id();
            for (int i = 0; i < 200 && api.get("/webhooks/events/" + id).body().get("lastResponseStatus") == null;
                 i++) {
                WebhookReceiver.pause(25); // the failed first attempt is recorded, its retry scheduled
            }
        }

        receiver.answer(200);
        survivor.post("/sandbox/clock/advance", Map.of("seconds", 5));

        var retried = receiver.await("CUSTOMER.KYC_PENDING", 2).get(1);
        assertEquals(id, retried.id());
        for (int i = 0; i < 200 && !"DELIVERED".equals(survivor.get("/webhooks/events/" + id).string("status"));
             i++) {
            WebhookReceiver.pause(25);
        }
        var event = survivor.get("/webhooks/events/" + id);
        assertEquals("DELIVERED", event.string("status"));
        assertEquals(2L, event.body().get("attempts"));
    }

    @Test
    void two_servers_on_one_database_make_each_attempt_exactly_once() {
        // Every event fails its first attempt and succeeds on its second: each id must arrive exactly twice.
        receiver.answer(d -> WebhookReceiver.Answer.of(receiver.received().stream()
                .filter(r -> r.id().equals(d.id())).count() == 1 ? 503 : 200));
        int customers = 30;
        try (PaymentsServer second = secondServer()) {
            ApiClient other = through(second);
            assertEquals(200, survivor.patch("/config", Map.of("webhookEndpoint", receiver.url())).status());
            for (int i = 0; i < customers; i++) {
                (i % 2 == 0 ? survivor : other).post("/customers", CustomerApiTest.individual("twin-" + i));
            }
            receiver.await("CUSTOMER.KYC_PENDING", customers);
            other.post("/sandbox/clock/advance", Map.of("seconds", 5));
            receiver.await("CUSTOMER.KYC_PENDING", 2 * customers);
            WebhookReceiver.pause(500);
        }

        Map<String, Long> perId = receiver.ofType("CUSTOMER.KYC_PENDING").stream()
                .collect(Collectors.groupingBy(WebhookReceiver.Delivery::id, Collectors.counting()));
        assertEquals(customers, perId.size());
        assertEquals(List.of(2L), perId.values().stream().distinct().toList(), perId.toString());
        var events = survivor.get("/webhooks/events?type=CUSTOMER.KYC_PENDING&limit=100").data();
        assertEquals(Map.of("DELIVERED", (long) customers), events.stream()
                .collect(Collectors.groupingBy(e -> (String) e.get("status"), Collectors.counting())));
        assertEquals(List.of(2L), events.stream().map(e -> e.get("attempts")).distinct().toList());
        assertEquals(1, receiver.ofType("TEST").size());
    }
}
