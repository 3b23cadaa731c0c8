package payments.core.webhook;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The published delivery schedule (docs/DECISIONS.md, "Webhooks"): the first attempt at once, then after 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then the event is EXHAUSTED (8 attempts over about 27.6 hours). A
 * {@code TEST} event is tried once. Delays are in the platform's time, so a sandbox clock advance brings retries due.
 */
public final class RetrySchedule {
    public static final List<Duration> DELAYS = List.of(Duration.ofSeconds(5), Duration.ofMinutes(5),
            Duration.ofMinutes(30), Duration.ofHours(2), Duration.ofHours(5), Duration.ofHours(10),
            Duration.ofHours(10));

    /**
     * Types sent once and never retried (reference/webhooks.md): a test ping, and an approval request, whose answer
     * counts only while its payment waits for it (a replay would ask about a payment already decided).
     */
    public static final List<String> SENT_ONCE = List.of(EventTypes.TEST, EventTypes.INCOMING_PAYMENT_PENDING);

    private RetrySchedule() {
    }

    public static int maxAttempts(String type) {
        return EventTypes.TEST.equals(type) ? 1 : DELAYS.size() + 1;
    }

    /** The wait after attempt {@code attempt} (1-based) failed, or empty when no attempt is left. */
    public static Optional<Duration> delayAfter(int attempt, int maxAttempts) {
        if (attempt >= maxAttempts) {
            return Optional.empty();
        }
        return Optional.of(DELAYS.get(Math.min(Math.max(attempt, 1), DELAYS.size()) - 1));
    }

    /**
     * Whether an endpoint's status code ends the event's delivery: any 2xx, and 409, with which a receiver says it
     * processed this event id already (reference/webhooks.md: no retry on 409).
     */
    public static boolean acknowledges(int status) {
        return (status >= 200 && status < 300) || status == 409;
    }
}
