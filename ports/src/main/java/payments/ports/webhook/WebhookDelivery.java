package payments.ports.webhook;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import payments.core.id.PlatformId;
import payments.core.platform.Platform;
import payments.core.webhook.DeliveryAttempt;
import payments.core.webhook.EventStatus;
import payments.core.webhook.RetrySchedule;
import payments.core.webhook.WebhookEvent;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.platform.Platforms;
import payments.ports.driven.webhook.WebhookDeliveries.Claim;
import payments.ports.driven.webhook.WebhookDeliveries;
import payments.ports.driven.webhook.WebhookKeys.WebhookKey;
import payments.ports.driven.webhook.WebhookTransport;
import payments.ports.time.PlatformClock;

/**
 * Sends webhook events. The outbox worker: claim a due event (a short database transaction that leases it), call
 * the platform's endpoint with no transaction open, record the attempt and the next step of the
 * {@link RetrySchedule} in a new transaction. Anything that goes wrong with one event is that event's failed
 * attempt, so a poison event or a dead endpoint never stops the others; a platform has at most
 * {@value #MAX_IN_FLIGHT_PER_PLATFORM} calls in flight, so a slow endpoint cannot occupy every worker, and one whose
 * call timed out is left alone for a while ({@link EndpointPauses}), so several such endpoints cannot either.
 */
public final class WebhookDelivery {
    static final Duration LEASE = Duration.ofSeconds(60);
    static final int MAX_IN_FLIGHT_PER_PLATFORM = 2;
    /** A sandbox clock advance makes at most this many deliveries, within this time; the workers do the rest. */
    static final int MAX_PER_ADVANCE = 50;
    static final Duration ADVANCE_BUDGET = Duration.ofSeconds(15);
    private static final Logger LOG = Logger.getLogger(WebhookDelivery.class.getName());
    static final String STOPPED = "the server stopped during the call; the attempt does not count, and the event "
            + "goes again";

    private final WebhookDeliveries deliveries;
    private final Platforms platforms;
    private final WebhookKeyService keys;
    private final WebhookTransport transport;
    private final PlatformClock clock;
    private final Ids ids;
    private final TransactionRunner tx;
    private final Duration timeout;
    private final EndpointPauses pauses = new EndpointPauses();

