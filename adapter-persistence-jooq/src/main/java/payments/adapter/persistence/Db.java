package payments.adapter.persistence;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.jooq.DSLContext;
import payments.ports.driven.TransactionRunner;

/**
 * The jOOQ context of the current unit of work. Repositories call {@link #ctx()}; inside
 * {@link #inTransaction} that is the transaction's context, so every write of a use case commits together.
 * A repository can also keep work for the end of the transaction ({@link #beforeCommit}): writes to rows that
 * every transaction touches go last, so their row locks are held only for the commit itself.
 */
public final class Db implements TransactionRunner {
    /** Work kept until the transaction's other statements have run; flushed once, just before the commit. */
    public interface BeforeCommit {
        void flush(Db db);
    }

    private record Unit(DSLContext ctx, Map<Class<?>, BeforeCommit> beforeCommit, Map<Object, Object> reads) {
    }

    private final DSLContext base;
    private final ThreadLocal<Unit> current = new ThreadLocal<>();

    public Db(DSLContext base) {
        this.base = base;
    }

    public DSLContext ctx() {
        Unit unit = current.get();
        return unit != null ? unit.ctx() : base;
    }

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        if (current.get() != null) {
            return work.get();
        }
        return base.transactionResult(cfg -> {
            Unit unit = new Unit(cfg.dsl(), new LinkedHashMap<>(), new HashMap<>());
            current.set(unit);
            try {
                T result = work.get();
                unit.beforeCommit().values().forEach(w -> w.flush(this));
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
    <T> T readOnce(Object key, Supplier<T> read) {
        Unit unit = current.get();
        if (unit == null) {
            return read.get();
        }
        T value = (T) unit.reads().get(key);
        if (value == null) {
            value = read.get();
            unit.reads().put(key, value);
        }
        return value;
    }

    void forget(Object key) {
        Unit unit = current.get();
        if (unit != null) {
            unit.reads().remove(key);
        }
    }

    /**
     * The current transaction's pending work of this type, created on first use; must be called inside
     * {@link #inTransaction}.
     */
    <W extends BeforeCommit> W beforeCommit(Class<W> type, Supplier<W> create) {
        Unit unit = current.get();
        if (unit == null) {
            throw new IllegalStateException(type.getSimpleName() + " needs a transaction");
        }
        return type.cast(unit.beforeCommit().computeIfAbsent(type, t -> create.get()));
    }
}
