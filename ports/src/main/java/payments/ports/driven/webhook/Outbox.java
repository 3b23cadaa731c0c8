package payments.ports.driven.webhook;

import java.util.List;
import payments.core.webhook.WebhookEvent;

/**
 * Where state changes leave their webhook events. {@link #append} writes in the caller's database transaction, so
 * an event exists exactly when the change that caused it committed.
 */
public interface Outbox {
    void append(WebhookEvent event);

    default void appendAll(List<WebhookEvent> events) {
        events.forEach(this::append);
    }
}
