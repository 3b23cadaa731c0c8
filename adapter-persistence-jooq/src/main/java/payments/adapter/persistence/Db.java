package payments.adapter.persistence;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;
import payments.ports.driven.TransactionRunner;

/**
 * The jOOQ context of the current unit of work. Repositories call {@link #ctx()}; inside
 * {@link #inTransaction} that is the transaction's context, so every write of a use case commits together.
 * A repository can also keep work for the end of the transaction ({@link #beforeCommit}): writes to rows that
 * every transaction touches go last, so their row locks are held only for the commit itself.
 * <p>
 * Writes whose outcome nothing reads can wait in the unit of work ({@link #deferred}) and go to PostgreSQL with the
 * transaction's next statement, or with the COMMIT: a batch's writes cost one round trip instead of one each, and
 * each round trip is a wake-up of this thread and of the database's backend. Anything else that uses the connection
 * ({@link #ctx()}) sends them first, so every statement still sees every earlier write.
 */
public final class Db implements TransactionRunner {
    /** Work kept until the transaction's other statements have run; flushed once, just before the commit. */
    public interface BeforeCommit {
        void flush(Db db);
    }

    /** Writes a unit of work keeps to send with its next statement ({@link Statement}'s deferred inserts). */
    public interface Deferred {
        /** Sends what is kept, before a query that uses the connection directly. */
        void sendNow(Db db);

        /** Ends the transaction: sends what is kept with the COMMIT (or leaves the commit to jOOQ when nothing is). */
        void sendWithCommit(Db db);
    }

    /** A round trip that carried deferred writes failed: they may not have run, so the transaction cannot commit. */
    static final class DeferredWriteFailed extends DataAccessException {
        DeferredWriteFailed(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private static final class Unit {
        final DSLContext ctx;
        final Map<Class<?>, BeforeCommit> beforeCommit = new LinkedHashMap<>();
        final Map<Object, Object> reads = new HashMap<>();
        Deferred deferred;

        Unit(DSLContext ctx) {
            this.ctx = ctx;
        }
    }

    private final DSLContext base;
    private final ThreadLocal<Unit> current = new ThreadLocal<>();

    public Db(DSLContext base) {
        this.base = base;
    }

    /** The context for a query of its own: the writes deferred so far are sent first. */
    public DSLContext ctx() {
        Unit unit = current.get();
        if (unit == null) {
            return base;
        }
        if (unit.deferred != null) {
            unit.deferred.sendNow(this);
        }
        return unit.ctx;
    }

    /** The unit of work's context as it is, for a {@link Statement} that sends the deferred writes itself. */
    DSLContext connectionCtx() {
        Unit unit = current.get();
        return unit != null ? unit.ctx : base;
    }

    /**
     * The unit of work's deferred writes, created by {@code create} on first use when {@code create} is given; null
     * outside a transaction, or when nothing was deferred and {@code create} is null.
     */
    @SuppressWarnings("unchecked")
    <D extends Deferred> D deferred(Supplier<D> create) {
        Unit unit = current.get();
        if (unit == null) {
            return null;
        }
        if (unit.deferred == null && create != null) {
            unit.deferred = create.get();
        }
        return (D) unit.deferred;
    }

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        if (current.get() != null) {
            return work.get();
        }
        return base.transactionResult(cfg -> {
            Unit unit = new Unit(cfg.dsl());
            current.set(unit);
            try {
                T result = work.get();
                unit.beforeCommit.values().forEach(w -> w.flush(this));
                if (unit.deferred != null) {
                    unit.deferred.sendWithCommit(this);
                }
                return result;
            } finally {
                current.remove();
            }
        });
    }

    /**
     * A row read at most once per transaction (a platform, its sandbox clock: several steps of one payment need
     * them); outside a transaction, read every time. A repository that writes the row {@link #forget}s it.
     */
    @SuppressWarnings("unchecked")
    public <T> T readOnce(Object key, Supplier<T> read) {
        Unit unit = current.get();
        if (unit == null) {
            return read.get();
        }
        T value = (T) unit.reads.get(key);
        if (value == null) {
            value = read.get();
            unit.reads.put(key, value);
        }
        return value;
    }

    public void forget(Object key) {
        Unit unit = current.get();
        if (unit != null) {
            unit.reads.remove(key);
        }
    }

    /**
     * The current transaction's pending work of this type, created on first use; must be called inside
     * {@link #inTransaction}.
     */
    public <W extends BeforeCommit> W beforeCommit(Class<W> type, Supplier<W> create) {
        Unit unit = current.get();
        if (unit == null) {
            throw new IllegalStateException(type.getSimpleName() + " needs a transaction");
        }
        return type.cast(unit.beforeCommit.computeIfAbsent(type, t -> create.get()));
    }
}
