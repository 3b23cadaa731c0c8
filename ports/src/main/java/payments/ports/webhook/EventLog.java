package payments.ports.webhook;

import java.util.List;
import payments.core.webhook.DeliveryAttempt;
import payments.core.webhook.WebhookEvent;

/** A webhook event with its delivery log. */
public record EventLog(WebhookEvent event, List<DeliveryAttempt> attempts) {
}
