package payments.core.error;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

/**
 * Which failures are the database's outage rather than a fault in the request or the service: both are answered 503
 * with {@code Retry-After}, and the request may be sent again with its Idempotency-Key.
 */
public final class Outage {
    private Outage() {
    }

    /**
     * Whether {@code e} is a lost or refused database connection (JDBC's SQLSTATE class 08, an administrator shutdown
     * 57P01..57P03, or a pool timeout), through any wrapping. One lost during a COMMIT leaves the outcome unknown
     * (the commit may have happened), so the work must not be run again under a new identity: only a retry with the
     * same Idempotency-Key can learn the outcome.
     */
    public static boolean connectionLost(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLTransientConnectionException) {
                return true;
            }
        }
        return sqlStateStartsWith(e, "08") || sqlStateStartsWith(e, "57P");
    }

    /**
     * Whether PostgreSQL rolled the transaction back for a clash with a concurrent one (SQLSTATE class 40: a
     * deadlock, a serialization failure), through any wrapping. Nothing of it was committed, so the same request can
     * simply be sent again.
     */
    public static boolean rolledBackForConflict(Throwable e) {
        return sqlStateStartsWith(e, "40");
    }

    private static boolean sqlStateStartsWith(Throwable e, String prefix) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
