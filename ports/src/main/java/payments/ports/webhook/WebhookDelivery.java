package payments.ports.webhook;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
 * Sends webhook events. The outbox worker: claim due events (a short database transaction that leases them, many at
 * once), call each platform's endpoint with no transaction open, many calls at once, and record the attempts and the
 * next steps of the {@link RetrySchedule} in a new transaction, many at once. Anything that goes wrong with one event
 * is that event's failed attempt, so a poison event or a dead endpoint never stops the others; a platform has at most
 * {@link Limits#inFlightPerPlatform} calls in flight in this process, so a slow endpoint cannot occupy every caller,
 * and one whose call timed out is left alone for a while ({@link EndpointPauses}), so several such endpoints cannot
 * either.
 * {@code Workers} run the three steps as a pipeline; {@link #deliverNext} and {@link #deliverDue} run them in turn.
 */
public final class WebhookDelivery {
    static final Duration LEASE = Duration.ofSeconds(60);
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
    private final Limits limits;
    private final EndpointPauses pauses = new EndpointPauses();
    /** This process's calls in flight (claimed, their calls not yet ended), by platform. */
    private final Map<PlatformId, Integer> inFlight = new ConcurrentHashMap<>();

    /**
     * How long one call may take ({@code timeout}), and how many calls one platform may have in flight in one process
     * ({@code inFlightPerPlatform}).
     */
    public record Limits(Duration timeout, int inFlightPerPlatform) {
        public Limits {
            if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(LEASE.dividedBy(2)) > 0) {
                throw new IllegalArgumentException("the webhook timeout must be positive and end well within the "
                        + "lease of " + LEASE + ", not " + timeout);
            }
            if (inFlightPerPlatform < 1) {
                throw new IllegalArgumentException("a platform needs at least one call in flight");
            }
        }
    }

    public WebhookDelivery(WebhookDeliveries deliveries, Platforms platforms, WebhookKeyService keys,
                           WebhookTransport transport, PlatformClock clock, Ids ids, TransactionRunner tx,
                           Limits limits) {
        this.deliveries = deliveries;
        this.platforms = platforms;
        this.keys = keys;
        this.transport = transport;
        this.clock = clock;
        this.ids = ids;
        this.tx = tx;
        this.limits = limits;
    }

    /** An event sent synchronously, and its one attempt. */
    public record Sent(WebhookEvent event, DeliveryAttempt attempt) {
    }

    /**
     * A claimed event and what its call needs, read in the claim's transaction: its platform (null if it could not
     * be read) and the keys that sign.
     */
    public record Call(Claim claim, Platform platform, List<WebhookKey> signing) {
    }

    /** A call's outcome; {@code cutShort} when the process's stop cut it short: given back, uncounted. */
    public record Made(Call call, DeliveryAttempt attempt, boolean cutShort) {
    }

    /** How long one call may take. */
    public Duration timeout() {
        return limits.timeout();
    }

    /** Claims up to {@code max} due events of platforms whose endpoints are not paused, in one transaction. */
    public List<Call> claim(int max) {
        return claim(null, max);
    }

    /**
     * One call, with no transaction open; whatever fails on the way is a failed attempt of this event alone. The
     * outcome pauses or resumes the platform at once, so that the next claim knows.
     */
    public Made call(Call call) {
        Claim claim = call.claim();
        PlatformId platform = claim.event().platformId();
        try {
            DeliveryAttempt attempt = attempt(call);
            // Interrupted: the process is stopping (its callers' grace ran out). A call cut short is given back
            // uncounted.
            if (Thread.currentThread().isInterrupted() && !attempt.delivered()) {
                return new Made(call, attempt, true);
            }
            pauses.record(platform, attempt, clock.realNow());
            return new Made(call, attempt, false);
        } finally {
            inFlight.computeIfPresent(platform, (p, n) -> n <= 1 ? null : n - 1);
        }
    }

    /** Records calls made, in one transaction: each attempt's outcome and its event's next step. */
    public void record(List<Made> made) {
        if (made.isEmpty()) {
            return;
        }
        tx.inTransaction(() -> {
            List<WebhookDeliveries.Finished> finished = new ArrayList<>();
            for (Made m : made) {
                Claim claim = m.call().claim();
                Instant now = clock.now(claim.event().platformId());
                if (m.cutShort()) {
                    deliveries.release(claim, STOPPED, now);
                } else {
                    finished.add(next(claim, m.attempt(), now));
                }
            }
            deliveries.finishAll(finished);
        });
    }

    /** Delivers the next due event of any platform; false when none is due, or the process is stopping. */
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
        DeliveryAttempt attempt = attempt(event, data, 1, now, platform, keys.signingKeys(platform.id(), now));
        WebhookEvent sent = WebhookEvent.sentOnce(platform.id(), event.id(), type, data, attempt, now);
        pauses.record(platform.id(), attempt, clock.realNow());
        tx.inTransaction(() -> deliveries.recordSent(sent, attempt));
        return new Sent(sent, attempt);
    }

    /**
     * One attempt of a due event of {@code scope}, or of any platform whose endpoint is not paused: a platform's own
     * sandbox clock advance calls its endpoint even while the workers leave it alone. A call cut short by the
     * process's stop is given back, and false answered; the interrupt is cleared while the database is used, then
     * set again.
     */
    private boolean deliverOne(PlatformId scope) {
        List<Call> claimed = claim(scope, 1);
        if (claimed.isEmpty()) {
            return false;
        }
        Made made = call(claimed.get(0));
        boolean interrupted = Thread.interrupted();
        try {
            record(List.of(made));
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return !interrupted;
    }

    /**
     * Claims up to {@code max} due events of {@code scope} (any platform whose endpoint is not paused when null), no
     * platform past its places in flight, with their platforms and signing keys.
     */
    private List<Call> claim(PlatformId scope, int max) {
        Instant realNow = clock.realNow();
        int most = limits.inFlightPerPlatform();
        List<Call> claimed = tx.inTransaction(() -> {
            Set<PlatformId> skipped = new HashSet<>(scope == null ? pauses.pausedAt(realNow, this::endpointOf)
                    : Set.of());
            inFlight.forEach((p, n) -> {
                if (n >= most) {
                    skipped.add(p);
                }
            });
            List<Claim> claims = deliveries.claimDue(scope, skipped, realNow, realNow.plus(LEASE), most,
                    p -> most - inFlight.getOrDefault(p, 0), max);
            Map<PlatformId, Call> targets = new HashMap<>();
            List<Call> calls = new ArrayList<>();
            for (Claim claim : claims) {
                Call target = targets.computeIfAbsent(claim.event().platformId(), p -> target(p, claim));
                calls.add(new Call(claim, target.platform(), target.signing()));
            }
            return calls;
        });
        claimed.forEach(c -> inFlight.merge(c.claim().event().platformId(), 1, Integer::sum));
        return claimed;
    }

    /** The platform of a claimed event and its signing keys now, or none if they cannot be read. */
    private Call target(PlatformId platform, Claim claim) {
        try {
            return platforms.find(platform).map(p -> new Call(claim, p, keys.signingKeys(platform,
                    claim.startedAt()))).orElse(new Call(claim, null, List.of()));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "the platform or keys of webhook " + claim.event().wireId() + " are unreadable", e);
            return new Call(claim, null, List.of());
        }
    }

    /** The attempt's outcome and the event's next step: delivered, a retry by the schedule, or exhausted. */
    private static WebhookDeliveries.Finished next(Claim claim, DeliveryAttempt attempt, Instant now) {
        if (attempt.delivered()) {
            return new WebhookDeliveries.Finished(claim, attempt, EventStatus.DELIVERED, null, now);
        }
        Optional<Duration> wait = RetrySchedule.delayAfter(claim.attempt(), claim.event().maxAttempts());
        return new WebhookDeliveries.Finished(claim, attempt, wait.isPresent() ? EventStatus.PENDING
                : EventStatus.EXHAUSTED, wait.map(now::plus).orElse(null), now);
    }

    private String endpointOf(PlatformId platform) {
        return platforms.find(platform).map(p -> p.config().webhookEndpoint()).orElse(null);
    }

    private DeliveryAttempt attempt(Call call) {
        Claim claim = call.claim();
        if (call.platform() == null) {
            return DeliveryAttempt.failed(claim.attempt(), claim.startedAt(), null,
                    "internal error: the platform could not be read", 0);
        }
        return attempt(claim.event(), claim.dataText() != null ? claim.dataText() : claim.event().data(),
                claim.attempt(), claim.startedAt(), call.platform(), call.signing());
    }

    /** One call; whatever fails on the way (rendering, signing, the call) is a failed attempt of this event alone. */
    private DeliveryAttempt attempt(WebhookEvent event, Object data, int number, Instant startedAt, Platform platform,
                                    List<WebhookKey> signing) {
        String url = platform.config().webhookEndpoint();
        try {
            if (url == null) {
                return DeliveryAttempt.failed(number, startedAt, null, "the platform has no webhookEndpoint", 0);
            }
            Instant sentAt = clock.realNow();
            WebhookTransport.Result r = transport.post(platform.environment(), url, envelope(event, data, sentAt),
                    body -> keys.signatureHeaders(signing, event.wireId(), sentAt, body), limits.timeout());
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
    private static Map<String, Object> envelope(WebhookEvent event, Object data, Instant now) {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("id", event.wireId());
        envelope.put("type", event.type());
        envelope.put("timestamp", now.toString());
        if (data != null) {
            envelope.put("data", data);
        }
        return envelope;
    }
}
