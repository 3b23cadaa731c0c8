package payments.ports.sandbox;

import java.time.Instant;

/**
 * A sandbox platform's clock: its now, how far ahead of real time it runs, and what an advance ran at once
 * ({@code jobsRun}: jobs, and quotes it expired; {@code webhookAttempts}: deliveries made).
 */
public record ClockState(Instant now, long offsetSeconds, int jobsRun, int webhookAttempts) {
}
