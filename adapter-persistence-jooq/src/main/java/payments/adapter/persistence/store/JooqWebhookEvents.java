package payments.adapter.persistence.store;

import payments.adapter.persistence.AdvisoryLocks;
import payments.adapter.persistence.PlatformTime;
import payments.adapter.persistence.JsonColumns;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Statement;
import static payments.adapter.persistence.Keyset.instant;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.WEBHOOK_ATTEMPTS;
import static payments.adapter.persistence.schema.Tables.WEBHOOK_EVENTS;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Select;
import org.jooq.impl.DSL;
import payments.adapter.persistence.schema.tables.records.WebhookAttemptsRecord;
import payments.adapter.persistence.schema.tables.records.WebhookEventsRecord;
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
 * The outbox and the delivery log. A claim locks the earliest due row with FOR UPDATE SKIP LOCKED (so concurrent
 * workers in any number of processes never claim the same attempt), leases it, and logs the attempt IN_FLIGHT;
 * {@link #finish} moves the event on only while the claim's lease is still the row's. A claim counts its platform's
 * leases again under an advisory lock of the platform: concurrent claims do not see each other's uncommitted leases,
 * and each would take the platform's last place in flight. A claim finding the lock taken passes the platform by
 * rather than wait (waiting while holding another platform's lock could deadlock).
 */
public final class JooqWebhookEvents implements Outbox, WebhookDeliveries {
    /** Platforms one claim passes by (their limit reached meanwhile) before it gives up until the next poll. */
    private static final int MAX_PLATFORMS_PASSED = 8;
    private static final String ABANDONED_ERROR = "the process making this attempt stopped before its answer was "
            + "recorded; the event was claimed again when its lease ran out";
    private static final Statement INSERT = Statement.insert(WEBHOOK_EVENTS, WEBHOOK_EVENTS.PLATFORM_ID,
            WEBHOOK_EVENTS.ID, WEBHOOK_EVENTS.TYPE, WEBHOOK_EVENTS.DATA, WEBHOOK_EVENTS.STATUS, WEBHOOK_EVENTS.ATTEMPTS,
            WEBHOOK_EVENTS.MAX_ATTEMPTS, WEBHOOK_EVENTS.NEXT_ATTEMPT_AT, WEBHOOK_EVENTS.LAST_RESPONSE_STATUS,
            WEBHOOK_EVENTS.CREATED_AT, WEBHOOK_EVENTS.UPDATED_AT);
    private static final Field<OffsetDateTime> PLATFORM_NOW = DSL.field(DSL.name("platform_now"),
            OffsetDateTime.class);
    private static final Field<OffsetDateTime> REAL_NOW = Statement.param("real_now", WEBHOOK_EVENTS.NEXT_ATTEMPT_AT);
    private static final PlatformTime.DuePasses CLAIM_ANY = PlatformTime.DuePasses.of(WEBHOOK_EVENTS,
            WEBHOOK_EVENTS.PLATFORM_ID, WEBHOOK_EVENTS.ID, WEBHOOK_EVENTS.STATUS.eq(EventStatus.PENDING.name())
                    .and(unleased()), WEBHOOK_EVENTS.NEXT_ATTEMPT_AT, REAL_NOW, DSL.inline(50),
            JooqWebhookEvents::claim);
    private static final Statement CLAIM_OF_PLATFORM = Statement.query(ctx -> {
        var platform = Statement.param(WEBHOOK_EVENTS.PLATFORM_ID);
        return claim(ctx, WEBHOOK_EVENTS.PLATFORM_ID.eq(platform)
                .and(PlatformTime.reachedBy(platform, WEBHOOK_EVENTS.NEXT_ATTEMPT_AT, REAL_NOW)));
    });
    private final Db db;

    public JooqWebhookEvents(Db db) {
        this.db = db;
    }

    @Override
    public void append(WebhookEvent e) {
        INSERT.write(db, record(e));
    }

    /** One statement, sent with the transaction's next one ({@link Statement#insertAll}). */
    @Override
    public void appendAll(List<WebhookEvent> events) {
        INSERT.writeAll(db, events.stream().map(JooqWebhookEvents::record).toList());
    }

    /**
     * The earliest pending event that is {@code due} and whose platform has fewer than
     * {@code :max_in_flight} leased and is not one of {@code :skipped}, locked (skipping those another process
     * holds), with its platform's now: every
     * delivery thread of every process runs it every poll, so it is rendered once.
     */
    private static Select<?> claim(DSLContext ctx, Condition due) {
        var e = WEBHOOK_EVENTS;
        var busy = WEBHOOK_EVENTS.as("busy");
        var inFlight = DSL.selectCount().from(busy).where(busy.PLATFORM_ID.eq(e.PLATFORM_ID)
                .and(busy.STATUS.eq(EventStatus.PENDING.name())).and(busy.LEASE_UNTIL.gt(REAL_NOW)));
        return ctx.select(e.fields())
                .select(PlatformTime.now(e.PLATFORM_ID, REAL_NOW).as(PLATFORM_NOW)).from(e)
                .where(due.and(e.STATUS.eq(EventStatus.PENDING.name()))
                        .and(unleased())
                        .and(inFlight.asField().lt(Statement.param("max_in_flight", e.ATTEMPTS)))
                        .and(e.PLATFORM_ID.ne(DSL.all(DSL.param("skipped",
                                e.PLATFORM_ID.getDataType().getArrayDataType())))))
                .orderBy(e.NEXT_ATTEMPT_AT)
                .limit(1)
                .forUpdate().of(e).skipLocked();
    }

    /** The platform's events leased now, committed ones included (read after its advisory lock). */
    private int leased(UUID platform, Instant realNow) {
        var e = WEBHOOK_EVENTS;
        return db.ctx().fetchCount(e, e.PLATFORM_ID.eq(platform).and(e.STATUS.eq(EventStatus.PENDING.name()))
                .and(e.LEASE_UNTIL.gt(utc(realNow))));
    }

    /** An event no attempt holds: never leased, or its lease ran out. */
    private static Condition unleased() {
        return WEBHOOK_EVENTS.LEASE_UNTIL.isNull().or(WEBHOOK_EVENTS.LEASE_UNTIL.le(REAL_NOW));
    }

    private static Row<WebhookEventsRecord> record(WebhookEvent e) {
        Row<WebhookEventsRecord> r = Row.of(WEBHOOK_EVENTS);
        r.set(WEBHOOK_EVENTS.PLATFORM_ID, e.platformId().value());
        r.set(WEBHOOK_EVENTS.ID, e.id());
        r.set(WEBHOOK_EVENTS.TYPE, e.type());
        r.set(WEBHOOK_EVENTS.DATA, e.data() == null ? null : JsonColumns.write(e.data()));
        r.set(WEBHOOK_EVENTS.STATUS, e.status().name());
        r.set(WEBHOOK_EVENTS.ATTEMPTS, e.attempts());
        r.set(WEBHOOK_EVENTS.MAX_ATTEMPTS, e.maxAttempts());
        r.set(WEBHOOK_EVENTS.NEXT_ATTEMPT_AT, utc(e.nextAttemptAt()));
        r.set(WEBHOOK_EVENTS.LAST_RESPONSE_STATUS, e.lastResponseStatus());
        r.set(WEBHOOK_EVENTS.CREATED_AT, utc(e.createdAt()));
        r.set(WEBHOOK_EVENTS.UPDATED_AT, utc(e.updatedAt()));
        return r;
    }

    @Override
    public Optional<Claim> claimDue(PlatformId platform, Set<PlatformId> skipped, Instant realNow,
                                    Instant leaseUntil, int maxInFlight) {
        var e = WEBHOOK_EVENTS;
        UUID[] skippedIds = skipped.stream().map(PlatformId::value).toArray(UUID[]::new);
        // Values in the order their names first appear: the select list's real_now, then the scope's platform_id.
        Set<UUID> full = new HashSet<>();
        Record row;
        do {
            UUID[] passed = Stream.concat(Arrays.stream(skippedIds), full.stream()).toArray(UUID[]::new);
            // The claim's own count of leases (a filter that spares most platforms at their limit the lock below).
            row = (platform == null ? CLAIM_ANY.fetchOptional(db, utc(realNow), maxInFlight, passed)
                    : CLAIM_OF_PLATFORM.fetchOptional(db, utc(realNow), platform.value(), maxInFlight, passed))
                    .orElse(null);
            if (row == null) {
                return Optional.empty();
            }
            UUID of = row.get(e.PLATFORM_ID);
            if (!AdvisoryLocks.tryLockForTransaction(db, AdvisoryLocks.id("webhook deliveries in flight/" + of))
                    || leased(of, realNow) >= maxInFlight) {
                full.add(of); // another claim of the platform runs, or took its last place: try the next platform
                row = null;
            }
        } while (row == null && full.size() < MAX_PLATFORMS_PASSED);
        if (row == null) {
            return Optional.empty();
        }
        WebhookEvent event = toEvent(row.into(e));
        int attempt = event.attempts() + 1;
        UUID lease = UUID.randomUUID();
        OffsetDateTime startedAt = row.get(PLATFORM_NOW);
        db.ctx().update(e).set(e.ATTEMPTS, attempt).set(e.LEASE_ID, lease).set(e.LEASE_UNTIL, utc(leaseUntil))
                .where(byId(event.platformId(), event.id())).execute();
        db.ctx().update(WEBHOOK_ATTEMPTS)
                .set(WEBHOOK_ATTEMPTS.OUTCOME, AttemptOutcome.ABANDONED.name())
                .set(WEBHOOK_ATTEMPTS.ERROR, ABANDONED_ERROR)
                .where(attemptsOf(event.platformId(), event.id())
                        .and(WEBHOOK_ATTEMPTS.OUTCOME.eq(AttemptOutcome.IN_FLIGHT.name())))
                .execute();
        db.ctx().insertInto(WEBHOOK_ATTEMPTS)
                .set(WEBHOOK_ATTEMPTS.PLATFORM_ID, event.platformId().value())
                .set(WEBHOOK_ATTEMPTS.EVENT_ID, event.id())
                .set(WEBHOOK_ATTEMPTS.ATTEMPT, attempt)
                .set(WEBHOOK_ATTEMPTS.STARTED_AT, startedAt)
                .set(WEBHOOK_ATTEMPTS.OUTCOME, AttemptOutcome.IN_FLIGHT.name())
                .execute();
        return Optional.of(new Claim(withAttempts(event, attempt), attempt, lease, startedAt.toInstant()));
    }

    @Override
    public void release(Claim claim, String reason, Instant now) {
        WebhookEvent event = claim.event();
        db.ctx().update(WEBHOOK_ATTEMPTS)
                .set(WEBHOOK_ATTEMPTS.OUTCOME, AttemptOutcome.ABANDONED.name())
                .set(WEBHOOK_ATTEMPTS.ERROR, reason)
                .where(attemptsOf(event.platformId(), event.id()).and(WEBHOOK_ATTEMPTS.ATTEMPT.eq(claim.attempt()))
                        .and(WEBHOOK_ATTEMPTS.OUTCOME.eq(AttemptOutcome.IN_FLIGHT.name())))
                .execute();
        var e = WEBHOOK_EVENTS;
        // Attempts keep their numbers (the log's key): the budget grows by the one that did not count.
        db.ctx().update(e)
                .set(e.MAX_ATTEMPTS, e.MAX_ATTEMPTS.plus(1))
                .setNull(e.LEASE_ID)
                .setNull(e.LEASE_UNTIL)
                .set(e.UPDATED_AT, utc(now))
                .where(byId(event.platformId(), event.id()).and(e.LEASE_ID.eq(claim.lease())))
                .execute();
    }

    @Override
    public void finish(Claim claim, DeliveryAttempt attempt, EventStatus next, Instant nextAttemptAt, Instant now) {
        WebhookEvent event = claim.event();
        db.ctx().update(WEBHOOK_ATTEMPTS).set(attemptRecord(event, attempt).values())
                .where(attemptsOf(event.platformId(), event.id()).and(WEBHOOK_ATTEMPTS.ATTEMPT.eq(attempt.number())))
                .execute();
        var e = WEBHOOK_EVENTS;
        db.ctx().update(e)
                .set(e.STATUS, next.name())
                .set(e.NEXT_ATTEMPT_AT, utc(nextAttemptAt))
                .set(e.LAST_RESPONSE_STATUS, attempt.responseStatus())
                .setNull(e.LEASE_ID)
                .setNull(e.LEASE_UNTIL)
                .set(e.UPDATED_AT, utc(now))
                .where(byId(event.platformId(), event.id()).and(e.LEASE_ID.eq(claim.lease())))
                .execute();
    }

    @Override
    public void recordSent(WebhookEvent event, DeliveryAttempt attempt) {
        append(event);
        db.ctx().insertInto(WEBHOOK_ATTEMPTS).set(attemptRecord(event, attempt).values()).execute();
    }

    @Override
    public Optional<WebhookEvent> find(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(WEBHOOK_EVENTS).where(byId(platform, id)).fetchOptional()
                .map(JooqWebhookEvents::toEvent);
    }

    @Override
    public List<DeliveryAttempt> attempts(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(WEBHOOK_ATTEMPTS).where(attemptsOf(platform, id))
                .orderBy(WEBHOOK_ATTEMPTS.ATTEMPT).fetch(JooqWebhookEvents::toAttempt);
    }

    @Override
    public Page<WebhookEvent> list(PlatformId platform, EventFilter filter, PageRequest page) {
        Condition c = WEBHOOK_EVENTS.PLATFORM_ID.eq(platform.value());
        if (filter.type() != null) {
            c = c.and(WEBHOOK_EVENTS.TYPE.eq(filter.type()));
        }
        if (filter.status() != null) {
            c = c.and(WEBHOOK_EVENTS.STATUS.eq(filter.status().name()));
        }
        if (filter.resourceId() != null) {
            c = c.and(DSL.condition("{0} ->> 'id' = {1}", WEBHOOK_EVENTS.DATA, DSL.val(filter.resourceId())));
        }
        return Keyset.page(db.ctx(), WEBHOOK_EVENTS, WEBHOOK_EVENTS.fields(), WEBHOOK_EVENTS.CREATED_AT,
                WEBHOOK_EVENTS.ID, c, page, r -> toEvent(r.into(WEBHOOK_EVENTS)));
    }

    @Override
    public boolean replay(PlatformId platform, UUID id, Instant now) {
        return replayWhere(byId(platform, id), now) == 1;
    }

    @Override
    public int replayExhausted(PlatformId platform, Instant now) {
        return replayWhere(WEBHOOK_EVENTS.PLATFORM_ID.eq(platform.value())
                .and(WEBHOOK_EVENTS.STATUS.eq(EventStatus.EXHAUSTED.name()))
                .and(WEBHOOK_EVENTS.TYPE.notIn(RetrySchedule.SENT_ONCE)), now);
    }

    /** Due now with one more attempt allowed; a PENDING event keeps what it has left and is only made due. */
    private int replayWhere(Condition which, Instant now) {
        var e = WEBHOOK_EVENTS;
        return db.ctx().update(e)
                .set(e.MAX_ATTEMPTS, DSL.when(e.STATUS.eq(EventStatus.PENDING.name()), e.MAX_ATTEMPTS)
                        .otherwise(e.ATTEMPTS.plus(1)))
                .set(e.STATUS, EventStatus.PENDING.name())
                .set(e.NEXT_ATTEMPT_AT, utc(now))
                .set(e.UPDATED_AT, utc(now))
                .where(which)
                .execute();
    }

    private static Condition byId(PlatformId platform, UUID id) {
        return WEBHOOK_EVENTS.PLATFORM_ID.eq(platform.value()).and(WEBHOOK_EVENTS.ID.eq(id));
    }

    private static Condition attemptsOf(PlatformId platform, UUID id) {
        return WEBHOOK_ATTEMPTS.PLATFORM_ID.eq(platform.value()).and(WEBHOOK_ATTEMPTS.EVENT_ID.eq(id));
    }

    private static Row<WebhookAttemptsRecord> attemptRecord(WebhookEvent event, DeliveryAttempt a) {
        Row<WebhookAttemptsRecord> r = Row.of(WEBHOOK_ATTEMPTS);
        r.set(WEBHOOK_ATTEMPTS.PLATFORM_ID, event.platformId().value());
        r.set(WEBHOOK_ATTEMPTS.EVENT_ID, event.id());
        r.set(WEBHOOK_ATTEMPTS.ATTEMPT, a.number());
        r.set(WEBHOOK_ATTEMPTS.STARTED_AT, utc(a.startedAt()));
        r.set(WEBHOOK_ATTEMPTS.URL, bounded(a.url(), 2048));
        r.set(WEBHOOK_ATTEMPTS.OUTCOME, a.outcome().name());
        r.set(WEBHOOK_ATTEMPTS.RESPONSE_STATUS, a.responseStatus());
        r.set(WEBHOOK_ATTEMPTS.RESPONSE_BODY, a.responseBody());
        r.set(WEBHOOK_ATTEMPTS.LATENCY_MILLIS, a.latencyMillis());
        r.set(WEBHOOK_ATTEMPTS.ERROR, bounded(a.error(), 1000));
        return r;
    }

    private static String bounded(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }

    private static WebhookEvent withAttempts(WebhookEvent e, int attempts) {
        return new WebhookEvent(e.platformId(), e.id(), e.type(), e.data(), e.status(), attempts, e.maxAttempts(),
                e.nextAttemptAt(), e.lastResponseStatus(), e.createdAt(), e.updatedAt());
    }

    private static WebhookEvent toEvent(WebhookEventsRecord r) {
        return new WebhookEvent(new PlatformId(r.getPlatformId()), r.getId(), r.getType(),
                r.getData() == null ? null : JsonColumns.readObject(r.getData()), EventStatus.valueOf(r.getStatus()),
                r.getAttempts(), r.getMaxAttempts(), instant(r.getNextAttemptAt()), r.getLastResponseStatus(),
                r.getCreatedAt().toInstant(), r.getUpdatedAt().toInstant());
    }

    private static DeliveryAttempt toAttempt(WebhookAttemptsRecord r) {
        return new DeliveryAttempt(r.getAttempt(), r.getStartedAt().toInstant(), r.getUrl(),
                AttemptOutcome.valueOf(r.getOutcome()), r.getResponseStatus(), r.getResponseBody(),
                r.getLatencyMillis(), r.getError());
    }
}
