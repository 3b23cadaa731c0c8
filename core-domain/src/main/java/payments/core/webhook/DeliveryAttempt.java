package payments.core.webhook;

import java.time.Instant;
import payments.core.validation.StorableText;

/**
 * One line of an event's delivery log: when the attempt started (the platform's time), where it went, how it ended,
 * the endpoint's status code and the start of its answer (if it answered), and how long the call took.
 */
public record DeliveryAttempt(int number, Instant startedAt, String url, AttemptOutcome outcome,
                              Integer responseStatus, String responseBody, Long latencyMillis, String error) {
    /** How much of an endpoint's answer the log keeps: enough to tell what it said, too little to relay content. */
    public static final int MAX_LOGGED_BODY = 256;

    public DeliveryAttempt {
        if (responseBody != null && responseBody.length() > MAX_LOGGED_BODY) {
            responseBody = responseBody.substring(0, MAX_LOGGED_BODY);
        }
        // The start of the answer, with U+FFFD for control characters (a terminal escape, a NUL that PostgreSQL
        // cannot store) and for a character cut in half.
        responseBody = sanitised(StorableText.cleaned(responseBody));
        error = StorableText.cleaned(error);
    }

    private static String sanitised(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(text.length());
        text.chars().forEach(c -> out.append(Character.isISOControl(c) && c != '\n' && c != '\t' ? '\uFFFD'
                : (char) c));
        return out.toString();
    }

    /** An endpoint that answered: delivered when the answer acknowledges the event ({@link RetrySchedule}). */
    public static DeliveryAttempt answered(int number, Instant startedAt, String url, int status, String body,
                                           long latencyMillis) {
        return new DeliveryAttempt(number, startedAt, url, RetrySchedule.acknowledges(status)
                ? AttemptOutcome.DELIVERED : AttemptOutcome.FAILED, status, body, latencyMillis,
                RetrySchedule.acknowledges(status) ? null : "the endpoint answered " + status);
    }

    /** No answer: the call could not be made, or failed before a status came back. */
    public static DeliveryAttempt failed(int number, Instant startedAt, String url, String error, long latencyMillis) {
        return new DeliveryAttempt(number, startedAt, url, AttemptOutcome.FAILED, null, null, latencyMillis, error);
    }

    public static DeliveryAttempt timedOut(int number, Instant startedAt, String url, long latencyMillis) {
        return new DeliveryAttempt(number, startedAt, url, AttemptOutcome.TIMED_OUT, null, null, latencyMillis,
                "no answer within " + latencyMillis + " ms");
    }

    /** An attempt whose outcome was never recorded: its process stopped ({@code why}). */
    public static DeliveryAttempt abandoned(int number, Instant startedAt, String why) {
        return new DeliveryAttempt(number, startedAt, null, AttemptOutcome.ABANDONED, null, null, null, why);
    }

    /** The attempt under way, its event leased. */
    public static DeliveryAttempt inFlight(int number, Instant startedAt) {
        return new DeliveryAttempt(number, startedAt, null, AttemptOutcome.IN_FLIGHT, null, null, null, null);
    }

    public boolean delivered() {
        return outcome == AttemptOutcome.DELIVERED;
    }
}
