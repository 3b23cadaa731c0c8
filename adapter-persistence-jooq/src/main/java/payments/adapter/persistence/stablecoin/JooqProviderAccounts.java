package payments.adapter.persistence.stablecoin;

import static payments.adapter.persistence.Keyset.instant;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.STABLECOIN_PROVIDER_ACCOUNTS;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.exception.DataAccessException;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.UniqueViolation;
import payments.adapter.persistence.schema.tables.records.StablecoinProviderAccountsRecord;
import payments.adapter.persistence.secret.Sealing;
import payments.adapter.persistence.secret.SecretBox;
import payments.core.error.Conflict;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Environment;
import payments.core.stablecoin.ProviderAccount;
import payments.core.stablecoin.ProviderAccountStatus;
import payments.ports.driven.stablecoin.ProviderAccounts;
import payments.ports.driven.stablecoin.StablecoinProvider.Credentials;

/** Links to the provider; each API client secret sealed with {@link SecretBox} for its own row. */
public final class JooqProviderAccounts implements ProviderAccounts {
    private final Db db;
    private final SecretBox box;

    public JooqProviderAccounts(Db db, SecretBox box) {
        this.db = db;
        this.box = box;
    }

    @Override
    public void insert(ProviderAccount a, Credentials credentials) {
        byte[] sealed = seal(a, credentials);
        try {
            db.ctx().insertInto(STABLECOIN_PROVIDER_ACCOUNTS)
                    .set(STABLECOIN_PROVIDER_ACCOUNTS.PLATFORM_ID, a.platformId().value())
                    .set(STABLECOIN_PROVIDER_ACCOUNTS.ID, a.id())
                    .set(STABLECOIN_PROVIDER_ACCOUNTS.PROVIDER, ProviderAccount.PROVIDER)
                    .set(STABLECOIN_PROVIDER_ACCOUNTS.PROVIDER_ACCOUNT_ID, a.providerAccountId())
                    .set(STABLECOIN_PROVIDER_ACCOUNTS.ENVIRONMENT, a.environment().name())
                    .set(STABLECOIN_PROVIDER_ACCOUNTS.STATUS, a.status().name())
                    .set(STABLECOIN_PROVIDER_ACCOUNTS.API_CLIENT_ID, credentials.apiClientId())
                    .set(STABLECOIN_PROVIDER_ACCOUNTS.API_CLIENT_SECRET, sealed)
                    .set(STABLECOIN_PROVIDER_ACCOUNTS.LAST_VERIFIED_AT, utc(a.lastVerifiedAt()))
                    .set(STABLECOIN_PROVIDER_ACCOUNTS.CREATED_AT, utc(a.createdAt()))
                    .set(STABLECOIN_PROVIDER_ACCOUNTS.UPDATED_AT, utc(a.updatedAt()))
                    .execute();
        } catch (DataAccessException e) {
            if (UniqueViolation.constraintOf(e).filter("stablecoin_provider_accounts_one_per_account"::equals)
                    .isPresent()) {
                throw new Conflict("CONFLICT", "Provider account " + a.providerAccountId() + " was linked by "
                        + "another request at the same moment; send this one again");
            }
            throw e;
        }
    }

    @Override
    public void update(ProviderAccount a, Credentials credentials) {
        db.ctx().update(STABLECOIN_PROVIDER_ACCOUNTS)
                .set(STABLECOIN_PROVIDER_ACCOUNTS.STATUS, a.status().name())
                .set(STABLECOIN_PROVIDER_ACCOUNTS.API_CLIENT_ID, credentials.apiClientId())
                .set(STABLECOIN_PROVIDER_ACCOUNTS.API_CLIENT_SECRET, seal(a, credentials))
                .set(STABLECOIN_PROVIDER_ACCOUNTS.LAST_VERIFIED_AT, utc(a.lastVerifiedAt()))
                .set(STABLECOIN_PROVIDER_ACCOUNTS.UPDATED_AT, utc(a.updatedAt()))
                .where(byId(a.platformId(), a.id())).execute();
    }

    @Override
    public Optional<ProviderAccount> findByAccountForUpdate(PlatformId platform, String providerAccountId) {
        return db.ctx().selectFrom(STABLECOIN_PROVIDER_ACCOUNTS)
                .where(STABLECOIN_PROVIDER_ACCOUNTS.PLATFORM_ID.eq(platform.value())
                        .and(STABLECOIN_PROVIDER_ACCOUNTS.PROVIDER.eq(ProviderAccount.PROVIDER))
                        .and(STABLECOIN_PROVIDER_ACCOUNTS.PROVIDER_ACCOUNT_ID.eq(providerAccountId)))
                .forUpdate().fetchOptional().map(JooqProviderAccounts::toAccount);
    }

