package payments.adapter.http;

import java.util.Map;
import java.util.UUID;
import payments.core.json.JsonObject;
import payments.core.webhook.DeliveryAttempt;
import payments.core.webhook.EventFilter;
import payments.core.webhook.EventStatus;
import payments.core.webhook.WebhookEvent;
import payments.ports.webhook.WebhookKeyService;
import payments.ports.webhook.WebhookService;

/**
 * {@code /webhooks}: the platform's events with their delivery logs, replays, signing-key rotation; and
 * {@code /sandbox/webhooks/test}.
 */
public final class WebhookRoutes {
    private final WebhookService webhooks;
    private final WebhookKeyService keys;

    public WebhookRoutes(WebhookService webhooks, WebhookKeyService keys) {
        this.webhooks = webhooks;
        this.keys = keys;
    }

    public void register(Router router) {
        router.get("/webhooks/events", r -> {
            var q = r.query();
            var filter = new EventFilter(q.string("type"), q.enumValue("status", EventStatus.class));
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(webhooks.list(r.caller(), filter, page), WebhookRoutes::event));
        });
        router.get("/webhooks/events/{eventId}", r -> {
            r.query().done();
            return Response.ok(log(webhooks.get(r.caller(), id(r))));
        });
        router.post("/webhooks/events/{eventId}/replay", r -> {
            r.query().done();
            return Response.ok(log(webhooks.replay(r.caller(), id(r), r.body())));
        });
        router.post("/webhooks/events/replay-exhausted", r -> {
            r.query().done();
            return Response.ok(Map.of("replayed", webhooks.replayExhausted(r.caller(), r.body())));
        });
        router.post("/webhooks/keys/rotate", r -> {
            r.query().done();
            var rotation = keys.rotate(r.caller(), r.body());
            return Response.ok(JsonObject.of()
                    .put("webhookPublicKey", rotation.current().publicKeyPem())
                    .put("previousWebhookPublicKey", rotation.previous() == null ? null
                            : rotation.previous().publicKeyPem())
                    .put("previousKeyExpiresAt", rotation.previous() == null ? null
                            : rotation.previous().retiresAt()).map());
        });
        router.post("/sandbox/webhooks/test", r -> {
            r.query().done();
            DeliveryAttempt sent = webhooks.sendTest(r.caller(), r.body());
            return Response.ok(JsonObject.of().put("url", sent.url()).put("response_status", sent.responseStatus())
                    .put("response_body", sent.responseBody()).map());
        });
    }

    private static UUID id(Request r) {
        return WebhookEvent.parseId("eventId", r.path("eventId"));
    }

    static Map<String, Object> event(WebhookEvent e) {
        return JsonObject.of().put("id", e.wireId())
                .put("type", e.type())
                .put("status", e.status().name())
                .put("attempts", e.attempts())
                .put("maxAttempts", e.maxAttempts())
                .put("nextAttemptAt", e.nextAttemptAt())
                .put("lastResponseStatus", e.lastResponseStatus())
                .put("createdAt", e.createdAt())
                .put("updatedAt", e.updatedAt())
                .put("data", e.data()).map();
    }

    private static Map<String, Object> log(WebhookService.EventLog log) {
        Map<String, Object> json = event(log.event());
        json.put("deliveries", log.attempts().stream().map(WebhookRoutes::attempt).toList());
        return json;
    }

    private static Map<String, Object> attempt(DeliveryAttempt a) {
        return JsonObject.of().put("attempt", a.number())
                .put("startedAt", a.startedAt())
                .put("url", a.url())
                .put("outcome", a.outcome().name())
                .put("responseStatus", a.responseStatus())
                .put("responseBody", a.responseBody())
                .put("latencyMillis", a.latencyMillis())
                .put("error", a.error()).map();
    }
}
