package payments.ports.driven;

import java.util.function.Supplier;

/** Runs a unit of work in one database transaction: all of its writes commit together or none do. */
public interface TransactionRunner {
    <T> T inTransaction(Supplier<T> work);

    default void inTransaction(Runnable work) {
        inTransaction(() -> {
            work.run();
            return null;
        });
    }

    /**
     * Whether {@code e} is a lost or refused database connection (JDBC's SQLSTATE class 08, an administrator shutdown
     * 57P01..57P03, or a pool timeout), through any wrapping. Such a failure is an outage to retry, not a fault in
     * the request; and one lost during a COMMIT leaves the outcome unknown (the commit may have happened), so the work
     * must not be run again under a new identity: only a retry with the same Idempotency-Key can learn the outcome.
     */
    static boolean connectionLost(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.sql.SQLTransientConnectionException) {
                return true;
            }
            if (t instanceof java.sql.SQLException sql && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith("08") || sql.getSQLState().startsWith("57P"))) {
                return true;
            }
        }
        return false;
    }
}