    /** The secret sealed for the link's own row. */
    private byte[] seal(ProviderAccount a, Credentials credentials) {
        return box.seal(credentials.apiClientSecret().getBytes(StandardCharsets.UTF_8),
                Sealing.providerAccountSecret(a.platformId().value(), a.id()));
    }

    @Override
    public Optional<ProviderAccount> find(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(STABLECOIN_PROVIDER_ACCOUNTS).where(byId(platform, id)).fetchOptional()
                .map(JooqProviderAccounts::toAccount);
    }

    @Override
    public List<ProviderAccount> active(PlatformId platform, int limit) {
        return db.ctx().selectFrom(STABLECOIN_PROVIDER_ACCOUNTS)
                .where(STABLECOIN_PROVIDER_ACCOUNTS.PLATFORM_ID.eq(platform.value())
                        .and(STABLECOIN_PROVIDER_ACCOUNTS.STATUS.eq(ProviderAccountStatus.ACTIVE.name())))
                .orderBy(STABLECOIN_PROVIDER_ACCOUNTS.CREATED_AT.desc(), STABLECOIN_PROVIDER_ACCOUNTS.ID.desc())
                .limit(limit).fetch(JooqProviderAccounts::toAccount);
    }

    @Override
    public Optional<ProviderAccount> newest(PlatformId platform) {
        return db.ctx().selectFrom(STABLECOIN_PROVIDER_ACCOUNTS)
                .where(STABLECOIN_PROVIDER_ACCOUNTS.PLATFORM_ID.eq(platform.value()))
                .orderBy(STABLECOIN_PROVIDER_ACCOUNTS.CREATED_AT.desc(), STABLECOIN_PROVIDER_ACCOUNTS.ID.desc())
                .limit(1).fetchOptional(JooqProviderAccounts::toAccount);
    }

    @Override
    public Page<ProviderAccount> list(PlatformId platform, ProviderAccountStatus status, PageRequest page) {
        Condition filter = STABLECOIN_PROVIDER_ACCOUNTS.PLATFORM_ID.eq(platform.value());
        if (status != null) {
            filter = filter.and(STABLECOIN_PROVIDER_ACCOUNTS.STATUS.eq(status.name()));
        }
        return Keyset.page(db.ctx(), STABLECOIN_PROVIDER_ACCOUNTS, STABLECOIN_PROVIDER_ACCOUNTS.fields(),
                STABLECOIN_PROVIDER_ACCOUNTS.CREATED_AT, STABLECOIN_PROVIDER_ACCOUNTS.ID, filter, page,
                r -> toAccount(r.into(STABLECOIN_PROVIDER_ACCOUNTS)));
    }

    @Override
    public Credentials credentials(PlatformId platform, UUID id) {
        var r = db.ctx().select(STABLECOIN_PROVIDER_ACCOUNTS.API_CLIENT_ID,
                        STABLECOIN_PROVIDER_ACCOUNTS.API_CLIENT_SECRET)
                .from(STABLECOIN_PROVIDER_ACCOUNTS).where(byId(platform, id)).fetchOptional()
                .orElseThrow(() -> ProviderAccount.notFound(id));
        return new Credentials(r.value1(), new String(box.open(r.value2(),
                Sealing.providerAccountSecret(platform.value(), id)), StandardCharsets.UTF_8));
    }

    private static Condition byId(PlatformId platform, UUID id) {
        return STABLECOIN_PROVIDER_ACCOUNTS.PLATFORM_ID.eq(platform.value())
                .and(STABLECOIN_PROVIDER_ACCOUNTS.ID.eq(id));
    }

    private static ProviderAccount toAccount(StablecoinProviderAccountsRecord r) {
        return new ProviderAccount(r.getId(), new PlatformId(r.getPlatformId()), r.getProviderAccountId(),
                Environment.valueOf(r.getEnvironment()), ProviderAccountStatus.valueOf(r.getStatus()),
                instant(r.getLastVerifiedAt()), r.getCreatedAt().toInstant(), r.getUpdatedAt().toInstant());
    }
}
