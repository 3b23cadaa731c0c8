package payments.adapter.persistence.card;

import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.CARD_TRANSACTIONS;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.impl.DSL;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.JsonColumns;
import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.Statement;
import payments.adapter.persistence.schema.tables.records.CardTransactionsRecord;
import payments.core.cardnetwork.CardTransaction.Tally;
import payments.core.cardnetwork.CardTransaction;
import payments.core.cardnetwork.CardTransactionStatus;
import payments.core.cardnetwork.FundingPull;
import payments.core.cardnetwork.Merchant;
import payments.core.id.CardId;
import payments.core.id.CustomerId;
import payments.core.id.EntityId;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.transaction.Direction;
import payments.core.transaction.TransactionFilter;
import payments.core.transaction.TransactionType;
import payments.ports.driven.card.CardTransactions;

/** Card transactions; an authorization's row is inserted with its transaction's next statement, in its round trip. */
public final class JooqCardTransactions implements CardTransactions {
    private static final Statement INSERT = Statement.insert(CARD_TRANSACTIONS, CARD_TRANSACTIONS.fields());
    private static final Statement UPDATE = Statement.update(CARD_TRANSACTIONS, CARD_TRANSACTIONS.PLATFORM_ID,
            CARD_TRANSACTIONS.ID);
    private static final Statement FIND = Statement.byKey(CARD_TRANSACTIONS, CARD_TRANSACTIONS.PLATFORM_ID,
            CARD_TRANSACTIONS.ID);
    private static final Statement FIND_FOR_UPDATE = Statement.byKeyForUpdate(CARD_TRANSACTIONS,
            CARD_TRANSACTIONS.PLATFORM_ID, CARD_TRANSACTIONS.ID);
    private final Db db;

    public JooqCardTransactions(Db db) {
        this.db = db;
    }

    @Override
    public void insert(CardTransaction t) {
        INSERT.writeAll(db, List.of(record(t)));
    }

    @Override
    public void insertAll(List<CardTransaction> transactions) {
        INSERT.writeAll(db, transactions.stream().map(JooqCardTransactions::record).toList());
    }

    @Override
    public void update(CardTransaction t) {
        UPDATE.write(db, record(t));
    }

    @Override
    public Optional<CardTransaction> find(PlatformId platform, UUID id) {
        return FIND.fetchOptional(db, platform.value(), id).map(r -> toTransaction(r.into(CARD_TRANSACTIONS)));
    }

    @Override
    public Optional<CardTransaction> findForUpdate(PlatformId platform, UUID id) {
        return FIND_FOR_UPDATE.fetchOptional(db, platform.value(), id)
                .map(r -> toTransaction(r.into(CARD_TRANSACTIONS)));
    }

    @Override
    public Page<CardTransaction> list(PlatformId platform, TransactionFilter f, PageRequest page) {
        Condition c = CARD_TRANSACTIONS.PLATFORM_ID.eq(platform.value());
        if (f.status() != null || f.platformOwn() || (f.type() != null && f.type() != TransactionType.CARD)) {
            c = DSL.falseCondition(); // card transactions have statuses of their own and always a customer
        }
        if (f.customerId() != null) {
            c = c.and(CARD_TRANSACTIONS.CUSTOMER_ID.eq(f.customerId().value()));
        }
        if (f.platformCustomerId() != null) {
            c = c.and(CARD_TRANSACTIONS.PLATFORM_CUSTOMER_ID.eq(f.platformCustomerId()));
        }
        for (String account : new String[] {f.accountIdentifier(), f.senderAccountIdentifier(),
                f.receiverAccountIdentifier()}) {
            if (account != null) {
                c = c.and(fundingAccount(account));
            }
        }
        if (f.senderAccountIdentifier() != null) {
            c = c.and(CARD_TRANSACTIONS.DIRECTION.eq(Direction.DEBIT.name()));
        }
        if (f.receiverAccountIdentifier() != null) {
            c = c.and(CARD_TRANSACTIONS.DIRECTION.eq(Direction.CREDIT.name()));
        }
        if (f.reference() != null) {
            c = c.and(CARD_TRANSACTIONS.ISSUER_TRANSACTION_TOKEN.eq(f.reference()));
        }
        if (f.startDate() != null) {
            c = c.and(CARD_TRANSACTIONS.CREATED_AT.ge(utc(f.startDate())));
        }
        if (f.endDate() != null) {
            c = c.and(CARD_TRANSACTIONS.CREATED_AT.le(utc(f.endDate())));
        }
        return Keyset.page(db.ctx(), CARD_TRANSACTIONS, CARD_TRANSACTIONS.fields(), CARD_TRANSACTIONS.CREATED_AT,
                CARD_TRANSACTIONS.ID, c, page, f.ascending(), r -> toTransaction(r.into(CARD_TRANSACTIONS)));
    }

