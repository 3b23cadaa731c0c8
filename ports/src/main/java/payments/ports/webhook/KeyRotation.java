package payments.ports.webhook;

import payments.core.validation.Fields;
import payments.core.webhook.WebhookSchemas;

/** A rotation of the platform's webhook signing key; the old key keeps signing for {@code overlapSeconds}. */
public record KeyRotation(long overlapSeconds) {
    /** From the optional JSON body of {@code POST /webhooks/keys/rotate}; 400 naming every invalid field. */
    public static KeyRotation fromJson(Object body) {
        Fields f = body == null ? Fields.empty() : WebhookSchemas.KEY_ROTATION.validate(body);
        return new KeyRotation(f.number("overlapSeconds").orElse(WebhookSchemas.DEFAULT_OVERLAP_SECONDS));
    }
}
