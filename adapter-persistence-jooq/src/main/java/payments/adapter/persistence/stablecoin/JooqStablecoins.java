package payments.adapter.persistence.stablecoin;

import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.STABLECOINS;

import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.exception.DataAccessException;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.UniqueViolation;
import payments.adapter.persistence.schema.tables.records.StablecoinsRecord;
import payments.core.error.Conflict;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Environment;
import payments.core.stablecoin.IssuanceStatus;
import payments.core.stablecoin.ServiceOperationsStatus;
import payments.core.stablecoin.Stablecoin;
import payments.core.stablecoin.StablecoinFilter;
import payments.core.stablecoin.StablecoinJournals;
import payments.core.stablecoin.StablecoinNetwork;
import payments.ports.driven.stablecoin.Stablecoins;

/** Registered stablecoins, each with the id of its ISSUED ledger account for the reconciliation. */
public final class JooqStablecoins implements Stablecoins {
    private final Db db;

    public JooqStablecoins(Db db) {
        this.db = db;
    }

    @Override
    public void insert(Stablecoin s) {
        try {
            db.ctx().insertInto(STABLECOINS)
                    .set(STABLECOINS.PLATFORM_ID, s.platformId().value())
                    .set(STABLECOINS.ID, s.id())
                    .set(STABLECOINS.PROVIDER_ACCOUNT_ID, s.providerAccountId())
                    .set(STABLECOINS.NAME, s.token().name())
                    .set(STABLECOINS.SYMBOL, s.token().symbol())
                    .set(STABLECOINS.BASE_CURRENCY, s.token().baseCurrency())
                    .set(STABLECOINS.DECIMALS, s.token().decimals())
                    .set(STABLECOINS.NETWORK, s.network().name())
                    .set(STABLECOINS.NETWORK_TOKEN_IDENTIFIER, s.networkTokenIdentifier())
                    .set(STABLECOINS.PROVIDER_TOKEN_IDENTIFIER, s.providerTokenIdentifier())
                    .set(STABLECOINS.ISSUANCE_STATUS, s.issuanceStatus().name())
                    .set(STABLECOINS.SERVICE_OPERATIONS_STATUS, s.serviceOperationsStatus().name())
                    .set(STABLECOINS.CURRENCY, s.currency())
                    .set(STABLECOINS.ENVIRONMENT, s.environment().name())
                    .set(STABLECOINS.PROVIDER_REFERENCE, s.providerReference())
                    .set(STABLECOINS.ISSUED_ACCOUNT_ID, StablecoinJournals.issued(s).id())
                    .set(STABLECOINS.CREATED_AT, utc(s.createdAt()))
                    .set(STABLECOINS.UPDATED_AT, utc(s.updatedAt()))
                    .execute();
        } catch (DataAccessException e) {
            if (UniqueViolation.constraintOf(e).filter("stablecoins_one_per_token"::equals).isPresent()) {
                throw new Conflict("CONFLICT", "The platform registered token " + s.networkTokenIdentifier()
                        + " on " + s.network() + " already");
            }
            throw e;
        }
    }

    @Override
    public void update(Stablecoin s) {
        try {
            db.ctx().update(STABLECOINS)
                    .set(STABLECOINS.ISSUANCE_STATUS, s.issuanceStatus().name())
                    .set(STABLECOINS.SERVICE_OPERATIONS_STATUS, s.serviceOperationsStatus().name())
                    .set(STABLECOINS.CURRENCY, s.currency())
                    .set(STABLECOINS.UPDATED_AT, utc(s.updatedAt()))
                    .where(byId(s.platformId(), s.id())).execute();
        } catch (DataAccessException e) {
            if (UniqueViolation.constraintOf(e).filter("stablecoins_one_per_currency"::equals).isPresent()) {
                throw new Conflict("CONFLICT", "Another stablecoin of the platform is held in " + s.currency());
            }
            throw e;
        }
    }

    @Override
    public Optional<Stablecoin> find(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(STABLECOINS).where(byId(platform, id)).fetchOptional()
                .map(JooqStablecoins::toCoin);
    }

    @Override
    public Optional<Stablecoin> findForUpdate(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(STABLECOINS).where(byId(platform, id)).forUpdate().fetchOptional()
                .map(JooqStablecoins::toCoin);
    }

    @Override
    public Page<Stablecoin> list(PlatformId platform, StablecoinFilter f, PageRequest page) {
        Condition filter = STABLECOINS.PLATFORM_ID.eq(platform.value());
        if (f.issuanceStatus() != null) {
            filter = filter.and(STABLECOINS.ISSUANCE_STATUS.eq(f.issuanceStatus().name()));
        }
        if (f.serviceOperationsStatus() != null) {
            filter = filter.and(STABLECOINS.SERVICE_OPERATIONS_STATUS.eq(f.serviceOperationsStatus().name()));
        }
        return Keyset.page(db.ctx(), STABLECOINS, STABLECOINS.fields(), STABLECOINS.CREATED_AT, STABLECOINS.ID,
                filter, page, r -> toCoin(r.into(STABLECOINS)));
    }

    @Override
    public boolean currencyTaken(PlatformId platform, String currency) {
        return db.ctx().fetchExists(STABLECOINS, STABLECOINS.PLATFORM_ID.eq(platform.value())
                .and(STABLECOINS.CURRENCY.eq(currency)));
    }

    private static Condition byId(PlatformId platform, UUID id) {
        return STABLECOINS.PLATFORM_ID.eq(platform.value()).and(STABLECOINS.ID.eq(id));
    }

    private static Stablecoin toCoin(StablecoinsRecord r) {
        return new Stablecoin(r.getId(), new PlatformId(r.getPlatformId()), r.getProviderAccountId(),
                new Stablecoin.Token(r.getName(), r.getSymbol(), r.getBaseCurrency(), r.getDecimals()),
                StablecoinNetwork.valueOf(r.getNetwork()), r.getNetworkTokenIdentifier(),
                r.getProviderTokenIdentifier(), IssuanceStatus.valueOf(r.getIssuanceStatus()),
                ServiceOperationsStatus.valueOf(r.getServiceOperationsStatus()), r.getCurrency(),
                Environment.valueOf(r.getEnvironment()), r.getProviderReference(), r.getCreatedAt().toInstant(),
                r.getUpdatedAt().toInstant());
    }
}
