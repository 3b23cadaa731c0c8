package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;

/**
 * The delivery pipeline of one server process with two platforms: one whose endpoint answers at once, one whose
 * endpoint never answers in time. The healthy one's events arrive as they are made, over a few kept-alive
 * connections, while the other's calls hang; those hold no more places than the per-endpoint limit.
 */
class WebhookPipelineTest {
    private static final int EVENTS = 150;
    private final WebhookReceiver healthy = WebhookReceiver.start();
    private final WebhookReceiver hanging = WebhookReceiver.start();

    @AfterEach
    void stopReceivers() {
        healthy.close();
        hanging.close();
    }

    @Test
    void a_healthy_endpoint_gets_its_events_at_once_on_few_connections_while_another_platforms_endpoint_hangs() {
        ApiClient stuck = TestServer.newPlatform(Environment.SANDBOX);
        ApiClient busy = TestServer.newPlatform(Environment.SANDBOX);
        hanging.answer(d -> new WebhookReceiver.Answer(200, "", 20_000)); // the server gives up after 2 s
        assertEquals(200, stuck.patch("/config", Map.of("webhookEndpoint", hanging.url())).status());
        for (int i = 0; i < 40; i++) {
            stuck.post("/customers", CustomerApiTest.individual("hanging-" + i));
        }
        assertEquals(200, busy.patch("/config", Map.of("webhookEndpoint", healthy.url())).status());

        for (int i = 0; i < EVENTS; i++) {
            busy.post("/customers", CustomerApiTest.individual("healthy-" + i));
        }
        long lastMade = System.nanoTime();
        var delivered = healthy.await("CUSTOMER.KYC_PENDING", EVENTS);
        long afterLast = (System.nanoTime() - lastMade) / 1_000_000;

        assertTrue(afterLast < TestServer.WEBHOOK_TIMEOUT_MILLIS, "the last of the healthy platform's events "
                + "arrived " + afterLast + " ms after it was made: within a hung call's timeout");
        long connections = delivered.stream().map(WebhookReceiver.Delivery::from).distinct().count();
        assertTrue(connections <= 32, EVENTS + " deliveries over " + connections + " connections");
        assertTrue(hanging.mostAtOnce() > 2, "more than two calls in flight to one endpoint: "
                + hanging.mostAtOnce());
        assertTrue(hanging.mostAtOnce() <= 32, "no more than the per-endpoint limit: " + hanging.mostAtOnce());
    }
}