    public WebhookDelivery(WebhookDeliveries deliveries, Platforms platforms, WebhookKeyService keys,
                           WebhookTransport transport, PlatformClock clock, Ids ids, TransactionRunner tx,
                           Duration timeout) {
        if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(LEASE.dividedBy(2)) > 0) {
            throw new IllegalArgumentException("the webhook timeout must be positive and end well within the "
                    + "lease of " + LEASE + ", not " + timeout);
        }
        this.deliveries = deliveries;
        this.platforms = platforms;
        this.keys = keys;
        this.transport = transport;
        this.clock = clock;
        this.ids = ids;
        this.tx = tx;
        this.timeout = timeout;
    }

    /** An event sent synchronously, and its one attempt. */
    public record Sent(WebhookEvent event, DeliveryAttempt attempt) {
    }

    /** How long one call may take. */
    public Duration timeout() {
        return timeout;
    }

    /** Delivers the next due event of any platform; false when none is due. */
    public boolean deliverNext() {
        return deliverOne(null);
    }

    /** Delivers the platform's due events (a sandbox clock advance), within bounds; returns how many attempts. */
    public int deliverDue(PlatformId platform) {
        Instant stop = clock.realNow().plus(ADVANCE_BUDGET);
        int made = 0;
        while (made < MAX_PER_ADVANCE && clock.realNow().isBefore(stop) && deliverOne(platform)) {
            made++;
        }
        return made;
    }

    /**
     * Sends a new event at once, and records it with that one attempt whatever the outcome (approval and test
     * webhooks: the caller acts on the answer, nothing retries them).
     */
    public Sent sendNow(Platform platform, String type, Map<String, Object> data) {
        Instant now = clock.now(platform.id(), platform.environment());
        WebhookEvent event = WebhookEvent.emitted(platform.id(), ids.newId(), type, data, true, now);
        DeliveryAttempt attempt = attempt(event, 1, now);
        WebhookEvent sent = WebhookEvent.sentOnce(platform.id(), event.id(), type, data, attempt, now);
        pauses.record(platform.id(), attempt, clock.realNow());
        tx.inTransaction(() -> deliveries.recordSent(sent, attempt));
        return new Sent(sent, attempt);
    }

    /**
     * One attempt of a due event of {@code scope}, or of any platform whose endpoint is not paused: a platform's own
     * sandbox clock advance calls its endpoint even while the workers leave it alone.
     */
    private boolean deliverOne(PlatformId scope) {
        Instant realNow = clock.realNow();
        Optional<Claim> claimed = tx.inTransaction(() -> {
            Set<PlatformId> skipped = scope == null ? pauses.pausedAt(realNow, this::endpointOf) : Set.of();
            return deliveries.claimDue(scope, skipped, realNow, realNow.plus(LEASE), MAX_IN_FLIGHT_PER_PLATFORM);
        });
        if (claimed.isEmpty()) {
            return false;
        }
        Claim claim = claimed.get();
        DeliveryAttempt attempt = attempt(claim.event(), claim.attempt(), claim.startedAt());
        // Interrupted: the process is stopping (its workers' grace ran out). A call cut short is given back
        // uncounted, and nothing more is claimed; the flag is cleared while the database is used, then set again.
        if (Thread.interrupted()) {
            try {
                if (attempt.delivered()) {
                    record(claim, attempt);
                } else {
                    Instant now = clock.now(claim.event().platformId());
                    tx.inTransaction(() -> deliveries.release(claim, STOPPED, now));
                }
            } finally {
                Thread.currentThread().interrupt();
            }
            return false;
        }
        pauses.record(claim.event().platformId(), attempt, clock.realNow());
        record(claim, attempt);
        return true;
    }

    /** The attempt's outcome and the event's next step: delivered, a retry by the schedule, or exhausted. */
    private void record(Claim claim, DeliveryAttempt attempt) {
        Instant now = clock.now(claim.event().platformId());
        tx.inTransaction(() -> {
            if (attempt.delivered()) {
                deliveries.finish(claim, attempt, EventStatus.DELIVERED, null, now);
                return;
            }
            Optional<Duration> wait = RetrySchedule.delayAfter(claim.attempt(), claim.event().maxAttempts());
            deliveries.finish(claim, attempt, wait.isPresent() ? EventStatus.PENDING : EventStatus.EXHAUSTED,
                    wait.map(now::plus).orElse(null), now);
        });
    }

    private String endpointOf(PlatformId platform) {
        return platforms.find(platform).map(p -> p.config().webhookEndpoint()).orElse(null);
    }

    /** One call; whatever fails on the way (rendering, keys, the call) is a failed attempt of this event alone. */
    private DeliveryAttempt attempt(WebhookEvent event, int number, Instant startedAt) {
        String url = null;
        try {
            Platform platform = platforms.find(event.platformId()).orElseThrow();
            url = platform.config().webhookEndpoint();
            if (url == null) {
                return DeliveryAttempt.failed(number, startedAt, null, "the platform has no webhookEndpoint", 0);
            }
            Instant now = clock.now(platform.id(), platform.environment());
            List<WebhookKey> signing = keys.signingKeys(platform.id(), now);
            Instant sentAt = clock.realNow();
            WebhookTransport.Result r = transport.post(platform.environment(), url, envelope(event, sentAt),
                    body -> keys.signatureHeaders(signing, event.wireId(), sentAt, body), timeout);
            if (r.timedOut()) {
                return DeliveryAttempt.timedOut(number, startedAt, url, r.latencyMillis());
            }
            return r.status() == null ? DeliveryAttempt.failed(number, startedAt, url, r.error(), r.latencyMillis())
                    : DeliveryAttempt.answered(number, startedAt, url, r.status(), r.body(), r.latencyMillis());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "webhook " + event.wireId() + " attempt " + number + " failed", e);
            return DeliveryAttempt.failed(number, startedAt, url, "internal error: " + e.getClass().getSimpleName(),
                    0);
        }
    }

    /**
     * The reference's envelope; {@code timestamp} is the send time in real time, also on a sandbox platform whose
     * clock was moved ahead: a receiver checks it for freshness against its own clock (the sandbox's time travels in
     * the payload's own fields).
     */
    private static Map<String, Object> envelope(WebhookEvent event, Instant now) {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("id", event.wireId());
        envelope.put("type", event.type());
        envelope.put("timestamp", now.toString());
        if (event.data() != null) {
            envelope.put("data", event.data());
        }
        return envelope;
    }
}
