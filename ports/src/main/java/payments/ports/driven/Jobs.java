package payments.ports.driven;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import payments.core.id.PlatformId;

/**
 * The durable job table. Jobs are due at an instant of their platform's clock (sandbox platforms may run ahead).
 * Claims lock the job for the current database transaction and skip jobs other processes hold.
 */
public interface Jobs {
    void schedule(Job job);

    /** Schedules several, as one change. */
    default void scheduleAll(List<Job> jobs) {
        jobs.forEach(this::schedule);
    }

    /** The next due job of any platform, given the real time now; locked until the transaction ends. */
    Optional<Job> claimDue(Instant realNow);

    /** The next due job of one platform. */
    Optional<Job> claimDue(PlatformId platform, Instant realNow);

    /**
     * Waits until no other process is running a due job of the platform (those it claimed commit or roll back
     * first) and says whether any is still pending; what it finds stays locked until the transaction ends.
     */
    boolean awaitDue(PlatformId platform, Instant realNow);

    /**
     * Whether a pending job of {@code kind} whose payload maps {@code key} to {@code value} is due by the platform's
     * clock at {@code platformNow}, run or not (a deadline that has passed, before a worker got to it).
     */
    boolean isDue(PlatformId platform, String kind, String key, String value, Instant platformNow);

    void markDone(PlatformId platform, UUID id, Instant now);

    /**
     * Records a failed attempt; the job is retried at {@code retryAt}, or given up when {@code giveUp}. A job done
     * meanwhile (by another run, once the failed one let it go) stays done.
     */
    void markFailed(PlatformId platform, UUID id, String error, Instant retryAt, boolean giveUp, Instant now);

    record Job(PlatformId platform, UUID id, String kind, Map<String, Object> payload, Instant dueAt, int attempts) {
        public Job {
            payload = Map.copyOf(payload);
        }
    }
}
