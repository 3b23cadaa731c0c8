package payments.adapter.http.routes;

import static payments.core.platform.Permission.MANAGE;
import static payments.core.platform.Permission.VIEW;

import java.util.Map;
import java.util.UUID;
import payments.adapter.http.Request;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.core.json.JsonObject;
import payments.core.webhook.DeliveryAttempt;
import payments.core.webhook.EventFilter;
import payments.core.webhook.EventStatus;
import payments.core.webhook.WebhookEvent;
import payments.ports.webhook.EventLog;
import payments.ports.webhook.KeyRotation;
import payments.ports.webhook.RotatedKeys;
import payments.ports.webhook.WebhookKeyUseCases;
import payments.ports.webhook.WebhookUseCases;

/**
 * {@code /webhooks}: the platform's events with their delivery logs, replays, signing-key rotation; and
 * {@code /sandbox/webhooks/test}.
 */
final class WebhookRoutes {
    private final WebhookUseCases webhooks;
    private final WebhookKeyUseCases keys;

    WebhookRoutes(WebhookUseCases webhooks, WebhookKeyUseCases keys) {
        this.webhooks = webhooks;
        this.keys = keys;
    }

    void register(Router router) {
        router.get("/webhooks/events", VIEW, r -> {
            var q = r.query();
            var filter = new EventFilter(q.string("type"), q.enumValue("status", EventStatus.class));
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(webhooks.list(r.caller(), filter, page), WebhookRoutes::event));
        });
        router.get("/webhooks/events/{eventId}", VIEW, r -> {
            r.query().done();
            return Response.ok(log(webhooks.get(r.caller(), id(r))));
        });
        router.post("/webhooks/events/{eventId}/replay", MANAGE, r -> {
            r.query().done();
            var id = id(r);
            r.noBody();
            return Response.ok(log(webhooks.replay(r.caller(), id)));
        });
        router.post("/webhooks/events/replay-exhausted", MANAGE, r -> {
            r.query().done();
            r.noBody();
            return Response.ok(Map.of("replayed", webhooks.replayExhausted(r.caller())));
        });
        router.post("/webhooks/keys/rotate", MANAGE, r -> {
            r.query().done();
            return Response.ok(keysJson(keys.rotate(r.caller(), KeyRotation.fromJson(r.body()))));
        });
        router.get("/webhooks/keys", MANAGE, r -> {
            r.query().done();
            return Response.ok(keysJson(keys.secrets(r.caller())));
        });
        router.post("/sandbox/webhooks/test", MANAGE, r -> {
            r.query().done();
            r.noBody();
            DeliveryAttempt sent = webhooks.sendTest(r.caller());
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

    private static Map<String, Object> log(EventLog log) {
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

    /** The keys valid now: public keys for {@code X-Service-Signature}, secrets for the Standard Webhooks headers. */
    private static Map<String, Object> keysJson(RotatedKeys keys) {
        return JsonObject.of()
                .put("webhookPublicKey", keys.publicKeyPem())
                .put("webhookSecret", keys.secret())
                .put("previousWebhookPublicKey", keys.previousPublicKeyPem())
                .put("previousWebhookSecret", keys.previousSecret())
                .put("previousKeyExpiresAt", keys.previousKeyExpiresAt()).map();
    }
}
