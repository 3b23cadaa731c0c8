package payments.ports.agent;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ConcurrentHashMap;
import payments.core.error.RateLimited;
import payments.ports.driven.Clock;

/**
 * Wrong device codes per client, so that codes cannot be guessed: after {@code maxFailures} in {@link #WINDOW} a
 * client is refused (429) until the oldest of them is that old. A device code has 27^8 values and lives 15 minutes;
 * at ten a client guesses one in ten billion of them in its lifetime.
 */
final class RedeemAttempts {
    static final Duration WINDOW = Duration.ofMinutes(10);
    /** More clients than this with recent failures is an attack from everywhere: the record starts over. */
    private static final int MAX_CLIENTS = 100_000;

    private final ConcurrentHashMap<String, Deque<Instant>> failures = new ConcurrentHashMap<>();
    private final Clock clock;
    private final int maxFailures;

    RedeemAttempts(Clock clock, int maxFailures) {
        this.clock = clock;
        this.maxFailures = maxFailures;
    }

    /** 429 while the client has used up its wrong guesses. */
    void check(String client) {
        Deque<Instant> recent = failures.get(client);
        if (recent == null) {
            return;
        }
        synchronized (recent) {
            Instant now = clock.now();
            while (!recent.isEmpty() && !recent.peekFirst().plus(WINDOW).isAfter(now)) {
                recent.pollFirst();
            }
            if (recent.size() >= maxFailures) {
                long wait = Math.max(1, Duration.between(now, recent.peekFirst().plus(WINDOW)).toSeconds());
                throw new RateLimited("Too many wrong device codes; retry later", wait);
            }
        }
    }

    void failed(String client) {
        if (failures.size() >= MAX_CLIENTS) {
            failures.clear();
        }
        Deque<Instant> recent = failures.computeIfAbsent(client, c -> new ArrayDeque<>());
        synchronized (recent) {
            recent.addLast(clock.now());
            while (recent.size() > maxFailures) {
                recent.pollFirst();
            }
        }
    }
}
