package payments.ports.driven;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import payments.core.id.PlatformId;

/** How far behind the workers are, for monitoring: work waiting now, and how long the oldest has waited. */
public interface Backlogs {
    /** {@code count} items wait; the oldest has waited {@code oldest} (zero when none waits). */
    record Backlog(long count, Duration oldest) {
    }

    /** Webhook events not yet delivered (pending), by their creation, per platform that has any. */
    Map<PlatformId, Backlog> webhookEvents(Instant now);

    /** Durable jobs due and not yet run, by their due time. */
    Backlog dueJobs(Instant now);

    /** Credit transfers on the bank rail the bank has not yet settled or rejected, by their queueing. */
    Backlog bankTransfersAwaiting(Instant now);

    /** The bank's reports quarantined so far: each needs an operator's look. */
    long bankReportsQuarantined();
}
