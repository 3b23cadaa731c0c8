package payments.adapter.persistence;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.jooq.impl.DSL;

/**
 * PostgreSQL's transaction-scoped advisory locks, named by text: for what has no row to lock (an idempotency key
 * before its row exists, a platform's deliveries in flight). Names of different uses start differently, so they do
 * not share a lock but by a 64-bit hash collision.
 */
public final class AdvisoryLocks {
    private static final Statement TRY_LOCK = Statement.query(ctx -> ctx.select(DSL.field(
            "pg_try_advisory_xact_lock({0})", Boolean.class, DSL.param("lock", Long.class))));

    private AdvisoryLocks() {
    }

    /** The 64-bit lock id of a name. */
    public static long id(String name) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.wrap(digest).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Waits for the lock and holds it until the transaction ends. */
    public static void lockForTransaction(Db db, long id) {
        db.ctx().select(DSL.field("pg_advisory_xact_lock({0})", Object.class, DSL.val(id))).fetch();
    }

    /** Takes the lock until the transaction ends if nobody holds it; false, at once, if somebody does. */
    public static boolean tryLockForTransaction(Db db, long id) {
        return TRY_LOCK.fetchOptional(db, id).map(r -> (Boolean) r.get(0)).orElse(false);
    }
}
