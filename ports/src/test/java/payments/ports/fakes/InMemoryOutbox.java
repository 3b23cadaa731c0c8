package payments.ports.fakes;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.ToIntFunction;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.webhook.AttemptOutcome;
import payments.core.webhook.DeliveryAttempt;
import payments.core.webhook.EventFilter;
import payments.core.webhook.EventStatus;
import payments.core.webhook.RetrySchedule;
import payments.core.webhook.WebhookEvent;
import payments.ports.driven.webhook.Outbox;
import payments.ports.driven.webhook.WebhookDeliveries;

/**
 * The outbox and its delivery log in memory, with the persistence adapter's rules: a claim takes the due PENDING
 * event that is not leased (the earliest due first), respects the per-platform in-flight limit, starts attempt
 * {@code attempts + 1} and marks an earlier attempt still IN_FLIGHT as ABANDONED. Every platform's time is real
 * time here (no sandbox offsets).
 */
public final class InMemoryOutbox implements Outbox, WebhookDeliveries {
    private record Key(PlatformId platform, UUID id) {
    }

    private record Lease(UUID id, Instant until) {
    }

    private final Map<Key, WebhookEvent> events = new LinkedHashMap<>();
    private final Map<Key, Lease> leases = new LinkedHashMap<>();
    private final Map<Key, List<DeliveryAttempt>> logs = new LinkedHashMap<>();
    private int batches;

    @Override
    public void append(WebhookEvent event) {
        if (events.putIfAbsent(new Key(event.platformId(), event.id()), event) != null) {
            throw new IllegalStateException("duplicate event id " + event.id());
        }
    }

    /** Counts the batches, then appends one by one. */
    @Override
    public void appendAll(List<WebhookEvent> batch) {
        batches++;
        batch.forEach(this::append);
    }

    /** How many times {@link #appendAll} was called. */
    public int batches() {
        return batches;
    }

    /** Every event of the platform in the order appended. */
    public List<WebhookEvent> events(PlatformId platform) {
        return events.values().stream().filter(e -> e.platformId().equals(platform)).toList();
    }

    /** The types of the platform's events in the order appended. */
    public List<String> types(PlatformId platform) {
        return events(platform).stream().map(WebhookEvent::type).toList();
    }

    @Override
    public List<Claim> claimDue(PlatformId platform, Set<PlatformId> skipped, Instant realNow, Instant leaseUntil,
                                int perPlatform, ToIntFunction<PlatformId> places, int limit) {
        List<WebhookEvent> due = events.values().stream()
                .filter(e -> platform == null || e.platformId().equals(platform))
                .filter(e -> !skipped.contains(e.platformId()))
                .filter(e -> e.status() == EventStatus.PENDING && !e.nextAttemptAt().isAfter(realNow))
                .filter(e -> !leased(key(e), realNow))
                .sorted(Comparator.comparing(WebhookEvent::nextAttemptAt))
                .toList();
        List<Claim> claims = new ArrayList<>();
        Map<PlatformId, Integer> taken = new HashMap<>();
        UUID lease = UUID.randomUUID();
        for (WebhookEvent e : due) {
            int ofPlatform = taken.getOrDefault(e.platformId(), 0);
            if (claims.size() == limit || ofPlatform >= Math.min(perPlatform, places.applyAsInt(e.platformId()))) {
                continue;
            }
            taken.put(e.platformId(), ofPlatform + 1);
            Key key = key(e);
            List<DeliveryAttempt> log = logs.computeIfAbsent(key, k -> new ArrayList<>());
            log.replaceAll(a -> a.outcome() != AttemptOutcome.IN_FLIGHT ? a : new DeliveryAttempt(a.number(),
                    a.startedAt(), a.url(), AttemptOutcome.ABANDONED, null, null, null, "lease expired"));
            int attempt = e.attempts() + 1;
            WebhookEvent claimed = with(e, e.status(), attempt, e.maxAttempts(), e.nextAttemptAt(),
                    e.lastResponseStatus(), e.updatedAt());
            events.put(key, claimed);
            leases.put(key, new Lease(lease, leaseUntil));
            log.add(new DeliveryAttempt(attempt, realNow, null, AttemptOutcome.IN_FLIGHT, null, null, null, null));
            claims.add(new Claim(claimed, attempt, lease, realNow));
        }
        return claims;
    }

