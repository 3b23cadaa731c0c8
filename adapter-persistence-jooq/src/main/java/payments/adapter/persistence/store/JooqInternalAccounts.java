package payments.adapter.persistence.store;

import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Statement;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.INTERNAL_ACCOUNTS;
import static payments.adapter.persistence.schema.Tables.LEDGER_ACCOUNTS;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jooq.Condition;
import org.jooq.Record;
import org.jooq.SelectFieldOrAsterisk;
import org.jooq.TableLike;
import org.jooq.impl.DSL;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountFilter;
import payments.core.account.InternalAccountStatus;
import payments.core.account.InternalAccountType;
import payments.core.id.CustomerId;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.ports.driven.account.InternalAccounts;

/** Internal accounts joined with their ledger account, which holds the balances. */
public final class JooqInternalAccounts implements InternalAccounts {
    private static final TableLike<?> ACCOUNT_WITH_BALANCE = INTERNAL_ACCOUNTS.join(LEDGER_ACCOUNTS)
            .on(LEDGER_ACCOUNTS.PLATFORM_ID.eq(INTERNAL_ACCOUNTS.PLATFORM_ID)
                    .and(LEDGER_ACCOUNTS.ID.eq(INTERNAL_ACCOUNTS.ID)));
    private static final SelectFieldOrAsterisk[] FIELDS = concat(
            INTERNAL_ACCOUNTS.fields(), LEDGER_ACCOUNTS.POSTED_MINOR, LEDGER_ACCOUNTS.HELD_MINOR);
    private static final Statement FIND = findWhere(INTERNAL_ACCOUNTS.ID.eq(Statement.param(INTERNAL_ACCOUNTS.ID)));
    private static final Statement FIND_ALL = findWhere(Statement.anyOf(INTERNAL_ACCOUNTS.ID));
    /**
     * By deposit reference: the expression of the index internal_accounts_by_deposit_reference (V27), word for word,
     * so that PostgreSQL reads the index.
     */
    private static final Statement FIND_BY_DEPOSIT_REFERENCE = findWhere(DSL.condition(
            "lower(right(replace({0}::text, '-', ''), 16)) = {1}", INTERNAL_ACCOUNTS.ID,
            DSL.param("reference", String.class)));
    /** A deposit reference as {@code EntityId.randomPart} writes it, in either case. */
    private static final Pattern DEPOSIT_REFERENCE = Pattern.compile("[0-9a-fA-F]{16}");
    private final Db db;

    public JooqInternalAccounts(Db db) {
        this.db = db;
    }

    @Override
    public void open(PlatformId platform, InternalAccount a) {
        db.ctx().insertInto(LEDGER_ACCOUNTS)
                .set(LEDGER_ACCOUNTS.PLATFORM_ID, platform.value())
                .set(LEDGER_ACCOUNTS.ID, a.id().value())
                .set(LEDGER_ACCOUNTS.CURRENCY, a.currency())
                .set(LEDGER_ACCOUNTS.KIND, a.isPlatformAccount() ? "PLATFORM" : "CUSTOMER")
                .set(LEDGER_ACCOUNTS.CREATED_AT, utc(a.createdAt()))
                .set(LEDGER_ACCOUNTS.UPDATED_AT, utc(a.updatedAt()))
                .execute();
        db.ctx().insertInto(INTERNAL_ACCOUNTS)
                .set(INTERNAL_ACCOUNTS.PLATFORM_ID, platform.value())
                .set(INTERNAL_ACCOUNTS.ID, a.id().value())
                .set(INTERNAL_ACCOUNTS.CUSTOMER_ID, a.customerId() == null ? null : a.customerId().value())
                .set(INTERNAL_ACCOUNTS.CURRENCY, a.currency())
                .set(INTERNAL_ACCOUNTS.ACCOUNT_TYPE, a.type().name())
                .set(INTERNAL_ACCOUNTS.STATUS, a.status().name())
                .set(INTERNAL_ACCOUNTS.PRIVATE_ENABLED, a.privateEnabled())
                .set(INTERNAL_ACCOUNTS.CREATED_AT, utc(a.createdAt()))
                .set(INTERNAL_ACCOUNTS.UPDATED_AT, utc(a.updatedAt()))
                .execute();
    }

    @Override
    public Optional<InternalAccount> find(PlatformId platform, InternalAccountId id) {
        return FIND.fetchOptional(db, platform.value(), id.value()).map(JooqInternalAccounts::toAccount);
    }

    @Override
    public Map<InternalAccountId, InternalAccount> findAll(PlatformId platform, Collection<InternalAccountId> ids) {
        return FIND_ALL.fetchAll(db, INTERNAL_ACCOUNTS.ID, ids, InternalAccountId::value,
                JooqInternalAccounts::toAccount, platform.value());
    }

