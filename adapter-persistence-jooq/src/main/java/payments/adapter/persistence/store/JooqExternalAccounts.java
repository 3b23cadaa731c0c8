package payments.adapter.persistence.store;

import payments.adapter.persistence.UniqueViolation;
import payments.adapter.persistence.JsonColumns;
import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Statement;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.EXTERNAL_ACCOUNTS;

import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import org.jooq.Condition;
import org.jooq.exception.DataAccessException;
import payments.adapter.persistence.schema.tables.records.ExternalAccountsRecord;
import payments.core.account.BeneficiaryVerificationStatus;
import payments.core.account.ExternalAccount;
import payments.core.account.ExternalAccountStatus;
import payments.core.error.Conflict;
import payments.core.id.CustomerId;
import payments.core.id.ExternalAccountId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.ports.driven.account.ExternalAccounts;

public final class JooqExternalAccounts implements ExternalAccounts {
    private static final Statement FIND = findLive(EXTERNAL_ACCOUNTS.ID.eq(Statement.param(EXTERNAL_ACCOUNTS.ID)));
    private static final Statement FIND_ALL = findLive(Statement.anyOf(EXTERNAL_ACCOUNTS.ID));
    private final Db db;

    public JooqExternalAccounts(Db db) {
        this.db = db;
    }

    @Override
    public void insert(PlatformId platform, ExternalAccount a) {
        try {
            db.ctx().insertInto(EXTERNAL_ACCOUNTS)
                    .set(EXTERNAL_ACCOUNTS.PLATFORM_ID, platform.value())
                    .set(EXTERNAL_ACCOUNTS.ID, a.id().value())
                    .set(EXTERNAL_ACCOUNTS.CUSTOMER_ID, a.customerId() == null ? null : a.customerId().value())
                    .set(EXTERNAL_ACCOUNTS.CURRENCY, a.currency())
                    .set(EXTERNAL_ACCOUNTS.STATUS, a.status().name())
                    .set(EXTERNAL_ACCOUNTS.PLATFORM_ACCOUNT_ID, a.platformAccountId())
                    .set(EXTERNAL_ACCOUNTS.OWNERSHIP_TYPE, a.ownershipType())
                    .set(EXTERNAL_ACCOUNTS.DEFAULT_UMA_DEPOSIT_ACCOUNT, a.defaultUmaDepositAccount())
                    .set(EXTERNAL_ACCOUNTS.ACCOUNT_TYPE, a.accountType())
                    .set(EXTERNAL_ACCOUNTS.PRIMARY_IDENTIFIER, a.primaryIdentifier())
                    .set(EXTERNAL_ACCOUNTS.ACCOUNT_INFO, JsonColumns.write(a.accountInfo()))
                    .set(EXTERNAL_ACCOUNTS.BENEFICIARY_VERIFICATION_STATUS,
                            a.beneficiaryVerification() == null ? null : a.beneficiaryVerification().name())
                    .set(EXTERNAL_ACCOUNTS.BENEFICIARY_VERIFIED_NAME, a.beneficiaryVerifiedName())
                    .set(EXTERNAL_ACCOUNTS.CREATED_AT, utc(a.createdAt()))
                    .set(EXTERNAL_ACCOUNTS.UPDATED_AT, utc(a.updatedAt()))
                    .execute();
        } catch (DataAccessException e) {
            String constraint = UniqueViolation.constraintOf(e).orElseThrow(() -> e);
            if (constraint.equals("external_accounts_active_identity")) {
                throw new Conflict("CONFLICT", "This external account already exists");
            }
            if (constraint.equals("external_accounts_one_default_uma")) {
                throw new Conflict("CONFLICT", "Another default UMA deposit account was set at the same time");
            }
            throw e;
        }
    }

    @Override
    public Optional<ExternalAccount> find(PlatformId platform, ExternalAccountId id) {
        return FIND.fetchOptional(db, platform.value(), id.value())
                .map(r -> toAccount(r.into(EXTERNAL_ACCOUNTS)));
    }

    @Override
    public Map<ExternalAccountId, ExternalAccount> findAll(PlatformId platform, Collection<ExternalAccountId> ids) {
        return FIND_ALL.fetchAll(db, EXTERNAL_ACCOUNTS.ID, ids, ExternalAccountId::value,
                r -> toAccount(r.into(EXTERNAL_ACCOUNTS)), platform.value());
    }

