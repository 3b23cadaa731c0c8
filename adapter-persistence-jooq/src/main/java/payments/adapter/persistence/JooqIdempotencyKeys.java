package payments.adapter.persistence;

import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.IDEMPOTENCY_KEYS;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Optional;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.postgresql.util.PSQLException;
import payments.adapter.persistence.schema.tables.records.IdempotencyKeysRecord;
import payments.core.common.PlatformId;
import payments.ports.driven.IdempotencyKeys;

/**
 * Idempotency keys guarded by a transaction-scoped advisory lock: a second request with the same key waits for
 * the first (bounded by a lock timeout) and then finds its stored response.
 */
public final class JooqIdempotencyKeys implements IdempotencyKeys {
    static final String LOCK_TIMEOUT = "5s";
    private static final Statement TRY_LOCK = Statement.query(ctx -> ctx.select(DSL.field(
            "pg_try_advisory_xact_lock({0})", Boolean.class, DSL.param("lock", Long.class))));
    private static final Statement FIND = Statement.byKey(IDEMPOTENCY_KEYS, IDEMPOTENCY_KEYS.PLATFORM_ID,
            IDEMPOTENCY_KEYS.IDEMPOTENCY_KEY);
    private static final Statement INSERT = Statement.insert(IDEMPOTENCY_KEYS, IDEMPOTENCY_KEYS.fields());
    private final Db db;

    public JooqIdempotencyKeys(Db db) {
        this.db = db;
    }

    @Override
    public boolean lock(PlatformId platform, String key) {
        // Almost always nobody else holds the key: one statement. Otherwise wait for the holder, within a bound.
        long lockId = lockId(platform, key);
        if (TRY_LOCK.fetchOptional(db, lockId).map(r -> (Boolean) r.get(0)).orElse(false)) {
            return true;
        }
        try {
            db.ctx().execute("set local lock_timeout = '" + LOCK_TIMEOUT + "'");
            db.ctx().select(DSL.field("pg_advisory_xact_lock({0})", Object.class, DSL.val(lockId)))
                    .fetch();
            db.ctx().execute("set local lock_timeout = 0");
            return true;
        } catch (DataAccessException e) {
            PSQLException cause = e.getCause(PSQLException.class);
            if (cause != null && "55P03".equals(cause.getSQLState())) {
                return false;
            }
            throw e;
        }
    }

    @Override
    public Optional<StoredResponse> find(PlatformId platform, String key) {
        return FIND.fetchOptional(db, platform.value(), key).map(row -> row.into(IDEMPOTENCY_KEYS))
                .map(r -> new StoredResponse(r.getRequestHash(), r.getResponseStatus(), r.getResponseBody()));
    }

    @Override
    public void save(PlatformId platform, String key, StoredResponse response, Instant now) {
        INSERT.write(db, new IdempotencyKeysRecord(platform.value(), key, response.requestHash(), response.status(),
                response.body(), utc(now)));
    }

    @Override
    public int purge(Instant before) {
        return db.ctx().deleteFrom(IDEMPOTENCY_KEYS).where(IDEMPOTENCY_KEYS.CREATED_AT.lt(utc(before))).execute();
    }

    /** A 64-bit advisory lock id from the platform and key. */
    private static long lockId(PlatformId platform, String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((platform.value() + "/" + key).getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.wrap(digest).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
