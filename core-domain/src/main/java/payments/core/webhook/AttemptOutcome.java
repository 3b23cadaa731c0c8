package payments.core.webhook;

/**
 * How one delivery attempt ended. IN_FLIGHT while its call runs; ABANDONED when the process making it stopped
 * before recording an answer (its lease ran out and the event was claimed again).
 */
public enum AttemptOutcome {
    IN_FLIGHT, DELIVERED, FAILED, TIMED_OUT, ABANDONED
}
