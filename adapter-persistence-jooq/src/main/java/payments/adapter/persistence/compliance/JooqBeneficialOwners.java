package payments.adapter.persistence.compliance;

import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.BENEFICIAL_OWNERS;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.JsonColumns;
import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.schema.tables.records.BeneficialOwnersRecord;
import payments.core.compliance.BeneficialOwner;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.ports.driven.compliance.BeneficialOwners;

public final class JooqBeneficialOwners implements BeneficialOwners {
    private final Db db;

    public JooqBeneficialOwners(Db db) {
        this.db = db;
    }

    @Override
    public void insert(BeneficialOwner owner) {
        db.ctx().insertInto(BENEFICIAL_OWNERS).set(record(owner).values()).execute();
    }

    @Override
    public void update(BeneficialOwner owner) {
        db.ctx().update(BENEFICIAL_OWNERS).set(record(owner).values())
                .where(byId(owner.platformId(), owner.id())).execute();
    }

    @Override
    public Optional<BeneficialOwner> find(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(BENEFICIAL_OWNERS).where(byId(platform, id)).fetchOptional()
                .map(JooqBeneficialOwners::toOwner);
    }

    @Override
    public Optional<BeneficialOwner> findForUpdate(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(BENEFICIAL_OWNERS).where(byId(platform, id)).forUpdate().fetchOptional()
                .map(JooqBeneficialOwners::toOwner);
    }

    @Override
    public List<BeneficialOwner> ownersOf(PlatformId platform, CustomerId customer) {
        return db.ctx().selectFrom(BENEFICIAL_OWNERS).where(ofCustomer(platform, customer))
                .orderBy(BENEFICIAL_OWNERS.CREATED_AT, BENEFICIAL_OWNERS.ID).fetch(JooqBeneficialOwners::toOwner);
    }

    @Override
    public Page<BeneficialOwner> list(PlatformId platform, CustomerId customer, PageRequest page) {
        return Keyset.page(db.ctx(), BENEFICIAL_OWNERS, BENEFICIAL_OWNERS.fields(), BENEFICIAL_OWNERS.CREATED_AT,
                BENEFICIAL_OWNERS.ID, ofCustomer(platform, customer), page,
                r -> toOwner(r.into(BENEFICIAL_OWNERS)));
    }

    private static Condition byId(PlatformId platform, UUID id) {
        return BENEFICIAL_OWNERS.PLATFORM_ID.eq(platform.value()).and(BENEFICIAL_OWNERS.ID.eq(id));
    }

    private static Condition ofCustomer(PlatformId platform, CustomerId customer) {
        return BENEFICIAL_OWNERS.PLATFORM_ID.eq(platform.value())
                .and(BENEFICIAL_OWNERS.CUSTOMER_ID.eq(customer.value()));
    }

    private static Row<BeneficialOwnersRecord> record(BeneficialOwner o) {
        Row<BeneficialOwnersRecord> r = Row.of(BENEFICIAL_OWNERS);
        r.set(BENEFICIAL_OWNERS.PLATFORM_ID, o.platformId().value());
        r.set(BENEFICIAL_OWNERS.ID, o.id());
        r.set(BENEFICIAL_OWNERS.CUSTOMER_ID, o.customerId().value());
        r.set(BENEFICIAL_OWNERS.ROLES, String.join(",", o.roles()));
        r.set(BENEFICIAL_OWNERS.OWNERSHIP_PERCENTAGE, o.ownershipPercentage());
        r.set(BENEFICIAL_OWNERS.PERSONAL_INFO, JsonColumns.write(o.personalInfo()));
        r.set(BENEFICIAL_OWNERS.KYC_STATUS, o.kycStatus());
        r.set(BENEFICIAL_OWNERS.CREATED_AT, utc(o.createdAt()));
        r.set(BENEFICIAL_OWNERS.UPDATED_AT, utc(o.updatedAt()));
        return r;
    }

    private static BeneficialOwner toOwner(BeneficialOwnersRecord r) {
        return new BeneficialOwner(r.getId(), new PlatformId(r.getPlatformId()), new CustomerId(r.getCustomerId()),
                Arrays.asList(r.getRoles().split(",")), r.getOwnershipPercentage(),
                JsonColumns.readObject(r.getPersonalInfo()), r.getKycStatus(), r.getCreatedAt().toInstant(),
                r.getUpdatedAt().toInstant());
    }
}
