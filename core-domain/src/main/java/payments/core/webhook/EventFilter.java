package payments.core.webhook;

/** Filters of {@code GET /webhooks/events}; null means any. */
public record EventFilter(String type, EventStatus status) {
}