    @Override
    public void release(Claim claim, String reason, Instant now) {
        Key key = key(claim.event());
        logs.get(key).replaceAll(a -> a.number() == claim.attempt() ? new DeliveryAttempt(a.number(),
                a.startedAt(), a.url(), AttemptOutcome.ABANDONED, null, null, null, reason) : a);
        Lease lease = leases.get(key);
        if (lease == null || !lease.id().equals(claim.lease())) {
            return;
        }
        leases.remove(key);
        WebhookEvent e = events.get(key);
        events.put(key, with(e, e.status(), e.attempts(), e.maxAttempts() + 1, e.nextAttemptAt(),
                e.lastResponseStatus(), now));
    }

    @Override
    public void finishAll(List<Finished> finished) {
        for (Finished f : finished) {
            Key key = key(f.claim().event());
            DeliveryAttempt attempt = f.attempt();
            logs.get(key).replaceAll(a -> a.number() == attempt.number() ? attempt : a);
            Lease lease = leases.get(key);
            if (lease == null || !lease.id().equals(f.claim().lease())) {
                continue;
            }
            leases.remove(key);
            WebhookEvent e = events.get(key);
            events.put(key, with(e, f.next(), e.attempts(), e.maxAttempts(), f.nextAttemptAt(),
                    attempt.responseStatus(), f.now()));
        }
    }

    @Override
    public void recordSent(WebhookEvent event, DeliveryAttempt attempt) {
        append(event);
        logs.put(key(event), new ArrayList<>(List.of(attempt)));
    }

    @Override
    public Optional<WebhookEvent> find(PlatformId platform, UUID id) {
        return Optional.ofNullable(events.get(new Key(platform, id)));
    }

    @Override
    public List<DeliveryAttempt> attempts(PlatformId platform, UUID id) {
        return List.copyOf(logs.getOrDefault(new Key(platform, id), List.of()));
    }

    @Override
    public Page<WebhookEvent> list(PlatformId platform, EventFilter filter, PageRequest page) {
        return Keyset.page(events(platform).stream()
                        .filter(e -> filter.type() == null || e.type().equals(filter.type()))
                        .filter(e -> filter.status() == null || e.status() == filter.status()),
                WebhookEvent::createdAt, WebhookEvent::id, page);
    }

    @Override
    public boolean replay(PlatformId platform, UUID id, Instant now) {
        WebhookEvent e = events.get(new Key(platform, id));
        if (e == null) {
            return false;
        }
        int max = e.status() == EventStatus.PENDING ? e.maxAttempts() : e.attempts() + 1;
        events.put(key(e), with(e, EventStatus.PENDING, e.attempts(), max, now, e.lastResponseStatus(), now));
        return true;
    }

    @Override
    public int replayExhausted(PlatformId platform, Instant now) {
        List<WebhookEvent> exhausted = events(platform).stream()
                .filter(e -> e.status() == EventStatus.EXHAUSTED && !RetrySchedule.SENT_ONCE.contains(e.type())).toList();
        exhausted.forEach(e -> replay(platform, e.id(), now));
        return exhausted.size();
    }

    private boolean leased(Key key, Instant realNow) {
        Lease lease = leases.get(key);
        return lease != null && lease.until().isAfter(realNow);
    }

    private static Key key(WebhookEvent e) {
        return new Key(e.platformId(), e.id());
    }

    private static WebhookEvent with(WebhookEvent e, EventStatus status, int attempts, int maxAttempts,
                                     Instant nextAttemptAt, Integer lastResponseStatus, Instant updatedAt) {
        return new WebhookEvent(e.platformId(), e.id(), e.type(), e.data(), status, attempts, maxAttempts,
                nextAttemptAt, lastResponseStatus, e.createdAt(), updatedAt);
    }
}
