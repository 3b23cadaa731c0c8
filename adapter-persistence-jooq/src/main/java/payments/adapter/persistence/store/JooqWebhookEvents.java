package payments.adapter.persistence.store;

import static payments.adapter.persistence.Keyset.instant;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.WEBHOOK_ATTEMPTS;
import static payments.adapter.persistence.schema.Tables.WEBHOOK_EVENTS;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.impl.DSL;
import payments.adapter.persistence.AdvisoryLocks;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.JsonColumns;
import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.Statement;
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
 * The outbox and the delivery log. A claim takes the earliest due rows of each platform with free places in flight
 * (FOR UPDATE SKIP LOCKED, so concurrent claims in any number of processes never take the same attempt), leases them
 * and logs their attempts IN_FLIGHT; {@link #finishAll} moves each event on only while its claim's lease is still the
 * row's. A claim counts each platform's leases again under an advisory lock of the platform: concurrent claims do not
 * see each other's uncommitted leases, and each would fill the platform's places. A claim finding the lock taken
 * passes the platform by rather than wait (waiting while holding another platform's lock could deadlock); a claim
 * of one platform waits for it.
 */
public final class JooqWebhookEvents implements Outbox, WebhookDeliveries {
    private static final String ABANDONED_ERROR = "the process making this attempt stopped before its answer was "
            + "recorded; the event was claimed again when its lease ran out";
    private static final Statement INSERT = Statement.insert(WEBHOOK_EVENTS, WEBHOOK_EVENTS.PLATFORM_ID,
            WEBHOOK_EVENTS.ID, WEBHOOK_EVENTS.TYPE, WEBHOOK_EVENTS.DATA, WEBHOOK_EVENTS.STATUS, WEBHOOK_EVENTS.ATTEMPTS,
            WEBHOOK_EVENTS.MAX_ATTEMPTS, WEBHOOK_EVENTS.NEXT_ATTEMPT_AT, WEBHOOK_EVENTS.LAST_RESPONSE_STATUS,
            WEBHOOK_EVENTS.CREATED_AT, WEBHOOK_EVENTS.UPDATED_AT);
    private static final Field<OffsetDateTime> PLATFORM_NOW = DSL.field(DSL.name("platform_now"),
            OffsetDateTime.class);
    private static final Field<OffsetDateTime> REAL_NOW = Statement.param("real_now", WEBHOOK_EVENTS.NEXT_ATTEMPT_AT);
    /**
     * The platforms with pending events, one index descent each (a skip scan of the pending rows by platform):
     * reading every pending row would cost a claim a platform's whole backlog.
     */
    private static final String PENDING_PLATFORMS = """
            with recursive pending(platform_id) as (
                (select platform_id from webhook_events where status = 'PENDING' order by platform_id limit 1)
                union all
                select (select w.platform_id from webhook_events w where w.status = 'PENDING'
                        and w.platform_id > pending.platform_id order by w.platform_id limit 1)
                from pending where pending.platform_id is not null
            )
            select platform_id from pending where platform_id is not null and platform_id <> all({3})""";
    private static final Statement CLAIM_ANY = claim(PENDING_PLATFORMS);
    private static final Statement CLAIM_OF_PLATFORM = claim("select {3} as platform_id");
    /** Takes each platform's lock if free (a claim finding it taken passes the platform by). */
    private static final Statement TRY_LOCKS = Statement.query(ctx -> ctx.resultQuery(
            "select p.id, pg_try_advisory_xact_lock(p.lock) as locked from unnest({0}, {1}) as p(id, lock)",
            DSL.param("ids", UUID[].class), DSL.param("locks", Long[].class))
            .coerce(DSL.field("id", UUID.class), DSL.field("locked", Boolean.class)));
    /** The platforms' events leased now, committed ones included: read after their locks, in a new snapshot. */
    private static final Statement LEASED = Statement.query(ctx -> ctx.resultQuery(
            "select platform_id, count(*) as leased from webhook_events where platform_id = any({0}) and lease_until > {1} "
                    + "group by platform_id", DSL.param("ids", UUID[].class), REAL_NOW)
            .coerce(DSL.field("platform_id", UUID.class), DSL.field("leased", Long.class)));
    private static final Statement LEASE = Statement.updateRows(WEBHOOK_EVENTS,
            new Field<?>[]{WEBHOOK_EVENTS.PLATFORM_ID, WEBHOOK_EVENTS.ID}, WEBHOOK_EVENTS.PLATFORM_ID,
            WEBHOOK_EVENTS.ID, WEBHOOK_EVENTS.ATTEMPTS, WEBHOOK_EVENTS.LEASE_ID, WEBHOOK_EVENTS.LEASE_UNTIL);
    private static final Statement START_ATTEMPT = Statement.insert(WEBHOOK_ATTEMPTS, WEBHOOK_ATTEMPTS.PLATFORM_ID,
            WEBHOOK_ATTEMPTS.EVENT_ID, WEBHOOK_ATTEMPTS.ATTEMPT, WEBHOOK_ATTEMPTS.STARTED_AT,
            WEBHOOK_ATTEMPTS.OUTCOME);
    private static final Statement END_ATTEMPT = Statement.updateRows(WEBHOOK_ATTEMPTS,
            new Field<?>[]{WEBHOOK_ATTEMPTS.PLATFORM_ID, WEBHOOK_ATTEMPTS.EVENT_ID, WEBHOOK_ATTEMPTS.ATTEMPT},
            WEBHOOK_ATTEMPTS.PLATFORM_ID, WEBHOOK_ATTEMPTS.EVENT_ID, WEBHOOK_ATTEMPTS.ATTEMPT, WEBHOOK_ATTEMPTS.URL,
            WEBHOOK_ATTEMPTS.OUTCOME, WEBHOOK_ATTEMPTS.RESPONSE_STATUS, WEBHOOK_ATTEMPTS.RESPONSE_BODY,
            WEBHOOK_ATTEMPTS.LATENCY_MILLIS, WEBHOOK_ATTEMPTS.ERROR);
    /** The lease is a key: an event claimed again since (its lease ran out) is left to its new claim. */
    private static final Statement MOVE_ON = Statement.updateRows(WEBHOOK_EVENTS,
            new Field<?>[]{WEBHOOK_EVENTS.PLATFORM_ID, WEBHOOK_EVENTS.ID, WEBHOOK_EVENTS.LEASE_ID},
            WEBHOOK_EVENTS.PLATFORM_ID, WEBHOOK_EVENTS.ID, WEBHOOK_EVENTS.LEASE_ID, WEBHOOK_EVENTS.STATUS,
            WEBHOOK_EVENTS.NEXT_ATTEMPT_AT, WEBHOOK_EVENTS.LAST_RESPONSE_STATUS, WEBHOOK_EVENTS.LEASE_UNTIL,
            WEBHOOK_EVENTS.UPDATED_AT);
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
     * The due, unleased events of the platforms {@code platforms} names (its values from {3} on), with each one's
     * now: for each platform with free places in flight (fewer than {@code :max_in_flight} leased), its earliest due
     * rows up to those places, locked (skipping rows another claim holds) through its index on the platform and the
     * due time; of all these, the {@code :limit} earliest due.
     */
    private static Statement claim(String platforms) {
        return Statement.query(ctx -> ctx.resultQuery("""
                with lanes as (
                    select p.platform_id,
                           {0} + make_interval(secs => coalesce(c.offset_seconds, 0)::double precision) as platform_now,
                           {1} - (select count(*) from webhook_events l
                                  where l.platform_id = p.platform_id and l.lease_until > {0}) as free
                    from (""" + platforms + """
                ) p left join sandbox_clocks c on c.platform_id = p.platform_id
                )
                select e.*, lanes.platform_now from lanes cross join lateral (
                    select * from webhook_events e
                    where e.platform_id = lanes.platform_id and e.status = 'PENDING'
                      and (e.lease_until is null or e.lease_until <= {0}) and e.next_attempt_at <= lanes.platform_now
                    order by e.next_attempt_at
                    limit least(greatest(lanes.free, 0), {2})
                    for update of e skip locked
                ) e
                order by e.next_attempt_at
                limit {2}""", REAL_NOW, DSL.param("max_in_flight", Integer.class),
                DSL.param("limit", Integer.class), platforms.contains("all({3})")
                        ? DSL.param("skipped", UUID[].class) : DSL.param("platform", UUID.class))
                .coerce(Stream.concat(Arrays.stream(WEBHOOK_EVENTS.fields()), Stream.of(PLATFORM_NOW))
                        .toArray(Field[]::new)));
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
    public List<Claim> claimDue(PlatformId platform, Set<PlatformId> skipped, Instant realNow, Instant leaseUntil,
                                int maxInFlight, int limit) {
        List<Record> rows = platform == null
                ? CLAIM_ANY.fetch(db, utc(realNow), maxInFlight,
                        skipped.stream().map(PlatformId::value).toArray(UUID[]::new), limit)
                : CLAIM_OF_PLATFORM.fetch(db, utc(realNow), maxInFlight, platform.value(), limit);
        if (rows.isEmpty()) {
            return List.of();
        }
        Map<UUID, Integer> places = places(rows, platform != null, realNow, maxInFlight);
        UUID lease = UUID.randomUUID();
        List<Claim> claims = new ArrayList<>();
        List<Object[]> leases = new ArrayList<>();
        List<Object[]> started = new ArrayList<>();
        Set<UUID> abandoned = new HashSet<>();
        for (Record row : rows) {
            WebhookEventsRecord r = row.into(WEBHOOK_EVENTS);
            if (places.merge(r.getPlatformId(), -1, Integer::sum) < 0) {
                continue; // the platform's places were taken meanwhile, or its lock is another claim's
            }
            WebhookEvent event = toEvent(r);
            int attempt = event.attempts() + 1;
            OffsetDateTime startedAt = row.get(PLATFORM_NOW);
            if (r.getLeaseUntil() != null) {
                abandoned.add(r.getId());
            }
            leases.add(new Object[]{r.getPlatformId(), r.getId(), attempt, lease, utc(leaseUntil)});
            started.add(new Object[]{r.getPlatformId(), r.getId(), attempt, startedAt, AttemptOutcome.IN_FLIGHT.name()});
            claims.add(new Claim(withAttempts(event, attempt), attempt, lease, startedAt.toInstant()));
        }
        if (claims.isEmpty()) {
            return List.of();
        }
        LEASE.updateAll(db, leases);
        if (!abandoned.isEmpty()) {
            db.ctx().update(WEBHOOK_ATTEMPTS)
                    .set(WEBHOOK_ATTEMPTS.OUTCOME, AttemptOutcome.ABANDONED.name())
                    .set(WEBHOOK_ATTEMPTS.ERROR, ABANDONED_ERROR)
                    .where(WEBHOOK_ATTEMPTS.EVENT_ID.in(abandoned)
                            .and(WEBHOOK_ATTEMPTS.OUTCOME.eq(AttemptOutcome.IN_FLIGHT.name())))
                    .execute();
        }
        START_ATTEMPT.insertAll(db, started);
        return claims;
    }

    /**
     * How many of the claimed rows each platform may take: its places left after the leases committed so far,
     * read under its advisory lock (waited for when the claim is of one platform, else tried: 0 if taken).
     */
    private Map<UUID, Integer> places(List<Record> rows, boolean waitForLock, Instant realNow, int maxInFlight) {
        UUID[] platforms = rows.stream().map(r -> r.get(WEBHOOK_EVENTS.PLATFORM_ID)).distinct().toArray(UUID[]::new);
        Map<UUID, Integer> places = new HashMap<>();
        List<UUID> locked = new ArrayList<>();
        if (waitForLock) {
            AdvisoryLocks.lockForTransaction(db, lockOf(platforms[0]));
            locked.add(platforms[0]);
        } else {
            Long[] locks = Arrays.stream(platforms).map(JooqWebhookEvents::lockOf).toArray(Long[]::new);
            TRY_LOCKS.fetch(db, platforms, locks).forEach(r -> {
                if (Boolean.TRUE.equals(r.get("locked", Boolean.class))) {
                    locked.add(r.get("id", UUID.class));
                }
            });
        }
        locked.forEach(p -> places.put(p, maxInFlight));
        if (!locked.isEmpty()) {
            LEASED.fetch(db, locked.toArray(UUID[]::new), utc(realNow)).forEach(r -> places.merge(
                    r.get(0, UUID.class), -r.get(1, Long.class).intValue(), Integer::sum));
        }
        for (UUID p : platforms) {
            places.putIfAbsent(p, 0);
        }
        return places;
    }

    private static long lockOf(UUID platform) {
        return AdvisoryLocks.id("webhook deliveries in flight/" + platform);
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
                .setNull(e.LEASE_UNTIL)
                .set(e.UPDATED_AT, utc(now))
                .where(byId(event.platformId(), event.id()).and(e.LEASE_ID.eq(claim.lease())))
                .execute();
    }

    /** Two statements for any number: the attempts' outcomes, then the events' next steps, in key order. */
    @Override
    public void finishAll(List<Finished> finished) {
        if (finished.isEmpty()) {
            return;
        }
        List<Finished> ordered = finished.stream().sorted(Comparator
                .comparing((Finished f) -> f.claim().event().platformId().value())
                .thenComparing(f -> f.claim().event().id())).toList();
        List<Object[]> attempts = new ArrayList<>();
        List<Object[]> events = new ArrayList<>();
        for (Finished f : ordered) {
            WebhookEvent event = f.claim().event();
            DeliveryAttempt a = f.attempt();
            attempts.add(new Object[]{event.platformId().value(), event.id(), a.number(), bounded(a.url(), 2048),
                    a.outcome().name(), a.responseStatus(), a.responseBody(), a.latencyMillis(),
                    bounded(a.error(), 1000)});
            events.add(new Object[]{event.platformId().value(), event.id(), f.claim().lease(), f.next().name(),
                    utc(f.nextAttemptAt()), a.responseStatus(), null, utc(f.now())});
        }
        END_ATTEMPT.updateAll(db, attempts);
        MOVE_ON.updateAll(db, events);
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
