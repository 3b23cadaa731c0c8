package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.TestDatabase;
import payments.core.platform.Environment;

/** Starting and stopping a server process as an operator does (SIGTERM's hook calls {@code close}). */
class ServerLifecycleTest {
    private static Config config(String sandboxToken) {
        return Config.fromEnvironment(Map.of()).withPort(0)
                .withDatabase(TestDatabase.url(), TestDatabase.user(), TestDatabase.password())
                .withSandboxToken(sandboxToken);
    }

    @Test
    void closing_the_server_answers_the_request_in_flight_before_it_stops() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            PaymentsServer server = PaymentsServer.start(config(TestServer.SANDBOX_CREDENTIALS));
            var created = server.wiring().platforms.create("lifecycle-" + UUID.randomUUID(), Environment.SANDBOX,
                    "lifecycle.example", List.of("USD"));
            ApiClient api = new ApiClient(server.port(), created.firstToken().credentials());
            assertEquals(200, api.patch("/config", Map.of("webhookEndpoint", receiver.url())).status());
            receiver.answer(d -> new WebhookReceiver.Answer(200, "", 1_500)); // a slow endpoint from now on
            CompletableFuture<Integer> answer = CompletableFuture.supplyAsync(() ->
                    api.post("/sandbox/webhooks/test", null).status());
            Thread.sleep(400); // the request now waits for the endpoint

            server.close();

            // Answered, not cut off by the close: the test event is sent, so the client must get its 200.
            assertEquals(200, answer.get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void a_configured_sandbox_token_deleted_through_the_api_fails_the_next_start_naming_the_variable() {
        String token = UUID.randomUUID() + ":lifecycle-secret-0123456789";
        try (PaymentsServer server = PaymentsServer.start(config(token))) {
            ApiClient api = new ApiClient(server.port(), token);
            assertEquals(204, api.delete("/tokens/Token:" + token.substring(0, token.indexOf(':'))).status());
        }

        var refused = assertThrows(IllegalArgumentException.class, () -> PaymentsServer.start(config(token)));
        assertTrue(refused.getMessage().startsWith("PAYMENTS_SANDBOX_TOKEN names token"), refused.getMessage());
    }
}
