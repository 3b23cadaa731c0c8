package payments.adapter.persistence;

import static org.jooq.impl.DSL.count;
import static org.jooq.impl.DSL.min;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.jooq.Record2;
import org.jooq.exception.DataAccessException;
import payments.adapter.persistence.schema.tables.Jobs;
import payments.adapter.persistence.schema.tables.WebhookEvents;
import payments.ports.driven.Backlogs;
import payments.ports.driven.DatabaseHealth;

/**
 * What monitoring asks the database: whether it answers ({@code select 1} through the pool, which waits at most 2 s
 * for a connection), and the workers' backlogs, each one query on a partial index of the waiting rows.
 */
public final class JooqServiceHealth implements DatabaseHealth, Backlogs {
    private static final WebhookEvents EVENTS = WebhookEvents.WEBHOOK_EVENTS;
    private static final Jobs JOBS = Jobs.JOBS;
    private final Db db;

    public JooqServiceHealth(Db db) {
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

    @Override
    public Backlog webhookEvents(Instant now) {
        return backlog(db.ctx().select(count(), min(EVENTS.CREATED_AT)).from(EVENTS)
                .where(EVENTS.STATUS.eq("PENDING")).fetchOne(), now);
    }

    @Override
    public Backlog dueJobs(Instant now) {
        OffsetDateTime at = now.atOffset(ZoneOffset.UTC);
        return backlog(db.ctx().select(count(), min(JOBS.DUE_AT)).from(JOBS)
                .where(JOBS.STATUS.eq("PENDING")).and(JOBS.DUE_AT.le(at)).fetchOne(), now);
    }

    private static Backlog backlog(Record2<Integer, OffsetDateTime> row, Instant now) {
        OffsetDateTime oldest = row.value2();
        Duration waited = oldest == null ? Duration.ZERO : Duration.between(oldest.toInstant(), now);
        return new Backlog(row.value1(), waited.isNegative() ? Duration.ZERO : waited);
    }
}
