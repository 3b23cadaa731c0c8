package payments.adapter.persistence;

import static org.jooq.impl.DSL.count;
import static org.jooq.impl.DSL.min;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.jooq.Record2;
import org.jooq.exception.DataAccessException;
import payments.adapter.persistence.schema.tables.BankReports;
import payments.adapter.persistence.schema.tables.BankTransfers;
import payments.adapter.persistence.schema.tables.Jobs;
import payments.adapter.persistence.schema.tables.WebhookEvents;
import payments.core.id.PlatformId;
import payments.ports.driven.Backlogs;
import payments.ports.driven.DatabaseHealth;

/**
 * What monitoring asks the database: whether it answers ({@code select 1} through the pool, which waits at most 2 s
 * for a connection), and the workers' backlogs, each one query on a partial index of the waiting rows (the bank's
 * quarantined reports, few by nature, are counted whole).
 */
public final class JooqServiceHealth implements DatabaseHealth, Backlogs {
    private static final WebhookEvents EVENTS = WebhookEvents.WEBHOOK_EVENTS;
    private static final Jobs JOBS = Jobs.JOBS;
    private static final BankTransfers TRANSFERS = BankTransfers.BANK_TRANSFERS;
    private static final BankReports REPORTS = BankReports.BANK_REPORTS;
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
    public Map<PlatformId, Backlog> webhookEvents(Instant now) {
        Map<PlatformId, Backlog> backlogs = new HashMap<>();
        db.ctx().select(EVENTS.PLATFORM_ID, count(), min(EVENTS.CREATED_AT)).from(EVENTS)
                .where(EVENTS.STATUS.eq("PENDING")).groupBy(EVENTS.PLATFORM_ID)
                .forEach(r -> backlogs.put(new PlatformId(r.value1()), backlog(r.value2(), r.value3(), now)));
        return backlogs;
    }

    @Override
    public Backlog dueJobs(Instant now) {
        OffsetDateTime at = now.atOffset(ZoneOffset.UTC);
        return backlog(db.ctx().select(count(), min(JOBS.DUE_AT)).from(JOBS)
                .where(JOBS.STATUS.eq("PENDING")).and(JOBS.DUE_AT.le(at)).fetchOne(), now);
    }

    @Override
    public Backlog bankTransfersAwaiting(Instant now) {
        return backlog(db.ctx().select(count(), min(TRANSFERS.QUEUED_AT)).from(TRANSFERS)
                .where(TRANSFERS.STATUS.in("QUEUED", "SENT", "ACCEPTED")).fetchOne(), now);
    }

    @Override
    public long bankReportsQuarantined() {
        return db.ctx().fetchCount(REPORTS, REPORTS.OUTCOME.eq("QUARANTINED"));
    }

    private static Backlog backlog(Record2<Integer, OffsetDateTime> row, Instant now) {
        return backlog(row.value1(), row.value2(), now);
    }

    /** A sandbox platform's times run ahead of real time: its oldest may look younger than zero, and counts as 0. */
    private static Backlog backlog(int count, OffsetDateTime oldest, Instant now) {
        Duration waited = oldest == null ? Duration.ZERO : Duration.between(oldest.toInstant(), now);
        return new Backlog(count, waited.isNegative() ? Duration.ZERO : waited);
    }
}
