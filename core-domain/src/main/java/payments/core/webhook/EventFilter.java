package payments.core.webhook;

/**
 * Filters of {@code GET /webhooks/events}; null means any. {@code resourceId} selects the events about one
 * resource (the {@code id} of their data: a transaction's, a customer's, ...), its history as the platform heard it.
 */
public record EventFilter(String type, EventStatus status, String resourceId) {
    public EventFilter(String type, EventStatus status) {
        this(type, status, null);
    }
}