    /**
     * A reference that is not 16 hex digits names no account, so it costs no query. Two accounts of a platform sharing
     * one (their 64 random bits alike) fail the lookup rather than have one of them picked.
     */
    @Override
    public Optional<InternalAccount> findByDepositReference(PlatformId platform, String reference) {
        if (reference == null || !DEPOSIT_REFERENCE.matcher(reference).matches()) {
            return Optional.empty();
        }
        return FIND_BY_DEPOSIT_REFERENCE.fetchOptional(db, platform.value(), reference.toLowerCase(Locale.ROOT))
                .map(JooqInternalAccounts::toAccount);
    }

    /** The accounts of a platform, with their balances, that meet {@code which}. */
    private static Statement findWhere(Condition which) {
        return Statement.query(ctx -> ctx.select(FIELDS).from(ACCOUNT_WITH_BALANCE)
                .where(INTERNAL_ACCOUNTS.PLATFORM_ID.eq(Statement.param(INTERNAL_ACCOUNTS.PLATFORM_ID)).and(which)));
    }

    @Override
    public Page<InternalAccount> listCustomerAccounts(PlatformId platform, InternalAccountFilter f, PageRequest page) {
        Condition c = of(platform).and(INTERNAL_ACCOUNTS.CUSTOMER_ID.isNotNull());
        if (f.customerId() != null) {
            c = c.and(INTERNAL_ACCOUNTS.CUSTOMER_ID.eq(f.customerId().value()));
        }
        if (f.currency() != null) {
            c = c.and(INTERNAL_ACCOUNTS.CURRENCY.eq(f.currency()));
        }
        if (f.type() != null) {
            c = c.and(INTERNAL_ACCOUNTS.ACCOUNT_TYPE.eq(f.type().name()));
        }
        return Keyset.page(db.ctx(), ACCOUNT_WITH_BALANCE, FIELDS, INTERNAL_ACCOUNTS.CREATED_AT, INTERNAL_ACCOUNTS.ID,
                c, page, JooqInternalAccounts::toAccount);
    }

    @Override
    public List<InternalAccount> listOwnedBy(PlatformId platform, CustomerId customer) {
        Condition owner = customer == null ? INTERNAL_ACCOUNTS.CUSTOMER_ID.isNull()
                : INTERNAL_ACCOUNTS.CUSTOMER_ID.eq(customer.value());
        return select(of(platform).and(owner))
                .orderBy(INTERNAL_ACCOUNTS.CREATED_AT, INTERNAL_ACCOUNTS.ID)
                .fetch(JooqInternalAccounts::toAccount);
    }

    @Override
    public void setPrivacy(PlatformId platform, InternalAccountId id, boolean privateEnabled, java.time.Instant now) {
        db.ctx().update(INTERNAL_ACCOUNTS)
                .set(INTERNAL_ACCOUNTS.PRIVATE_ENABLED, privateEnabled)
                .set(INTERNAL_ACCOUNTS.UPDATED_AT, utc(now))
                .where(of(platform).and(INTERNAL_ACCOUNTS.ID.eq(id.value())))
                .execute();
    }

    private Condition of(PlatformId platform) {
        return INTERNAL_ACCOUNTS.PLATFORM_ID.eq(platform.value());
    }

    private org.jooq.SelectConditionStep<Record> select(Condition condition) {
        return db.ctx().select(FIELDS).from(ACCOUNT_WITH_BALANCE).where(condition);
    }

    private static InternalAccount toAccount(Record r) {
        long posted = r.get(LEDGER_ACCOUNTS.POSTED_MINOR);
        long held = r.get(LEDGER_ACCOUNTS.HELD_MINOR);
        var customer = r.get(INTERNAL_ACCOUNTS.CUSTOMER_ID);
        return new InternalAccount(new InternalAccountId(r.get(INTERNAL_ACCOUNTS.ID)),
                customer == null ? null : new CustomerId(customer), r.get(INTERNAL_ACCOUNTS.CURRENCY),
                InternalAccountType.valueOf(r.get(INTERNAL_ACCOUNTS.ACCOUNT_TYPE)),
                InternalAccountStatus.valueOf(r.get(INTERNAL_ACCOUNTS.STATUS)), posted - held, posted,
                r.get(INTERNAL_ACCOUNTS.PRIVATE_ENABLED), r.get(INTERNAL_ACCOUNTS.CREATED_AT).toInstant(),
                r.get(INTERNAL_ACCOUNTS.UPDATED_AT).toInstant());
    }

    private static SelectFieldOrAsterisk[] concat(org.jooq.Field<?>[] fields, org.jooq.Field<?>... more) {
        SelectFieldOrAsterisk[] all = java.util.Arrays.copyOf(fields, fields.length + more.length,
                SelectFieldOrAsterisk[].class);
        System.arraycopy(more, 0, all, fields.length, more.length);
        return all;
    }
}
