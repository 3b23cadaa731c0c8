package payments.core.webhook;

import payments.core.validation.ObjectSchema;
import payments.core.validation.Types;

/** Request shapes of the webhook endpoints (reference/webhooks.md). */
public final class WebhookSchemas {
    /** How long a rotated-out key keeps signing by default: a day. */
    public static final long DEFAULT_OVERLAP_SECONDS = 24 * 3600;
    public static final long MAX_OVERLAP_SECONDS = 30 * 24 * 3600;

    /** {@code POST /webhooks/keys/rotate}, whose body is optional. */
    public static final ObjectSchema KEY_ROTATION = ObjectSchema.of()
            .optional("overlapSeconds", Types.integer(0, MAX_OVERLAP_SECONDS));

    private WebhookSchemas() {
    }
}
