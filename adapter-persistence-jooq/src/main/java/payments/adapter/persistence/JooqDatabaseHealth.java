package payments.adapter.persistence;

import org.jooq.exception.DataAccessException;
import payments.ports.driven.DatabaseHealth;

/** {@link DatabaseHealth} by a {@code select 1} through the pool (which waits at most 2 s for a connection). */
public final class JooqDatabaseHealth implements DatabaseHealth {
    private final Db db;

    public JooqDatabaseHealth(Db db) {
        this.db = db;
    }

    @Override
    public boolean answers() {
        try {
            return db.ctx().selectOne().fetchOne() != null;
        } catch (DataAccessException unreachable) {
            return false;
        }
    }
}