    /** The funding account an account identifier names (a card's is always an internal account's id). */
    private static Condition fundingAccount(String identifier) {
        try {
            return EntityId.isOfKind(InternalAccountId.KIND, identifier) ? CARD_TRANSACTIONS.ACCOUNT_ID.eq(
                    InternalAccountId.parse("accountIdentifier", identifier).value()) : DSL.falseCondition();
        } catch (payments.core.error.DomainError malformed) {
            return DSL.falseCondition(); // as for payments: an identifier that names no account matches none
        }
    }

    private static Row<CardTransactionsRecord> record(CardTransaction t) {
        Row<CardTransactionsRecord> r = Row.of(CARD_TRANSACTIONS);
        r.set(CARD_TRANSACTIONS.PLATFORM_ID, t.platformId().value());
        r.set(CARD_TRANSACTIONS.ID, t.id());
        r.set(CARD_TRANSACTIONS.CARD_ID, t.cardId().value());
        r.set(CARD_TRANSACTIONS.CUSTOMER_ID, t.customerId().value());
        r.set(CARD_TRANSACTIONS.PLATFORM_CUSTOMER_ID, t.platformCustomerId());
        r.set(CARD_TRANSACTIONS.ISSUER_TRANSACTION_TOKEN, t.issuerTransactionToken());
        r.set(CARD_TRANSACTIONS.STATUS, t.status().name());
        r.set(CARD_TRANSACTIONS.DIRECTION, t.direction().name());
        r.set(CARD_TRANSACTIONS.MERCHANT, JsonColumns.write(t.merchant().json()));
        r.set(CARD_TRANSACTIONS.CURRENCY, t.currency());
        r.set(CARD_TRANSACTIONS.AUTHORIZED_MINOR, t.authorizedMinor());
        r.set(CARD_TRANSACTIONS.SETTLED_MINOR, t.settledMinor());
        r.set(CARD_TRANSACTIONS.REFUNDED_MINOR, t.refundedMinor());
        r.set(CARD_TRANSACTIONS.ACCOUNT_ID, t.accountId().value());
        r.set(CARD_TRANSACTIONS.HOLD_ID, t.holdId());
        r.set(CARD_TRANSACTIONS.HELD_MINOR, t.heldMinor());
        r.set(CARD_TRANSACTIONS.OWED_MINOR, t.owedMinor());
        r.set(CARD_TRANSACTIONS.PULL, t.pull().name());
        r.set(CARD_TRANSACTIONS.PULL_COUNT, t.pulls().count());
        r.set(CARD_TRANSACTIONS.PULL_TOTAL, t.pulls().totalMinor());
        r.set(CARD_TRANSACTIONS.PENDING_PULLS, t.pendingPulls());
        r.set(CARD_TRANSACTIONS.REFUND_COUNT, t.refunds().count());
        r.set(CARD_TRANSACTIONS.REFUND_TOTAL, t.refunds().totalMinor());
        r.set(CARD_TRANSACTIONS.SETTLEMENT_COUNT, t.settlements().count());
        r.set(CARD_TRANSACTIONS.SETTLEMENT_TOTAL, t.settlements().totalMinor());
        r.set(CARD_TRANSACTIONS.LAST_EVENT_AT, utc(t.lastEventAt()));
        r.set(CARD_TRANSACTIONS.CREATED_AT, utc(t.authorizedAt()));
        r.set(CARD_TRANSACTIONS.UPDATED_AT, utc(t.updatedAt()));
        return r;
    }

    private static CardTransaction toTransaction(CardTransactionsRecord r) {
        Map<String, Object> merchant = JsonColumns.readObject(r.getMerchant());
        return new CardTransaction(r.getId(), new PlatformId(r.getPlatformId()), new CardId(r.getCardId()),
                new CustomerId(r.getCustomerId()), r.getPlatformCustomerId(), r.getIssuerTransactionToken(),
                CardTransactionStatus.valueOf(r.getStatus()), Direction.valueOf(r.getDirection()),
                new Merchant((String) merchant.get("descriptor"), (String) merchant.get("mcc"),
                        (String) merchant.get("country")), r.getCurrency(), r.getAuthorizedMinor(),
                r.getSettledMinor(), r.getRefundedMinor(), new InternalAccountId(r.getAccountId()), r.getHoldId(),
                r.getHeldMinor(), r.getOwedMinor(), FundingPull.valueOf(r.getPull()),
                new Tally(r.getPullCount(), r.getPullTotal()), r.getPendingPulls(),
                new Tally(r.getRefundCount(), r.getRefundTotal()),
                new Tally(r.getSettlementCount(), r.getSettlementTotal()), r.getCreatedAt().toInstant(),
                r.getLastEventAt().toInstant(), r.getUpdatedAt().toInstant());
    }
}
