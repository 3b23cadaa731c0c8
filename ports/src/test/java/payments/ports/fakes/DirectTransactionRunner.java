package payments.ports.fakes;

import java.util.function.Supplier;
import payments.ports.driven.TransactionRunner;

/**
 * Runs the work directly and counts the runs. Unlike a database transaction it does not roll back: a test must not
 * rely on writes made before a failure being undone.
 */
public final class DirectTransactionRunner implements TransactionRunner {
    private int runs;
    private int depth;
    private int nested;

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        runs++;
        if (depth > 0) {
            nested++;
        }
        depth++;
        try {
            return work.get();
        } finally {
            depth--;
        }
    }

    public int runs() {
        return runs;
    }

    /** Runs started while another was in progress. */
    public int nestedRuns() {
        return nested;
    }

    public boolean inProgress() {
        return depth > 0;
    }
}
