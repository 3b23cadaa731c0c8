package payments.ports.driven.webhook;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.ToIntFunction;
import payments.core.id.PlatformId;
import payments.core.json.JsonText;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.webhook.DeliveryAttempt;
import payments.core.webhook.EventFilter;
import payments.core.webhook.EventStatus;
import payments.core.webhook.WebhookEvent;

/**
 * The delivery side of the outbox, and its log. An attempt is claimed in one short database transaction (a lease:
 * no other process takes the event while the call runs; claims skip rows other processes hold), made with no
 * transaction open, and recorded in another. A lease that ran out (its process stopped mid-call) makes the event
 * claimable again; the lost attempt is then logged ABANDONED.
 */
public interface WebhookDeliveries {
    /**
     * Claims up to {@code limit} PENDING events that are due by their platform's clock and not leased, the earliest
     * due first, of {@code platform} (or of any platform when null) but those in {@code skipped}, at most
     * {@code perPlatform} of one platform and no more than its {@code places}. Each claim starts attempt
     * {@code attempts + 1}, shown IN_FLIGHT until it is finished, and leases its event until {@code leaseUntil}
     * (real time); an earlier attempt whose lease ran out is logged ABANDONED.
     */
    List<Claim> claimDue(PlatformId platform, Set<PlatformId> skipped, Instant realNow, Instant leaseUntil,
                         int perPlatform, ToIntFunction<PlatformId> places, int limit);

    /**
     * Records how claimed attempts ended and, for each whose lease is still its claim's, where its event goes next,
     * in one write per table however many.
     */
    void finishAll(List<Finished> finished);

    /**
     * Gives a claimed event back uncounted, its call cut short because the process is stopping: the attempt is logged
     * ABANDONED with {@code reason}, the event allowed one more attempt and left due as it was, if the lease is still
     * the claim's.
     */
    void release(Claim claim, String reason, Instant now);

    /** Records an event that was sent synchronously (approval and test webhooks) with its one attempt. */
    void recordSent(WebhookEvent event, DeliveryAttempt attempt);

    Optional<WebhookEvent> find(PlatformId platform, UUID id);

    /** The event's delivery log, oldest attempt first. */
    List<DeliveryAttempt> attempts(PlatformId platform, UUID id);

    /** Newest first; null filters match anything. */
    Page<WebhookEvent> list(PlatformId platform, EventFilter filter, PageRequest page);

    /**
     * Makes the event due at {@code now} (platform time) with one more attempt allowed; an event that is already
     * PENDING is only made due now. False when the platform has no such event.
     */
    boolean replay(PlatformId platform, UUID id, Instant now);

    /**
     * {@link #replay} for every EXHAUSTED event of the platform but those of the types sent once
     * ({@code RetrySchedule.SENT_ONCE}); returns how many.
     */
    int replayExhausted(PlatformId platform, Instant now);

    /**
     * A claimed attempt: the event as claimed, the attempt's number, the lease that proves the claim; the event's data
     * may come as its stored text ({@code dataText}, the event's {@code data} then left null) for the call to send.
     */
    record Claim(WebhookEvent event, int attempt, UUID lease, Instant startedAt, JsonText dataText) {
        public Claim(WebhookEvent event, int attempt, UUID lease, Instant startedAt) {
            this(event, attempt, lease, startedAt, null);
        }
    }

    /**
     * How a claimed attempt ended, and the event's next step: {@code next} (PENDING again with its
     * {@code nextAttemptAt}, DELIVERED or EXHAUSTED), at {@code now} (the platform's time).
     */
    record Finished(Claim claim, DeliveryAttempt attempt, EventStatus next, Instant nextAttemptAt, Instant now) {
    }

}
