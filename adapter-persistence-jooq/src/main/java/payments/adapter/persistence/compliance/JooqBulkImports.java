package payments.adapter.persistence.compliance;

import static payments.adapter.persistence.Keyset.instant;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.BULK_IMPORT_ERRORS;
import static payments.adapter.persistence.schema.Tables.BULK_IMPORT_JOBS;
import static payments.adapter.persistence.schema.Tables.BULK_IMPORT_ROWS;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.JsonColumns;
import payments.adapter.persistence.schema.tables.records.BulkImportJobsRecord;
import payments.core.bulk.BulkImportJob;
import payments.core.bulk.ImportRowError;
import payments.core.id.PlatformId;
import payments.core.id.TokenId;
import payments.ports.driven.customer.BulkImports;

public final class JooqBulkImports implements BulkImports {
    private final Db db;

    public JooqBulkImports(Db db) {
        this.db = db;
    }

    @Override
    public void insert(BulkImportJob job) {
        db.ctx().insertInto(BULK_IMPORT_JOBS).set(record(job).values()).execute();
    }

    @Override
    public void update(BulkImportJob job) {
        db.ctx().update(BULK_IMPORT_JOBS).set(record(job).values()).where(byId(job.platformId(), job.id())).execute();
    }

    @Override
    public Optional<BulkImportJob> find(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(BULK_IMPORT_JOBS).where(byId(platform, id)).fetchOptional()
                .map(JooqBulkImports::toJob);
    }

    @Override
    public Optional<BulkImportJob> findForUpdate(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(BULK_IMPORT_JOBS).where(byId(platform, id)).forUpdate().fetchOptional()
                .map(JooqBulkImports::toJob);
    }

    @Override
    public void stage(PlatformId platform, UUID job, List<BulkImports.Row> rows) {
        if (rows.isEmpty()) {
            return;
        }
        var insert = db.ctx().insertInto(BULK_IMPORT_ROWS, BULK_IMPORT_ROWS.PLATFORM_ID, BULK_IMPORT_ROWS.JOB_ID,
                BULK_IMPORT_ROWS.ROW_NUMBER, BULK_IMPORT_ROWS.CELLS, BULK_IMPORT_ROWS.DONE);
        for (BulkImports.Row row : rows) {
            insert = insert.values(platform.value(), job, row.number(), JsonColumns.write(row.values()), false);
        }
        insert.execute();
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<BulkImports.Row> pending(PlatformId platform, UUID job, int limit) {
        return db.ctx().select(BULK_IMPORT_ROWS.ROW_NUMBER, BULK_IMPORT_ROWS.CELLS).from(BULK_IMPORT_ROWS)
                .where(ofJob(platform, job).and(BULK_IMPORT_ROWS.DONE.isFalse()))
                .orderBy(BULK_IMPORT_ROWS.ROW_NUMBER).limit(limit)
                .fetch(r -> new BulkImports.Row(r.value1(), (Map<String, String>) (Map<?, ?>)
                        JsonColumns.readObject(r.value2())));
    }

    @Override
    public void done(PlatformId platform, UUID job, List<BulkImports.Row> rows, List<ImportRowError> errors) {
        if (!rows.isEmpty()) {
            db.ctx().update(BULK_IMPORT_ROWS).set(BULK_IMPORT_ROWS.DONE, true)
                    .where(ofJob(platform, job).and(BULK_IMPORT_ROWS.ROW_NUMBER.in(
                            rows.stream().map(BulkImports.Row::number).toList())))
                    .execute();
        }
        if (!errors.isEmpty()) {
            var insert = db.ctx().insertInto(BULK_IMPORT_ERRORS, BULK_IMPORT_ERRORS.PLATFORM_ID,
                    BULK_IMPORT_ERRORS.JOB_ID, BULK_IMPORT_ERRORS.ROW_NUMBER, BULK_IMPORT_ERRORS.CORRELATION_ID,
                    BULK_IMPORT_ERRORS.CODE, BULK_IMPORT_ERRORS.MESSAGE, BULK_IMPORT_ERRORS.DETAILS);
            for (ImportRowError e : errors) {
                insert = insert.values(platform.value(), job, e.row(), e.correlationId(), e.code(), e.message(),
                        JsonColumns.write(e.details()));
            }
            insert.execute();
        }
    }

    @Override
    public List<ImportRowError> errors(PlatformId platform, UUID job, int limit) {
        return db.ctx().selectFrom(BULK_IMPORT_ERRORS)
                .where(BULK_IMPORT_ERRORS.PLATFORM_ID.eq(platform.value()).and(BULK_IMPORT_ERRORS.JOB_ID.eq(job)))
                .orderBy(BULK_IMPORT_ERRORS.ROW_NUMBER).limit(limit)
                .fetch(r -> new ImportRowError(r.getRowNumber(), r.getCorrelationId(), r.getCode(),
                        r.getMessage(), JsonColumns.readObject(r.getDetails())));
    }

    private static Condition byId(PlatformId platform, UUID id) {
        return BULK_IMPORT_JOBS.PLATFORM_ID.eq(platform.value()).and(BULK_IMPORT_JOBS.ID.eq(id));
    }

    private static Condition ofJob(PlatformId platform, UUID job) {
        return BULK_IMPORT_ROWS.PLATFORM_ID.eq(platform.value()).and(BULK_IMPORT_ROWS.JOB_ID.eq(job));
    }

    private static payments.adapter.persistence.Row<BulkImportJobsRecord> record(BulkImportJob j) {
        var r = payments.adapter.persistence.Row.of(BULK_IMPORT_JOBS);
        r.set(BULK_IMPORT_JOBS.PLATFORM_ID, j.platformId().value());
        r.set(BULK_IMPORT_JOBS.ID, j.id());
        r.set(BULK_IMPORT_JOBS.UPLOADED_BY, j.uploadedBy().value());
        r.set(BULK_IMPORT_JOBS.STATUS, j.status());
        r.set(BULK_IMPORT_JOBS.TOTAL, j.total());
        r.set(BULK_IMPORT_JOBS.PROCESSED, j.processed());
        r.set(BULK_IMPORT_JOBS.SUCCEEDED, j.succeeded());
        r.set(BULK_IMPORT_JOBS.FAILED, j.failed());
        r.set(BULK_IMPORT_JOBS.CREATED_AT, utc(j.createdAt()));
        r.set(BULK_IMPORT_JOBS.UPDATED_AT, utc(j.updatedAt()));
        r.set(BULK_IMPORT_JOBS.COMPLETED_AT, utc(j.completedAt()));
        return r;
    }

    private static BulkImportJob toJob(BulkImportJobsRecord r) {
        return new BulkImportJob(r.getId(), new PlatformId(r.getPlatformId()), new TokenId(r.getUploadedBy()),
                r.getStatus(), r.getTotal(), r.getProcessed(), r.getSucceeded(), r.getFailed(),
                r.getCreatedAt().toInstant(), r.getUpdatedAt().toInstant(), instant(r.getCompletedAt()));
    }
}
