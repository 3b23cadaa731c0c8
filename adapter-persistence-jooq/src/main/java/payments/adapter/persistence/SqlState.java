package payments.adapter.persistence;

import org.jooq.exception.DataAccessException;
import org.postgresql.util.PSQLException;

/** The PostgreSQL error codes the adapter turns into answers, and the check of a failed statement's code. */
public final class SqlState {
    public static final String NUMERIC_VALUE_OUT_OF_RANGE = "22003";
    static final String UNIQUE_VIOLATION = "23505";
    public static final String LOCK_NOT_AVAILABLE = "55P03";

    private SqlState() {
    }

    /** Whether PostgreSQL failed the statement with {@code code}. */
    public static boolean is(DataAccessException e, String code) {
        PSQLException cause = e.getCause(PSQLException.class);
        return cause != null && code.equals(cause.getSQLState());
    }
}
