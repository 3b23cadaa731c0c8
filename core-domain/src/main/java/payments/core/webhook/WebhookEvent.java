package payments.core.webhook;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import payments.core.id.EntityId;
import payments.core.id.PlatformId;

/**
 * An event a platform must hear about, as its outbox holds it: the envelope's id and type, {@code data} (the
 * resource as the API showed it when the event happened; null for {@code TEST}), and where its delivery stands.
 * The id is the envelope's {@code id} on every attempt and replay, so a receiver can deduplicate by it. Times are
 * the platform's (sandbox clock included).
 */
public record WebhookEvent(PlatformId platformId, UUID id, String type, Map<String, Object> data,
                           EventStatus status, int attempts, int maxAttempts, Instant nextAttemptAt,
                           Integer lastResponseStatus, Instant createdAt, Instant updatedAt) {
    public static final String KIND = "Webhook";

    public WebhookEvent {
        data = data == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(data));
    }

    /** A new event: due at once when the platform has somewhere to send it, else recorded as NOT_SENT. */
    public static WebhookEvent emitted(PlatformId platform, UUID id, String type, Map<String, Object> data,
                                       boolean endpointConfigured, Instant now) {
        return new WebhookEvent(platform, id, type, data,
                endpointConfigured ? EventStatus.PENDING : EventStatus.NOT_SENT, 0, RetrySchedule.maxAttempts(type),
                endpointConfigured ? now : null, null, now, now);
    }

    /** An event sent once, synchronously (approval and test webhooks), with that attempt's result. */
    public static WebhookEvent sentOnce(PlatformId platform, UUID id, String type, Map<String, Object> data,
                                        DeliveryAttempt attempt, Instant now) {
        return new WebhookEvent(platform, id, type, data,
                attempt.delivered() ? EventStatus.DELIVERED : EventStatus.EXHAUSTED, 1, 1, null,
                attempt.responseStatus(), now, now);
    }

    public String wireId() {
        return EntityId.format(KIND, id);
    }

    public static UUID parseId(String field, String text) {
        return EntityId.parse(KIND, field, text);
    }
}
