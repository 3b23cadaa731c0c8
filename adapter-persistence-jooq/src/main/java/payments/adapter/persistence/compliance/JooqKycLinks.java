package payments.adapter.persistence.compliance;

import static payments.adapter.persistence.Keyset.instant;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.KYC_LINKS;

import java.util.Optional;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.schema.tables.records.KycLinksRecord;
import payments.core.compliance.KycLink;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.ports.driven.compliance.KycLinks;

public final class JooqKycLinks implements KycLinks {
    private final Db db;

    public JooqKycLinks(Db db) {
        this.db = db;
    }

    @Override
    public void insert(KycLink link) {
        db.ctx().insertInto(KYC_LINKS).set(record(link).values()).execute();
    }

    @Override
    public void update(KycLink link) {
        db.ctx().update(KYC_LINKS).set(record(link).values()).where(KYC_LINKS.TOKEN_HASH.eq(link.tokenHash()))
                .execute();
    }

    @Override
    public Optional<KycLink> findForUpdate(String tokenHash) {
        return db.ctx().selectFrom(KYC_LINKS).where(KYC_LINKS.TOKEN_HASH.eq(tokenHash)).forUpdate().fetchOptional()
                .map(JooqKycLinks::toLink);
    }

    private static Row<KycLinksRecord> record(KycLink l) {
        Row<KycLinksRecord> r = Row.of(KYC_LINKS);
        r.set(KYC_LINKS.TOKEN_HASH, l.tokenHash());
        r.set(KYC_LINKS.PLATFORM_ID, l.platformId().value());
        r.set(KYC_LINKS.CUSTOMER_ID, l.customerId().value());
        r.set(KYC_LINKS.REDIRECT_URI, l.redirectUri());
        r.set(KYC_LINKS.EXPIRES_AT, utc(l.expiresAt()));
        r.set(KYC_LINKS.USED_AT, utc(l.usedAt()));
        r.set(KYC_LINKS.OUTCOME, l.outcome());
        r.set(KYC_LINKS.CREATED_AT, utc(l.createdAt()));
        return r;
    }

    private static KycLink toLink(KycLinksRecord r) {
        return new KycLink(r.getTokenHash(), new PlatformId(r.getPlatformId()), new CustomerId(r.getCustomerId()),
                r.getRedirectUri(), r.getExpiresAt().toInstant(), instant(r.getUsedAt()), r.getOutcome(),
                r.getCreatedAt().toInstant());
    }
}
