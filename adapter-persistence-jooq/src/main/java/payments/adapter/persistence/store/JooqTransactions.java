package payments.adapter.persistence.store;

import payments.adapter.persistence.JsonColumns;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Statement;
import static payments.adapter.persistence.Keyset.instant;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.TRANSACTIONS;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import payments.adapter.persistence.schema.tables.records.TransactionsRecord;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.transaction.Direction;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionFilter;
import payments.core.transaction.TransactionParty;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;
import payments.ports.driven.transaction.Transactions;

/** Transactions: the filtered columns are typed; source, destination and descriptive fields live in {@code details}. */
public final class JooqTransactions implements Transactions {
    private static final Statement INSERT = Statement.insert(TRANSACTIONS, TRANSACTIONS.fields());
    private static final Statement UPDATE = Statement.update(TRANSACTIONS, TRANSACTIONS.PLATFORM_ID, TRANSACTIONS.ID);
    private static final Statement UPDATE_ALL = Statement.updateRows(TRANSACTIONS,
            new org.jooq.Field<?>[] {TRANSACTIONS.PLATFORM_ID, TRANSACTIONS.ID}, TRANSACTIONS.fields());
    private static final Statement FIND = Statement.byKey(TRANSACTIONS, TRANSACTIONS.PLATFORM_ID, TRANSACTIONS.ID);
    private static final Statement FIND_FOR_UPDATE = Statement.byKeyForUpdate(TRANSACTIONS, TRANSACTIONS.PLATFORM_ID,
            TRANSACTIONS.ID);
    private static final Statement FIND_ALL_FOR_UPDATE = Statement.byKeysForUpdate(TRANSACTIONS,
            TRANSACTIONS.PLATFORM_ID, TRANSACTIONS.ID);
    private final Db db;

    public JooqTransactions(Db db) {
        this.db = db;
    }

    @Override
    public void insert(Transaction t) {
        INSERT.write(db, record(t));
    }

    /** One statement, sent with the transaction's next one ({@link Statement#insertAll}). */
    @Override
    public void insertAll(List<Transaction> transactions) {
        INSERT.writeAll(db, transactions.stream().map(JooqTransactions::record).toList());
    }

    /** One statement (the rows were locked by {@link #findAllForUpdate}). */
    @Override
    public void updateAll(List<Transaction> transactions) {
        UPDATE_ALL.writeAll(db, transactions.stream().map(JooqTransactions::record).toList());
    }

    @Override
    public Map<UUID, Transaction> findAllForUpdate(PlatformId platform, Collection<UUID> ids) {
        return FIND_ALL_FOR_UPDATE.fetchAll(db, TRANSACTIONS.ID, ids, id -> id,
                r -> toTransaction(r.into(TRANSACTIONS)), platform.value());
    }

    @Override
    public void update(Transaction t) {
        UPDATE.write(db, record(t));
    }

    @Override
    public Optional<Transaction> find(PlatformId platform, UUID id) {
        return FIND.fetchOptional(db, platform.value(), id).map(r -> toTransaction(r.into(TRANSACTIONS)));
    }

    @Override
    public Optional<Transaction> findForUpdate(PlatformId platform, UUID id) {
        return FIND_FOR_UPDATE.fetchOptional(db, platform.value(), id)
                .map(r -> toTransaction(r.into(TRANSACTIONS)));
    }

    @Override
    public Page<Transaction> list(PlatformId platform, TransactionFilter f, PageRequest page) {
        Condition c = TRANSACTIONS.PLATFORM_ID.eq(platform.value());
        if (f.platformOwn()) {
            c = c.and(TRANSACTIONS.CUSTOMER_ID.isNull());
        }
        if (f.customerId() != null) {
            c = c.and(TRANSACTIONS.CUSTOMER_ID.eq(f.customerId().value()));
        }
        if (f.platformCustomerId() != null) {
            Condition shown = TRANSACTIONS.PLATFORM_CUSTOMER_ID.eq(f.platformCustomerId());
            c = c.and(f.platformCustomerIdIsOwn() ? shown.or(TRANSACTIONS.CUSTOMER_ID.isNull()) : shown);
        }
        if (f.accountIdentifier() != null) {
            c = c.and(TRANSACTIONS.SOURCE_ACCOUNT_ID.eq(f.accountIdentifier())
                    .or(TRANSACTIONS.DESTINATION_ACCOUNT_ID.eq(f.accountIdentifier())));
        }
        if (f.senderAccountIdentifier() != null) {
            c = c.and(TRANSACTIONS.SOURCE_ACCOUNT_ID.eq(f.senderAccountIdentifier()));
        }
        if (f.receiverAccountIdentifier() != null) {
            c = c.and(TRANSACTIONS.DESTINATION_ACCOUNT_ID.eq(f.receiverAccountIdentifier()));
        }
        if (f.status() != null) {
            c = c.and(TRANSACTIONS.STATUS.eq(f.status().name()));
        }
        if (f.type() != null) {
            c = c.and(TRANSACTIONS.TYPE.eq(f.type().name()));
        }
        if (f.reference() != null) {
            c = c.and(TRANSACTIONS.REFERENCE.eq(f.reference()));
        }
        if (f.startDate() != null) {
            c = c.and(TRANSACTIONS.CREATED_AT.ge(utc(f.startDate())));
        }
        if (f.endDate() != null) {
            c = c.and(TRANSACTIONS.CREATED_AT.le(utc(f.endDate())));
        }
        return Keyset.page(db.ctx(), TRANSACTIONS, TRANSACTIONS.fields(), TRANSACTIONS.CREATED_AT, TRANSACTIONS.ID,
                c, page, f.ascending(), r -> toTransaction(r.into(TRANSACTIONS)));
    }


