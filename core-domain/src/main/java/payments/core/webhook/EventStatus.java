package payments.core.webhook;

/**
 * Where an event's delivery stands. PENDING: an attempt is due (or running); DELIVERED: the endpoint acknowledged
 * it; EXHAUSTED: every allowed attempt failed; NOT_SENT: the platform had no webhook endpoint when it happened.
 * Each of the last three can be replayed.
 */
public enum EventStatus {
    PENDING, DELIVERED, EXHAUSTED, NOT_SENT
}
