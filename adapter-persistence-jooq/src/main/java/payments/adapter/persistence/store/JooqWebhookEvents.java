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
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.ToIntFunction;
import java.util.stream.Stream;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.Param;
import org.jooq.Record;
import org.jooq.impl.DSL;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.JsonColumns;
import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.PlatformTime;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.Statement;
import payments.adapter.persistence.schema.tables.records.WebhookAttemptsRecord;
import payments.adapter.persistence.schema.tables.records.WebhookEventsRecord;
import payments.core.id.PlatformId;
import payments.core.json.JsonText;
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
 * The outbox and the delivery log. A claim takes the earliest due rows of each platform, up to the places the caller
 * gives it (FOR UPDATE SKIP LOCKED, so concurrent claims in any number of processes never take the same attempt), and
 * leases them, keeping each attempt's start on its event; {@link #finishAll} moves each event on only while its
 * claim's lease is still the row's, and logs the attempt. A call's attempt is shown IN_FLIGHT while its event is
 * leased; a claim that finds a lease run out (its process stopped mid-call) logs that attempt ABANDONED.
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
    private static final Statement CLAIM_ANY = claim(PENDING_PLATFORMS, DSL.param("skipped", UUID[].class));
    private static final Statement CLAIM_OF_PLATFORM = claim("select {3} as platform_id",
            DSL.param("platform", UUID.class));
    private static final Statement LEASE = Statement.updateRows(WEBHOOK_EVENTS,
            new Field<?>[]{WEBHOOK_EVENTS.PLATFORM_ID, WEBHOOK_EVENTS.ID}, WEBHOOK_EVENTS.PLATFORM_ID,
            WEBHOOK_EVENTS.ID, WEBHOOK_EVENTS.ATTEMPTS, WEBHOOK_EVENTS.LEASE_ID, WEBHOOK_EVENTS.LEASE_UNTIL,
            WEBHOOK_EVENTS.ATTEMPT_STARTED_AT);
    private static final Statement INSERT_ATTEMPT = Statement.insert(WEBHOOK_ATTEMPTS, WEBHOOK_ATTEMPTS.PLATFORM_ID,
            WEBHOOK_ATTEMPTS.EVENT_ID, WEBHOOK_ATTEMPTS.ATTEMPT, WEBHOOK_ATTEMPTS.STARTED_AT, WEBHOOK_ATTEMPTS.URL,
            WEBHOOK_ATTEMPTS.OUTCOME, WEBHOOK_ATTEMPTS.RESPONSE_STATUS, WEBHOOK_ATTEMPTS.RESPONSE_BODY,
            WEBHOOK_ATTEMPTS.LATENCY_MILLIS, WEBHOOK_ATTEMPTS.ERROR);
    /** The lease is a key: an event claimed again since (its lease ran out) is left to its new claim. */
    private static final Statement MOVE_ON = Statement.updateRows(WEBHOOK_EVENTS,
            new Field<?>[]{WEBHOOK_EVENTS.PLATFORM_ID, WEBHOOK_EVENTS.ID, WEBHOOK_EVENTS.LEASE_ID},
            new Field<?>[]{WEBHOOK_EVENTS.PLATFORM_ID, WEBHOOK_EVENTS.ID},
            WEBHOOK_EVENTS.PLATFORM_ID, WEBHOOK_EVENTS.ID, WEBHOOK_EVENTS.LEASE_ID, WEBHOOK_EVENTS.STATUS,
            WEBHOOK_EVENTS.NEXT_ATTEMPT_AT, WEBHOOK_EVENTS.LAST_RESPONSE_STATUS, WEBHOOK_EVENTS.LEASE_UNTIL,
            WEBHOOK_EVENTS.ATTEMPT_STARTED_AT, WEBHOOK_EVENTS.UPDATED_AT);
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
     * The due, unleased events of the platforms that {@code platforms} selects (its placeholder {3} taking
     * {@code platformsValue}), with each one's now: each platform's {@code :per_platform} earliest due rows, locked
     * (skipping rows another claim holds) through its index on the platform and the due time; of all these, the
     * {@code :limit} earliest due.
     */
    private static Statement claim(String platforms, Param<?> platformsValue) {
        return Statement.query(ctx -> ctx.resultQuery("""
                with lanes as (
                    select p.platform_id, {4} as platform_now
                    from (""" + platforms + """
                ) p
                )
                select e.*, lanes.platform_now from lanes cross join lateral (
                    select * from webhook_events e
                    where e.platform_id = lanes.platform_id and e.status = 'PENDING'
                      and (e.lease_until is null or e.lease_until <= {0}) and e.next_attempt_at <= lanes.platform_now
                    order by e.next_attempt_at
                    limit least({1}, {2})
                    for update of e skip locked
                ) e
                order by e.next_attempt_at
                limit {2}""", REAL_NOW, DSL.param("per_platform", Integer.class),
                DSL.param("limit", Integer.class), platformsValue,
                PlatformTime.now(DSL.field(DSL.name("p", "platform_id"), UUID.class), REAL_NOW))
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
                                int perPlatform, ToIntFunction<PlatformId> places, int limit) {
        List<Record> rows = platform == null
                ? CLAIM_ANY.fetch(db, utc(realNow), skipped.stream().map(PlatformId::value).toArray(UUID[]::new),
                        perPlatform, limit)
                : CLAIM_OF_PLATFORM.fetch(db, utc(realNow), platform.value(), perPlatform, limit);
        Map<UUID, Integer> left = new HashMap<>();
        UUID lease = UUID.randomUUID();
        List<Claim> claims = new ArrayList<>();
        List<Object[]> leases = new ArrayList<>();
        List<Object[]> abandoned = new ArrayList<>();
        for (Record row : rows) {
            WebhookEventsRecord r = row.into(WEBHOOK_EVENTS);
            if (left.computeIfAbsent(r.getPlatformId(), p -> places.applyAsInt(new PlatformId(p))) <= 0) {
                continue; // locked, not leased: free again when this transaction ends
            }
            left.merge(r.getPlatformId(), -1, Integer::sum);
            WebhookEvent event = toEvent(r, null); // its data travels as stored, unread (dataText)
            int attempt = event.attempts() + 1;
            OffsetDateTime startedAt = row.get(PLATFORM_NOW);
            if (r.getLeaseUntil() != null) {
                OffsetDateTime lostStart = Objects.requireNonNullElse(r.getAttemptStartedAt(), startedAt);
                abandoned.add(attemptValues(event, DeliveryAttempt.abandoned(r.getAttempts(), lostStart.toInstant(),
                        ABANDONED_ERROR)));
            }
            leases.add(new Object[]{r.getPlatformId(), r.getId(), attempt, lease, utc(leaseUntil), startedAt});
            claims.add(new Claim(withAttempts(event, attempt), attempt, lease, startedAt.toInstant(),
                    r.getData() == null ? null : new JsonText(r.getData().data())));
        }
        LEASE.updateAll(db, leases);
        INSERT_ATTEMPT.insertAll(db, abandoned);
        return claims;
    }

    @Override
    public void release(Claim claim, String reason, Instant now) {
        WebhookEvent event = claim.event();
        var e = WEBHOOK_EVENTS;
        // Attempts keep their numbers (the log's key): the budget grows by the one that did not count.
        int released = db.ctx().update(e)
                .set(e.MAX_ATTEMPTS, e.MAX_ATTEMPTS.plus(1))
                .setNull(e.LEASE_UNTIL)
                .setNull(e.ATTEMPT_STARTED_AT)
                .set(e.UPDATED_AT, utc(now))
                .where(byId(event.platformId(), event.id()).and(e.LEASE_ID.eq(claim.lease())))
                .execute();
        if (released == 1) {
            INSERT_ATTEMPT.insertAll(db, List.<Object[]>of(attemptValues(event, DeliveryAttempt.abandoned(
                    claim.attempt(), claim.startedAt(), reason))));
        }
    }

    /**
     * Two statements for any number: the events' next steps (in key order), then the log rows of the attempts whose
     * claims still held their leases (sent with the commit; a lost claim's attempt was logged ABANDONED).
     */
    @Override
    public void finishAll(List<Finished> finished) {
        List<Finished> ordered = finished.stream().sorted(Comparator
                .comparing((Finished f) -> f.claim().event().platformId().value())
                .thenComparing(f -> f.claim().event().id())).toList();
        List<Object[]> events = new ArrayList<>();
        for (Finished f : ordered) {
            WebhookEvent event = f.claim().event();
            events.add(new Object[]{event.platformId().value(), event.id(), f.claim().lease(), f.next().name(),
                    utc(f.nextAttemptAt()), f.attempt().responseStatus(), null, null, utc(f.now())});
        }
        Set<List<UUID>> moved = new HashSet<>();
        MOVE_ON.updateAllReturning(db, events).forEach(r -> moved.add(List.of(r.get(WEBHOOK_EVENTS.PLATFORM_ID),
                r.get(WEBHOOK_EVENTS.ID))));
        INSERT_ATTEMPT.insertAll(db, ordered.stream()
                .filter(f -> moved.contains(List.of(f.claim().event().platformId().value(), f.claim().event().id())))
                .map(f -> attemptValues(f.claim().event(), f.attempt())).toList());
    }

    @Override
    public void recordSent(WebhookEvent event, DeliveryAttempt attempt) {
        append(event);
        INSERT_ATTEMPT.insertAll(db, List.<Object[]>of(attemptValues(event, attempt)));
    }

    @Override
    public Optional<WebhookEvent> find(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(WEBHOOK_EVENTS).where(byId(platform, id)).fetchOptional()
                .map(JooqWebhookEvents::toEvent);
    }

    /** The attempts logged, and the one whose call runs (its event leased) as IN_FLIGHT. */
    @Override
    public List<DeliveryAttempt> attempts(PlatformId platform, UUID id) {
        List<DeliveryAttempt> log = new ArrayList<>(db.ctx().selectFrom(WEBHOOK_ATTEMPTS)
                .where(attemptsOf(platform, id)).orderBy(WEBHOOK_ATTEMPTS.ATTEMPT).fetch(JooqWebhookEvents::toAttempt));
        var e = WEBHOOK_EVENTS;
        db.ctx().select(e.ATTEMPTS, e.ATTEMPT_STARTED_AT).from(e).where(byId(platform, id)
                        .and(e.LEASE_UNTIL.isNotNull()).and(e.ATTEMPT_STARTED_AT.isNotNull()))
                .fetchOptional().ifPresent(r -> log.add(DeliveryAttempt.inFlight(r.value1(), r.value2().toInstant())));
        return log;
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

    private static Object[] attemptValues(WebhookEvent event, DeliveryAttempt a) {
        return new Object[]{event.platformId().value(), event.id(), a.number(), utc(a.startedAt()),
                bounded(a.url(), 2048), a.outcome().name(), a.responseStatus(), a.responseBody(), a.latencyMillis(),
                bounded(a.error(), 1000)};
    }

    private static String bounded(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }

    private static WebhookEvent withAttempts(WebhookEvent e, int attempts) {
        return new WebhookEvent(e.platformId(), e.id(), e.type(), e.data(), e.status(), attempts, e.maxAttempts(),
                e.nextAttemptAt(), e.lastResponseStatus(), e.createdAt(), e.updatedAt());
    }

    private static WebhookEvent toEvent(WebhookEventsRecord r) {
        return toEvent(r, r.getData() == null ? null : JsonColumns.readObject(r.getData()));
    }

    private static WebhookEvent toEvent(WebhookEventsRecord r, Map<String, Object> data) {
        return new WebhookEvent(new PlatformId(r.getPlatformId()), r.getId(), r.getType(),
                data, EventStatus.valueOf(r.getStatus()),
                r.getAttempts(), r.getMaxAttempts(), instant(r.getNextAttemptAt()), r.getLastResponseStatus(),
                r.getCreatedAt().toInstant(), r.getUpdatedAt().toInstant());
    }

    private static DeliveryAttempt toAttempt(WebhookAttemptsRecord r) {
        return new DeliveryAttempt(r.getAttempt(), r.getStartedAt().toInstant(), r.getUrl(),
                AttemptOutcome.valueOf(r.getOutcome()), r.getResponseStatus(), r.getResponseBody(),
                r.getLatencyMillis(), r.getError());
    }
}
