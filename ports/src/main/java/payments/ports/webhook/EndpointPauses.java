package payments.ports.webhook;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import payments.core.id.PlatformId;
import payments.core.webhook.AttemptOutcome;
import payments.core.webhook.DeliveryAttempt;

/**
 * The platforms whose webhook endpoint stopped answering, held back from one process's delivery workers for a
 * while. A platform has at most two calls in flight, but a few platforms whose endpoints hang until the timeout
 * could still keep every worker waiting while everyone else's events queue. So a call that times out, or fails
 * without an answer after holding its worker for {@link #STALLED} or more (a connection that never opens: the
 * transport's connect timeout comes before the call's), pauses its platform: its events wait, due, spending no
 * attempts, and the workers serve the others. The pause doubles with each further timeout after it ends, from
 * {@link #FIRST} to {@link #LONGEST}; it ends early when the endpoint
 * answers (any status) or the platform configures another endpoint. It is this process's view; each process
 * learns it from its own calls.
 */
final class EndpointPauses {
    static final Duration FIRST = Duration.ofSeconds(30);
    /** Five doublings of {@link #FIRST}. */
    static final Duration LONGEST = Duration.ofMinutes(16);
    /** A failed call without an answer that took this long held its worker as a timeout does. */
    static final Duration STALLED = Duration.ofSeconds(2);

    private record Pause(String url, int timeoutsInARow, Instant until) {
    }

    private final Map<PlatformId, Pause> pauses = new ConcurrentHashMap<>();

    /**
     * Learns from one attempt's outcome: a timeout pauses the platform (a longer pause if its last one had ended; a
     * second call timing out in the same outage leaves it as it is), an answer ends its pause.
     */
    void record(PlatformId platform, DeliveryAttempt attempt, Instant realNow) {
        if (stalled(attempt)) {
            pauses.compute(platform, (p, last) -> {
                if (last != null && last.until().isAfter(realNow)) {
                    return last;
                }
                int inARow = last == null ? 1 : last.timeoutsInARow() + 1;
                return new Pause(attempt.url(), inARow, realNow.plus(length(inARow)));
            });
        } else if (attempt.responseStatus() != null) {
            pauses.remove(platform);
        }
    }

    private static boolean stalled(DeliveryAttempt attempt) {
        return attempt.outcome() == AttemptOutcome.TIMED_OUT || attempt.responseStatus() == null
                && attempt.latencyMillis() != null && attempt.latencyMillis() >= STALLED.toMillis();
    }

    /**
     * The platforms paused at {@code realNow}, given each one's endpoint now ({@code endpointOf}): a pause ends
     * with the endpoint that timed out, so a platform that fixed its endpoint is served at once.
     */
    Set<PlatformId> pausedAt(Instant realNow, Function<PlatformId, String> endpointOf) {
        if (pauses.isEmpty()) {
            return Set.of();
        }
        pauses.entrySet().removeIf(e -> e.getValue().until().isAfter(realNow)
                && !Objects.equals(e.getValue().url(), endpointOf.apply(e.getKey())));
        return pauses.entrySet().stream().filter(e -> e.getValue().until().isAfter(realNow)).map(Map.Entry::getKey)
                .collect(Collectors.toUnmodifiableSet());
    }

    /** {@link #FIRST}, doubled for each further timeout in a row, at most {@link #LONGEST}. */
    static Duration length(int timeoutsInARow) {
        return FIRST.multipliedBy(1L << Math.min(timeoutsInARow - 1, 5));
    }
}
