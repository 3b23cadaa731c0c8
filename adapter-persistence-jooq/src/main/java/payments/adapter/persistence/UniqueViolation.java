package payments.adapter.persistence;

import java.util.Optional;
import org.jooq.exception.DataAccessException;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * The name of the unique constraint a failed write broke, if that is why it failed; never for writes deferred to it
 * ({@link Db.DeferredWriteFailed}): their clash is not the caller's write's.
 */
public final class UniqueViolation {
    private UniqueViolation() {
    }

    public static Optional<String> constraintOf(DataAccessException e) {
        if (e instanceof Db.DeferredWriteFailed) {
            return Optional.empty();
        }
        if (!SqlState.is(e, SqlState.UNIQUE_VIOLATION)) {
            return Optional.empty();
        }
        ServerErrorMessage message = e.getCause(PSQLException.class).getServerErrorMessage();
        return message == null ? Optional.empty() : Optional.ofNullable(message.getConstraint());
    }
}