    /** The live (not deleted) accounts of a platform that meet {@code which}. */
    private static Statement findLive(Condition which) {
        return Statement.query(ctx -> ctx.selectFrom(EXTERNAL_ACCOUNTS)
                .where(EXTERNAL_ACCOUNTS.PLATFORM_ID.eq(Statement.param(EXTERNAL_ACCOUNTS.PLATFORM_ID))
                        .and(EXTERNAL_ACCOUNTS.DELETED_AT.isNull())
                        .and(which)));
    }

    @Override
    public Page<ExternalAccount> list(PlatformId platform, boolean platformOwned, CustomerId customer,
                                      String currency, PageRequest page) {
        Condition c = live(platform).and(platformOwned ? EXTERNAL_ACCOUNTS.CUSTOMER_ID.isNull()
                : customer == null ? EXTERNAL_ACCOUNTS.CUSTOMER_ID.isNotNull()
                : EXTERNAL_ACCOUNTS.CUSTOMER_ID.eq(customer.value()));
        if (currency != null) {
            c = c.and(EXTERNAL_ACCOUNTS.CURRENCY.eq(currency));
        }
        return Keyset.page(db.ctx(), EXTERNAL_ACCOUNTS, EXTERNAL_ACCOUNTS.fields(), EXTERNAL_ACCOUNTS.CREATED_AT,
                EXTERNAL_ACCOUNTS.ID, c, page, r -> toAccount(r.into(EXTERNAL_ACCOUNTS)));
    }

    @Override
    public Optional<ExternalAccount> findDefaultUmaDeposit(PlatformId platform, CustomerId customer) {
        return db.ctx().selectFrom(EXTERNAL_ACCOUNTS)
                .where(live(platform).and(EXTERNAL_ACCOUNTS.CUSTOMER_ID.eq(customer.value()))
                        .and(EXTERNAL_ACCOUNTS.DEFAULT_UMA_DEPOSIT_ACCOUNT))
                .fetchOptional().map(JooqExternalAccounts::toAccount);
    }

    @Override
    public void clearDefaultUmaDeposit(PlatformId platform, CustomerId customer, Instant now) {
        db.ctx().update(EXTERNAL_ACCOUNTS)
                .set(EXTERNAL_ACCOUNTS.DEFAULT_UMA_DEPOSIT_ACCOUNT, false)
                .set(EXTERNAL_ACCOUNTS.UPDATED_AT, utc(now))
                .where(live(platform).and(EXTERNAL_ACCOUNTS.CUSTOMER_ID.eq(customer.value()))
                        .and(EXTERNAL_ACCOUNTS.DEFAULT_UMA_DEPOSIT_ACCOUNT))
                .execute();
    }

    @Override
    public boolean delete(PlatformId platform, ExternalAccountId id, Instant now) {
        return db.ctx().update(EXTERNAL_ACCOUNTS)
                .set(EXTERNAL_ACCOUNTS.DELETED_AT, utc(now))
                .set(EXTERNAL_ACCOUNTS.UPDATED_AT, utc(now))
                .set(EXTERNAL_ACCOUNTS.DEFAULT_UMA_DEPOSIT_ACCOUNT, false)
                .where(live(platform).and(EXTERNAL_ACCOUNTS.ID.eq(id.value())))
                .execute() == 1;
    }

    private static Condition live(PlatformId platform) {
        return EXTERNAL_ACCOUNTS.PLATFORM_ID.eq(platform.value()).and(EXTERNAL_ACCOUNTS.DELETED_AT.isNull());
    }

    private static ExternalAccount toAccount(ExternalAccountsRecord r) {
        String verification = r.getBeneficiaryVerificationStatus();
        return new ExternalAccount(new ExternalAccountId(r.getId()),
                r.getCustomerId() == null ? null : new CustomerId(r.getCustomerId()), r.getCurrency(),
                ExternalAccountStatus.valueOf(r.getStatus()), r.getPlatformAccountId(), r.getOwnershipType(),
                r.getDefaultUmaDepositAccount(), r.getAccountType(), r.getPrimaryIdentifier(),
                JsonColumns.readObject(r.getAccountInfo()),
                verification == null ? null : BeneficiaryVerificationStatus.valueOf(verification),
                r.getBeneficiaryVerifiedName(), r.getCreatedAt().toInstant(), r.getUpdatedAt().toInstant());
    }
}
