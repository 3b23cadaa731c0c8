package payments.adapter.persistence;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
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
 * Inserts whose outcome nothing reads ({@link Statement#writeAll}) wait in the unit of work ({@link #defer}) and go to
 * PostgreSQL in the same round trip as the transaction's next {@link Statement}, or just before the commit: a batch's
 * writes cost one round trip instead of one each, and each round trip is a wake-up of this thread and of the
 * database's backend (docs/PERFORMANCE.md). Anything else that uses the connection ({@link #ctx()})
 * sends them first, so every statement still sees every earlier write. A transaction whose deferred writes may not
 * have run never commits ({@link #sendWithDeferred}).
 */
public final class Db implements TransactionRunner {
    /** Work kept until the transaction's other statements have run; flushed once, just before the commit. */
    public interface BeforeCommit {
        void flush(Db db);
    }

    /** A round trip that carried deferred writes failed: they may not have run ({@link #sendWithDeferred}). */
    static final class DeferredWriteFailed extends DataAccessException {
        DeferredWriteFailed(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private static final class Unit {
        final DSLContext ctx;
        final Map<Class<?>, BeforeCommit> beforeCommit = new LinkedHashMap<>();
        final Map<Object, Object> reads = new HashMap<>();
        final List<Statement.Bound> deferred = new ArrayList<>();
        /** A round trip that carried deferred writes failed: the transaction must not commit. */
        boolean deferredFailed;

        Unit(DSLContext ctx) {
            this.ctx = ctx;
        }
    }

    private static final Statement COMMIT = Statement.of(ctx -> ctx.query("commit"));
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
        sendWithDeferred(null, writes -> Statement.run(this, writes));
        return unit.ctx;
    }

    /** The unit of work's context as it is, for a {@link Statement} that sends the deferred writes itself. */
    DSLContext connectionCtx() {
        Unit unit = current.get();
        return unit != null ? unit.ctx : base;
    }

    /**
     * Runs a write with the transaction's next statement (see above); at once outside a transaction. Its errors
     * surface from that statement or the commit, so only writes that cannot clash with a row another request may
     * write are deferred (rows with new ids, idempotency keys already locked).
     */
    void defer(Statement.Bound write) {
        Unit unit = current.get();
        if (unit == null) {
            Statement.run(this, List.of(write));
        } else {
            unit.deferred.add(write);
        }
    }

    /**
     * Sends the deferred writes, then {@code next} (none when null), in one round trip made by {@code send}; just
     * {@code next} without deferred writes, and nothing without either. If a round trip with deferred writes fails,
     * whether before it left or in the database, they may not have run: the failure is a {@link DeferredWriteFailed}
     * (so no repository takes its unique violation for its own write's), and the transaction can no longer commit,
     * even if a caller catches the failure and carries on.
     */
    <T> T sendWithDeferred(Statement.Bound next, Function<List<Statement.Bound>, T> send) {
        Unit unit = current.get();
        if (unit == null || unit.deferred.isEmpty()) {
            return next == null ? null : send.apply(List.of(next));
        }
        List<Statement.Bound> writes = new ArrayList<>(unit.deferred);
        unit.deferred.clear();
        if (next != null) {
            writes.add(next);
        }
        try {
            return send.apply(writes);
        } catch (RuntimeException e) {
            unit.deferredFailed = true;
            throw new DeferredWriteFailed("a round trip with deferred writes failed, so the transaction cannot commit: "
                    + e.getMessage(), e);
        }
    }

    /**
     * The writes still deferred at the end go with the COMMIT itself, in one round trip; jOOQ's commit then finds the
     * transaction ended (pgjdbc follows the server's transaction state and sends nothing). A failed write leaves the
     * COMMIT unrun and the transaction to jOOQ's rollback; a failed COMMIT has rolled it back already.
     */
    private void commitWithDeferred(Unit unit) {
        if (unit.deferredFailed) {
            throw new DeferredWriteFailed("deferred writes failed earlier in the transaction (the failure was caught); "
                    + "it cannot commit", null);
        }
        if (!unit.deferred.isEmpty()) {
            sendWithDeferred(new Statement.Bound(COMMIT, new Object[0]), writes -> Statement.run(this, writes));
        }
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
                commitWithDeferred(unit);
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
