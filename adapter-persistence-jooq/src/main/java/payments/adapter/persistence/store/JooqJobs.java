package payments.adapter.persistence.store;

import payments.adapter.persistence.PlatformTime;
import payments.adapter.persistence.JsonColumns;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Statement;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.JOBS;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.impl.DSL;
import payments.adapter.persistence.schema.tables.records.JobsRecord;
import payments.core.id.PlatformId;
import payments.ports.driven.Clock;
import payments.ports.driven.Jobs;

/**
 * The job table. A job is due when its due_at is at or before its platform's now (real time plus the sandbox
 * clock's offset). Claims use FOR UPDATE SKIP LOCKED, so concurrent workers in several processes never run the
 * same job twice.
 */
public final class JooqJobs implements Jobs {
    private static final Statement INSERT = Statement.insert(JOBS, JOBS.PLATFORM_ID, JOBS.ID, JOBS.KIND, JOBS.PAYLOAD,
            JOBS.DUE_AT, JOBS.STATUS, JOBS.ATTEMPTS, JOBS.CREATED_AT, JOBS.UPDATED_AT);
    private static final Field<OffsetDateTime> REAL_NOW = Statement.param("real_now", JOBS.DUE_AT);
    /** The earliest due pending job of any platform, locked, skipping those other processes hold. */
    private static final PlatformTime.DuePasses CLAIM_ANY = PlatformTime.DuePasses.of(JOBS, JOBS.PLATFORM_ID,
            JOBS.ID, pending(DSL.noCondition()), JOBS.DUE_AT, REAL_NOW, DSL.inline(50), (ctx, due) -> ctx
                    .selectFrom(JOBS).where(pending(due)).orderBy(JOBS.DUE_AT).limit(1).forUpdate().skipLocked());
    private static final Statement CLAIM_OF_PLATFORM = Statement.query(ctx -> ctx.selectFrom(JOBS)
            .where(pending(dueOfPlatform())).orderBy(JOBS.DUE_AT).limit(1).forUpdate().skipLocked());
    /** Every due pending job of a platform, locked, waiting for those other processes hold (no skip, no limit). */
    private static final Statement AWAIT_DUE_OF_PLATFORM = Statement.query(ctx -> ctx.select(JOBS.ID).from(JOBS)
            .where(pending(dueOfPlatform())).forUpdate());
    private final Db db;
    /** The time a job row is written (its created_at and updated_at), not when it is due. */
    private final Clock clock;

    public JooqJobs(Db db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    @Override
    public void schedule(Job job) {
        INSERT.execute(db, row(job, clock.now()));
    }

    @Override
    public void scheduleAll(List<Job> jobs) {
        Instant now = clock.now();
        INSERT.insertAll(db, jobs.stream().map(job -> row(job, now)).toList());
    }

    private static Object[] row(Job job, Instant now) {
        return new Object[] {job.platform().value(), job.id(), job.kind(), JsonColumns.write(job.payload()),
            utc(job.dueAt()), "PENDING", job.attempts(), utc(now), utc(now)};
    }

    @Override
    public Optional<Job> claimDue(Instant realNow) {
        return CLAIM_ANY.fetchOptional(db, utc(realNow)).map(JooqJobs::toJob);
    }

    @Override
    public Optional<Job> claimDue(PlatformId platform, Instant realNow) {
        return CLAIM_OF_PLATFORM.fetchOptional(db, platform.value(), utc(realNow)).map(JooqJobs::toJob);
    }

    @Override
    public boolean awaitDue(PlatformId platform, Instant realNow) {
        // The first read waits for the due jobs other processes hold; what they scheduled when they committed (the
        // next step of a chain) is seen only by a statement begun after their commit: the second read.
        AWAIT_DUE_OF_PLATFORM.fetch(db, platform.value(), utc(realNow));
        return !AWAIT_DUE_OF_PLATFORM.fetch(db, platform.value(), utc(realNow)).isEmpty();
    }

    @Override
    public boolean isDue(PlatformId platform, String kind, String key, String value, Instant platformNow) {
        return db.ctx().fetchExists(JOBS, JOBS.PLATFORM_ID.eq(platform.value())
                .and(pending(JOBS.DUE_AT.le(utc(platformNow))))
                .and(JOBS.KIND.eq(kind))
                .and(DSL.condition("{0} ->> {1} = {2}", JOBS.PAYLOAD, DSL.val(key), DSL.val(value))));
    }

    private static Condition pending(Condition due) {
        return JOBS.STATUS.eq("PENDING").and(due);
    }

    /** The jobs of the platform of the placeholder, due by its clock. */
    private static Condition dueOfPlatform() {
        var platform = Statement.param(JOBS.PLATFORM_ID);
        return JOBS.PLATFORM_ID.eq(platform).and(PlatformTime.reachedBy(platform, JOBS.DUE_AT, REAL_NOW));
    }

    @Override
    public void markDone(PlatformId platform, UUID id, Instant now) {
        db.ctx().update(JOBS)
                .set(JOBS.STATUS, "DONE")
                .set(JOBS.ATTEMPTS, JOBS.ATTEMPTS.plus(1))
                .set(JOBS.UPDATED_AT, utc(now))
                .where(JOBS.PLATFORM_ID.eq(platform.value()).and(JOBS.ID.eq(id)))
                .execute();
    }

    @Override
    public void markFailed(PlatformId platform, UUID id, String error, Instant retryAt, boolean giveUp,
                           Instant now) {
        db.ctx().update(JOBS)
                .set(JOBS.STATUS, giveUp ? "FAILED" : "PENDING")
                .set(JOBS.ATTEMPTS, JOBS.ATTEMPTS.plus(1))
                .set(JOBS.LAST_ERROR, error)
                .set(JOBS.DUE_AT, utc(retryAt))
                .set(JOBS.UPDATED_AT, utc(now))
                // The failed run rolled back and let the row go: another run may have done it since.
                .where(JOBS.PLATFORM_ID.eq(platform.value()).and(JOBS.ID.eq(id)).and(JOBS.STATUS.eq("PENDING")))
                .execute();
    }

    private static Job toJob(Record row) {
        JobsRecord r = row.into(JOBS);
        return new Job(new PlatformId(r.getPlatformId()), r.getId(), r.getKind(),
                JsonColumns.readObject(r.getPayload()), r.getDueAt().toInstant(), r.getAttempts());
    }
}
