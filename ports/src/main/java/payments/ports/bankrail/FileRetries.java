package payments.ports.bankrail;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * When this process tries again a file of the inbox that failed for a reason of the service's: after 1 s, then
 * twice as long each time, at most {@link #LONGEST} apart, so a file that keeps failing neither floods the log nor
 * holds up the others. Kept in memory: a restart tries every file at once.
 */
final class FileRetries {
    static final Duration LONGEST = Duration.ofMinutes(5);
    private final Map<String, Failing> failing = new HashMap<>();

    private record Failing(int times, Instant next) {
    }

    synchronized boolean due(String name, Instant now) {
        Failing f = failing.get(name);
        return f == null || !now.isBefore(f.next());
    }

    /** Records a failure; returns the pause before the next try. */
    synchronized Duration failed(String name, Instant now) {
        int times = failing.containsKey(name) ? failing.get(name).times() + 1 : 1;
        Duration pause = Duration.ofSeconds(1L << Math.min(times - 1, 20));
        pause = pause.compareTo(LONGEST) > 0 ? LONGEST : pause;
        failing.put(name, new Failing(times, now.plus(pause)));
        return pause;
    }

    synchronized void succeeded(String name) {
        failing.remove(name);
    }

    /** Forgets the files no longer waiting (another process read them, or the operator moved them). */
    synchronized void keepOnly(Collection<String> waiting) {
        failing.keySet().retainAll(Set.copyOf(waiting));
    }
}
