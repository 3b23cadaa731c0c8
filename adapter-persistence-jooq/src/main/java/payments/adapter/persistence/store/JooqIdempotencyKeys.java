package payments.adapter.persistence.store;

import payments.adapter.persistence.AdvisoryLocks;
import payments.adapter.persistence.SqlState;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Statement;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.IDEMPOTENCY_KEYS;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import payments.adapter.persistence.schema.tables.records.IdempotencyKeysRecord;
import payments.core.id.PlatformId;
import payments.core.idempotency.StoredResponse;
import payments.ports.driven.IdempotencyKeys;

/**
 * Idempotency keys guarded by a transaction-scoped advisory lock: a second request with the same key waits for
 * the first (bounded by a lock timeout) and then finds its stored response.
 */
public final class JooqIdempotencyKeys implements IdempotencyKeys {
    static final String LOCK_TIMEOUT = "5s";
    /** Tries the locks of an array of lock ids at once: each id with whether this transaction now holds it. */
    private static final Statement TRY_LOCK_ALL = Statement.query(ctx -> {
        Field<Long> lock = DSL.field(DSL.name("t", "lock"), Long.class);
        return ctx.select(lock, DSL.field("pg_try_advisory_xact_lock({0})", Boolean.class, lock))
                .from(DSL.unnest(DSL.param("locks", SQLDataType.BIGINT.getArrayDataType())).as("t", "lock"));
    });
    private static final Statement FIND = Statement.byKey(IDEMPOTENCY_KEYS, IDEMPOTENCY_KEYS.PLATFORM_ID,
            IDEMPOTENCY_KEYS.IDEMPOTENCY_KEY);
    private static final Statement FIND_ALL = Statement.byKeys(IDEMPOTENCY_KEYS, IDEMPOTENCY_KEYS.PLATFORM_ID,
            IDEMPOTENCY_KEYS.IDEMPOTENCY_KEY);
    private static final Statement INSERT = Statement.insert(IDEMPOTENCY_KEYS, IDEMPOTENCY_KEYS.fields());
    private static final Statement REPLACE = Statement.updateColumns(IDEMPOTENCY_KEYS,
            new Field<?>[] {IDEMPOTENCY_KEYS.PLATFORM_ID, IDEMPOTENCY_KEYS.IDEMPOTENCY_KEY},
            IDEMPOTENCY_KEYS.RESPONSE_STATUS, IDEMPOTENCY_KEYS.RESPONSE_BODY);
    private final Db db;

    public JooqIdempotencyKeys(Db db) {
        this.db = db;
    }

    @Override
    public boolean lock(PlatformId platform, String key) {
        // Almost always nobody else holds the key: one statement. Otherwise wait for the holder, within a bound.
        long lockId = lockId(platform, key);
        if (AdvisoryLocks.tryLockForTransaction(db, lockId)) {
            return true;
        }
        try {
            db.ctx().execute("set local lock_timeout = '" + LOCK_TIMEOUT + "'");
            AdvisoryLocks.lockForTransaction(db, lockId);
            db.ctx().execute("set local lock_timeout = 0");
            return true;
        } catch (DataAccessException e) {
            if (SqlState.is(e, SqlState.LOCK_NOT_AVAILABLE)) {
                return false;
            }
            throw e;
        }
    }

    /**
     * One statement for all the keys, never waiting (a key given twice is tried once; one this transaction already
     * holds counts as taken, as PostgreSQL's advisory locks nest).
     */
    @Override
    public Set<String> tryLockAll(PlatformId platform, Collection<String> keys) {
        if (keys.isEmpty()) {
            return Set.of();
        }
        Map<Long, List<String>> keysByLock = new LinkedHashMap<>();
        for (String key : new LinkedHashSet<>(keys)) {
            keysByLock.computeIfAbsent(lockId(platform, key), id -> new ArrayList<>()).add(key);
        }
        Set<Long> taken = new HashSet<>();
        for (Record row : TRY_LOCK_ALL.fetch(db, (Object) keysByLock.keySet().toArray(Long[]::new))) {
            if (Boolean.TRUE.equals(row.get(1))) {
                taken.add((Long) row.get(0));
            }
        }
        Set<String> locked = new LinkedHashSet<>();
        keysByLock.forEach((lock, sharing) -> {
            if (taken.contains(lock)) {
                locked.addAll(sharing);
            }
        });
        return locked;
    }

