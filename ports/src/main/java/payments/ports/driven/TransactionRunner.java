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
        }
        return sqlStateStartsWith(e, "08") || sqlStateStartsWith(e, "57P");
    }

    /**
     * Whether PostgreSQL rolled the transaction back for a clash with a concurrent one (SQLSTATE class 40: a
     * deadlock, a serialization failure), through any wrapping. Nothing of it was committed, so the same request can
     * simply be sent again: an answer to retry, not a fault in the request or the service.
     */
    static boolean rolledBackForConflict(Throwable e) {
        return sqlStateStartsWith(e, "40");
    }

    private static boolean sqlStateStartsWith(Throwable e, String prefix) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.sql.SQLException sql && sql.getSQLState() != null
                    && sql.getSQLState().startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
