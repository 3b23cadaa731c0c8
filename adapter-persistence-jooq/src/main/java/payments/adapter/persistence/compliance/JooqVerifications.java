package payments.adapter.persistence.compliance;

import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.VERIFICATIONS;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.JsonColumns;
import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.schema.tables.records.VerificationsRecord;
import payments.core.compliance.Verification;
import payments.core.compliance.VerificationError;
import payments.core.compliance.VerificationFilter;
import payments.core.compliance.VerificationStatus;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.ports.driven.compliance.Verifications;

public final class JooqVerifications implements Verifications {
    private final Db db;

    public JooqVerifications(Db db) {
        this.db = db;
    }

    @Override
    public void insert(Verification verification) {
        db.ctx().insertInto(VERIFICATIONS).set(record(verification).values()).execute();
    }

    @Override
    public void update(Verification verification) {
        db.ctx().update(VERIFICATIONS).set(record(verification).values())
                .where(byId(verification.platformId(), verification.id())).execute();
    }

    @Override
    public Optional<Verification> find(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(VERIFICATIONS).where(byId(platform, id)).fetchOptional()
                .map(JooqVerifications::toVerification);
    }

    @Override
    public Optional<Verification> findForUpdate(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(VERIFICATIONS).where(byId(platform, id)).forUpdate().fetchOptional()
                .map(JooqVerifications::toVerification);
    }

    @Override
    public Optional<Verification> latestOf(PlatformId platform, CustomerId customer) {
        return db.ctx().selectFrom(VERIFICATIONS).where(VERIFICATIONS.PLATFORM_ID.eq(platform.value())
                        .and(VERIFICATIONS.CUSTOMER_ID.eq(customer.value())))
                .orderBy(VERIFICATIONS.CREATED_AT.desc(), VERIFICATIONS.ID.desc()).limit(1).fetchOptional()
                .map(JooqVerifications::toVerification);
    }

    @Override
    public Page<Verification> list(PlatformId platform, VerificationFilter filter, PageRequest page) {
        Condition c = VERIFICATIONS.PLATFORM_ID.eq(platform.value());
        if (filter.customerId() != null) {
            c = c.and(VERIFICATIONS.CUSTOMER_ID.eq(filter.customerId().value()));
        }
        if (filter.status() != null) {
            c = c.and(VERIFICATIONS.STATUS.eq(filter.status().name()));
        }
        return Keyset.page(db.ctx(), VERIFICATIONS, VERIFICATIONS.fields(), VERIFICATIONS.CREATED_AT,
                VERIFICATIONS.ID, c, page, r -> toVerification(r.into(VERIFICATIONS)));
    }

    private static Condition byId(PlatformId platform, UUID id) {
        return VERIFICATIONS.PLATFORM_ID.eq(platform.value()).and(VERIFICATIONS.ID.eq(id));
    }

    private static Row<VerificationsRecord> record(Verification v) {
        Row<VerificationsRecord> r = Row.of(VERIFICATIONS);
        r.set(VERIFICATIONS.PLATFORM_ID, v.platformId().value());
        r.set(VERIFICATIONS.ID, v.id());
        r.set(VERIFICATIONS.CUSTOMER_ID, v.customerId().value());
        r.set(VERIFICATIONS.STATUS, v.status().name());
        r.set(VERIFICATIONS.ERRORS, JsonColumns.write(v.errors().stream().map(VerificationError::json).toList()));
        r.set(VERIFICATIONS.CREATED_AT, utc(v.createdAt()));
        r.set(VERIFICATIONS.UPDATED_AT, utc(v.updatedAt()));
        r.set(VERIFICATIONS.SUBMITTED_AT, utc(v.submittedAt()));
        return r;
    }

    @SuppressWarnings("unchecked")
    private static Verification toVerification(VerificationsRecord r) {
        List<VerificationError> errors = JsonColumns.readList(JsonColumns.readAny(r.getErrors())).stream()
                .map(e -> new VerificationError((String) e.get("resourceId"), (String) e.get("type"),
                        (String) e.get("field"), (List<String>) e.get("acceptedDocumentTypes"),
                        (String) e.get("reason")))
                .toList();
        return new Verification(r.getId(), new PlatformId(r.getPlatformId()), new CustomerId(r.getCustomerId()),
                VerificationStatus.valueOf(r.getStatus()), errors, r.getCreatedAt().toInstant(),
                r.getUpdatedAt().toInstant(), Keyset.instant(r.getSubmittedAt()));
    }
}