    private static Row<TransactionsRecord> record(Transaction t) {
        Row<TransactionsRecord> r = Row.of(TRANSACTIONS);
        r.set(TRANSACTIONS.PLATFORM_ID, t.platformId().value());
        r.set(TRANSACTIONS.ID, t.id());
        r.set(TRANSACTIONS.TYPE, t.type().name());
        r.set(TRANSACTIONS.DIRECTION, t.direction().name());
        r.set(TRANSACTIONS.STATUS, t.status().name());
        r.set(TRANSACTIONS.CUSTOMER_ID, t.customerId() == null ? null : t.customerId().value());
        r.set(TRANSACTIONS.PLATFORM_CUSTOMER_ID, t.platformCustomerId());
        r.set(TRANSACTIONS.SOURCE_ACCOUNT_ID, t.source() == null ? null : t.source().accountId());
        r.set(TRANSACTIONS.DESTINATION_ACCOUNT_ID, t.destination() == null ? null : t.destination().accountId());
        r.set(TRANSACTIONS.SENT_AMOUNT_MINOR, t.sentAmount() == null ? null : t.sentAmount().amountMinor());
        r.set(TRANSACTIONS.SENT_CURRENCY, t.sentAmount() == null ? null : t.sentAmount().currency().code());
        r.set(TRANSACTIONS.RECEIVED_AMOUNT_MINOR, t.receivedAmount().amountMinor());
        r.set(TRANSACTIONS.RECEIVED_CURRENCY, t.receivedAmount().currency().code());
        r.set(TRANSACTIONS.FEES_MINOR, t.feesMinor());
        r.set(TRANSACTIONS.REFERENCE, t.reference());
        r.set(TRANSACTIONS.HOLD_ID, t.holdId());
        r.set(TRANSACTIONS.FAILURE_REASON, t.failureReason());
        r.set(TRANSACTIONS.AWAITING_PLATFORM_APPROVAL, t.awaitingPlatformApproval());
        Map<String, Object> details = new LinkedHashMap<>(t.details());
        details.put("source", party(t.source()));
        details.put("destination", party(t.destination()));
        r.set(TRANSACTIONS.DETAILS, JsonColumns.write(details));
        r.set(TRANSACTIONS.SETTLED_AT, utc(t.settledAt()));
        r.set(TRANSACTIONS.RECEIPT_DELIVERY_CONFIRMED_AT, utc(t.receiptDeliveryConfirmedAt()));
        r.set(TRANSACTIONS.CREATED_AT, utc(t.createdAt()));
        r.set(TRANSACTIONS.UPDATED_AT, utc(t.updatedAt()));
        return r;
    }

    private static Map<String, Object> party(TransactionParty p) {
        if (p == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", p.kind());
        m.put("accountId", p.accountId());
        m.put("umaAddress", p.umaAddress());
        m.put("currency", p.currency());
        return m;
    }

    @SuppressWarnings("unchecked")
    private static TransactionParty toParty(Object json) {
        if (!(json instanceof Map<?, ?> m)) {
            return null;
        }
        Map<String, Object> p = (Map<String, Object>) m;
        return new TransactionParty((String) p.get("kind"), (String) p.get("accountId"), (String) p.get("umaAddress"),
                (String) p.get("currency"));
    }

    private static Transaction toTransaction(TransactionsRecord r) {
        Map<String, Object> details = new LinkedHashMap<>(JsonColumns.readObject(r.getDetails()));
        TransactionParty source = toParty(details.remove("source"));
        TransactionParty destination = toParty(details.remove("destination"));
        details.values().removeIf(java.util.Objects::isNull);
        Money sent = r.getSentCurrency() == null ? null
                : new Money(r.getSentAmountMinor(), Currencies.of(r.getSentCurrency()));
        return new Transaction(r.getId(), new PlatformId(r.getPlatformId()), TransactionType.valueOf(r.getType()),
                Direction.valueOf(r.getDirection()), TransactionStatus.valueOf(r.getStatus()),
                r.getCustomerId() == null ? null : new CustomerId(r.getCustomerId()), r.getPlatformCustomerId(),
                source, destination, sent, new Money(r.getReceivedAmountMinor(), Currencies.of(r.getReceivedCurrency())),
                r.getFeesMinor(), r.getReference(), r.getHoldId(), r.getFailureReason(),
                r.getAwaitingPlatformApproval(), details, instant(r.getSettledAt()),
                instant(r.getReceiptDeliveryConfirmedAt()), r.getCreatedAt().toInstant(), r.getUpdatedAt().toInstant());
    }
}
