package payments.adapter.persistence;

import java.util.function.Supplier;
import org.jooq.DSLContext;
import payments.ports.driven.TransactionRunner;

/**
 * The jOOQ context of the current unit of work. Repositories call {@link #ctx()}; inside
 * {@link #inTransaction} that is the transaction's context, so every write of a use case commits together.
 */
public final class Db implements TransactionRunner {
    private final DSLContext base;
    private final ThreadLocal<DSLContext> current = new ThreadLocal<>();

    public Db(DSLContext base) {
        this.base = base;
    }

    public DSLContext ctx() {
        DSLContext tx = current.get();
        return tx != null ? tx : base;
    }

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        if (current.get() != null) {
            return work.get();
        }
        return base.transactionResult(cfg -> {
            current.set(cfg.dsl());
            try {
                return work.get();
            } finally {
                current.remove();
            }
        });
    }
}
