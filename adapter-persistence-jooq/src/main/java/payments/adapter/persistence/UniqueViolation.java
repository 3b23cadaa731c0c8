package payments.adapter.persistence;

import java.util.Optional;
import org.jooq.exception.DataAccessException;
import org.postgresql.util.PSQLException;

/**
 * The name of the unique constraint a failed write broke, if that is why it failed; never for writes deferred to it
 * ({@link Db.DeferredWriteFailed}): their clash is not the caller's write's.
 */
final class UniqueViolation {
    private UniqueViolation() {
    }

    static Optional<String> constraintOf(DataAccessException e) {
        if (e instanceof Db.DeferredWriteFailed) {
            return Optional.empty();
        }
        PSQLException cause = e.getCause(PSQLException.class);
        if (cause == null || !"23505".equals(cause.getSQLState()) || cause.getServerErrorMessage() == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(cause.getServerErrorMessage().getConstraint());
    }
}