    @Override
    public Optional<StoredResponse> find(PlatformId platform, String key) {
        return FIND.fetchOptional(db, platform.value(), key).map(JooqIdempotencyKeys::toResponse);
    }

    @Override
    public Map<String, StoredResponse> findAll(PlatformId platform, Collection<String> keys) {
        return FIND_ALL.fetchAll(db, IDEMPOTENCY_KEYS.IDEMPOTENCY_KEY, keys, key -> key,
                JooqIdempotencyKeys::toResponse, platform.value());
    }

    @Override
    public void save(PlatformId platform, String key, StoredResponse response, Instant now) {
        INSERT.write(db, record(platform, key, response, now));
    }

    @Override
    public void replace(PlatformId platform, String key, StoredResponse response) {
        Row<IdempotencyKeysRecord> r = Row.of(IDEMPOTENCY_KEYS);
        r.set(IDEMPOTENCY_KEYS.PLATFORM_ID, platform.value());
        r.set(IDEMPOTENCY_KEYS.IDEMPOTENCY_KEY, key);
        r.set(IDEMPOTENCY_KEYS.RESPONSE_STATUS, response.status());
        r.set(IDEMPOTENCY_KEYS.RESPONSE_BODY, response.body());
        REPLACE.write(db, r);
    }

    /** One statement, sent with the transaction's next one ({@link Statement#insertAll}). */
    @Override
    public void saveAll(PlatformId platform, Map<String, StoredResponse> responses, Instant now) {
        INSERT.writeAll(db, responses.entrySet().stream()
                .map(e -> record(platform, e.getKey(), e.getValue(), now)).toList());
    }

    private static Row<IdempotencyKeysRecord> record(PlatformId platform, String key, StoredResponse response,
                                                Instant now) {
        Row<IdempotencyKeysRecord> r = Row.of(IDEMPOTENCY_KEYS);
        r.set(IDEMPOTENCY_KEYS.PLATFORM_ID, platform.value());
        r.set(IDEMPOTENCY_KEYS.IDEMPOTENCY_KEY, key);
        r.set(IDEMPOTENCY_KEYS.REQUEST_HASH, response.requestHash());
        r.set(IDEMPOTENCY_KEYS.RESPONSE_STATUS, response.status());
        r.set(IDEMPOTENCY_KEYS.RESPONSE_BODY, response.body());
        r.set(IDEMPOTENCY_KEYS.CREATED_AT, utc(now));
        return r;
    }

    private static StoredResponse toResponse(Record row) {
        IdempotencyKeysRecord r = row.into(IDEMPOTENCY_KEYS);
        return new StoredResponse(r.getRequestHash(), r.getResponseStatus(), r.getResponseBody());
    }

    @Override
    public int purge(Instant before, int limit) {
        var oldest = DSL.select(IDEMPOTENCY_KEYS.PLATFORM_ID, IDEMPOTENCY_KEYS.IDEMPOTENCY_KEY).from(IDEMPOTENCY_KEYS)
                .where(IDEMPOTENCY_KEYS.CREATED_AT.lt(utc(before)))
                .orderBy(IDEMPOTENCY_KEYS.CREATED_AT)
                .limit(limit)
                .forUpdate().skipLocked();
        return db.ctx().deleteFrom(IDEMPOTENCY_KEYS)
                .where(DSL.row(IDEMPOTENCY_KEYS.PLATFORM_ID, IDEMPOTENCY_KEYS.IDEMPOTENCY_KEY).in(oldest))
                .execute();
    }

    /** The key's advisory lock: the platform's id, a slash, the key. */
    private static long lockId(PlatformId platform, String key) {
        return AdvisoryLocks.id(platform.value() + "/" + key);
    }
}
