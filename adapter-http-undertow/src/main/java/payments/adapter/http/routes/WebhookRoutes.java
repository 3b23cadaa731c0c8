package payments.adapter.http.routes;

import static payments.core.json.JsonSchema.anyObject;
import static payments.core.json.JsonSchema.arrayOf;
import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.integer;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.string;
import static payments.core.platform.Permission.MANAGE;
import static payments.core.platform.Permission.VIEW;

import java.util.Map;
import java.util.UUID;
import payments.adapter.http.Operation;
import payments.adapter.http.Request;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.adapter.http.Shape;
import payments.core.json.JsonObject;
import payments.core.json.JsonSchema;
import payments.core.validation.ObjectSchema;
import payments.core.webhook.AttemptOutcome;
import payments.core.webhook.DeliveryAttempt;
import payments.core.webhook.EventFilter;
import payments.core.webhook.EventStatus;
import payments.core.webhook.WebhookEvent;
import payments.core.webhook.WebhookSchemas;
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
    static final Shape EVENT = new Shape("WebhookEvent", eventSchema().schema());
    static final Shape EVENT_LOG = new Shape("WebhookEventLog", eventSchema()
            .required("deliveries", arrayOf(object().required("attempt", integer())
                    .required("startedAt", dateTime()).optional("url", string())
                    .required("outcome", enumOf(AttemptOutcome.class)).optional("responseStatus", integer())
                    .optional("responseBody", string()).optional("latencyMillis", integer())
                    .optional("error", string()).schema())).schema());
    static final Shape KEYS = new Shape("WebhookKeys", object().required("webhookPublicKey", string())
            .required("webhookSecret", string()).optional("previousWebhookPublicKey", string())
            .optional("previousWebhookSecret", string()).optional("previousKeyExpiresAt", dateTime()).schema());
    static final Shape REPLAYED = new Shape("WebhookReplay", object().required("replayed", integer()).schema());
    static final Shape TEST_DELIVERY = new Shape("WebhookTestDelivery", object().required("url", string())
            .optional("response_status", integer()).optional("response_body", string()).schema());
    private final WebhookUseCases webhooks;
    private final WebhookKeyUseCases keys;

    WebhookRoutes(WebhookUseCases webhooks, WebhookKeyUseCases keys) {
        this.webhooks = webhooks;
        this.keys = keys;
    }

    void register(Router router) {
        router.get("/webhooks/events", VIEW, Operation.of("List webhook events").query("type", string())
                .query("status", enumOf(EventStatus.class)).query("resourceId", string()).paged()
                .answersPage(EVENT), r -> {
            var q = r.query();
            var filter = new EventFilter(q.string("type"), q.enumValue("status", EventStatus.class),
                    q.string("resourceId"));
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(webhooks.list(r.caller(), filter, page), WebhookRoutes::event));
        });
        router.get("/webhooks/events/{eventId}", VIEW, Operation.of("Get a webhook event with its deliveries")
                .answers(200, "The event and its delivery attempts", EVENT_LOG), r -> {
            r.query().done();
            return Response.ok(log(webhooks.get(r.caller(), id(r))));
        });
        router.post("/webhooks/events/{eventId}/replay", MANAGE, Operation.of("Deliver an event again")
                .optionalBody(ObjectSchema.none()).answers(200, "The event, due again", EVENT_LOG), r -> {
            r.query().done();
            var id = id(r);
            r.noBody();
            return Response.ok(log(webhooks.replay(r.caller(), id)));
        });
        router.post("/webhooks/events/replay-exhausted", MANAGE, Operation.of("Deliver every exhausted event again")
                .optionalBody(ObjectSchema.none()).answers(200, "How many events are due again", REPLAYED), r -> {
            r.query().done();
            r.noBody();
            return Response.ok(Map.of("replayed", webhooks.replayExhausted(r.caller())));
        });
        router.post("/webhooks/keys/rotate", MANAGE, Operation.of("Rotate the webhook signing keys")
                .optionalBody(WebhookSchemas.KEY_ROTATION).answers(200, "The keys valid now", KEYS), r -> {
            r.query().done();
            return Response.ok(keysJson(keys.rotate(r.caller(), KeyRotation.fromJson(r.body()))));
        });
        router.get("/webhooks/keys", MANAGE, Operation.of("Get the webhook signing keys")
                .answers(200, "The keys valid now", KEYS), r -> {
            r.query().done();
            return Response.ok(keysJson(keys.secrets(r.caller())));
        });
        router.post("/sandbox/webhooks/test", MANAGE, Operation.of("Send a test webhook (sandbox)")
                .optionalBody(ObjectSchema.none()).answers(200, "What the endpoint answered", TEST_DELIVERY), r -> {
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

    private static JsonSchema.ObjectShape eventSchema() {
        return object().required("id", string()).required("type", string())
                .required("status", enumOf(EventStatus.class)).required("attempts", integer())
                .required("maxAttempts", integer()).optional("nextAttemptAt", dateTime())
                .optional("lastResponseStatus", integer()).required("createdAt", dateTime())
                .required("updatedAt", dateTime()).optional("data", anyObject("The event's payload"));
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
