package payments.adapter.persistence.store;

import payments.adapter.persistence.PlatformTime;
import payments.adapter.persistence.JsonColumns;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Statement;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.QUOTES;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.impl.DSL;
import payments.adapter.persistence.schema.tables.records.QuotesRecord;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.quote.Quote;
import payments.core.quote.QuoteStatus;
import payments.ports.driven.quote.Quotes;

public final class JooqQuotes implements Quotes {
    private static final Statement INSERT = Statement.insert(QUOTES, QUOTES.fields());
    private static final org.jooq.Field<?>[] KEY = {QUOTES.PLATFORM_ID, QUOTES.ID};
    /** A quote's transitions change its status and its time only ({@code Quote.with}); the rest is written once. */
    private static final Statement UPDATE = Statement.updateColumns(QUOTES, KEY, QUOTES.STATUS, QUOTES.UPDATED_AT);
    private static final Statement UPDATE_ALL = Statement.updateRows(QUOTES, KEY, QUOTES.STATUS, QUOTES.UPDATED_AT);
    private static final Statement FIND = Statement.byKey(QUOTES, QUOTES.PLATFORM_ID, QUOTES.ID);
    private static final Statement FIND_FOR_UPDATE = Statement.byKeyForUpdate(QUOTES, QUOTES.PLATFORM_ID, QUOTES.ID);
    private static final Statement FIND_ALL_FOR_UPDATE = Statement.byKeysForUpdate(QUOTES, QUOTES.PLATFORM_ID,
            QUOTES.ID);
    private static final Field<OffsetDateTime> REAL_NOW = Statement.param("real_now", QUOTES.EXPIRES_AT);
    private static final Field<Integer> LIMIT = DSL.param("limit", Integer.class);
    /** Pending quotes of any platform past their expiry, earliest first, skipping those other processes hold. */
    private static final PlatformTime.DuePasses CLAIM_EXPIRED = PlatformTime.DuePasses.of(QUOTES,
            QUOTES.PLATFORM_ID, QUOTES.ID, QUOTES.STATUS.eq("PENDING"), QUOTES.EXPIRES_AT, REAL_NOW, LIMIT,
            (ctx, due) -> ctx.selectFrom(QUOTES).where(QUOTES.STATUS.eq("PENDING").and(due))
                    .orderBy(QUOTES.EXPIRES_AT).limit(LIMIT).forUpdate().skipLocked());
    /**
     * One platform's pending quotes past their expiry, locked in id order, waiting for those other processes hold.
     * They are found through the index of pending quotes by platform and expiry, then sorted (an id-ordered scan
     * would read every quote the platform ever had); the status is checked again once a lock is granted, so the
     * quotes another process expired meanwhile drop out.
     */
    private static final Statement AWAIT_EXPIRED = Statement.query(ctx -> ctx.selectFrom(QUOTES)
            .where(expiredOfPlatform().and(QUOTES.ID.in(ctx.select(QUOTES.ID).from(QUOTES)
                    .where(expiredOfPlatform())
                    .orderBy(QUOTES.EXPIRES_AT) // the index's order: the planner then reads it, not the table
                    .limit(LIMIT))))
            .orderBy(QUOTES.ID)
            .forUpdate());
    /** Whether any of one platform's pending quotes is past its expiry (read without locking). */
    private static final Statement ANY_EXPIRED = Statement.query(ctx -> ctx.select(QUOTES.ID).from(QUOTES)
            .where(expiredOfPlatform()).limit(1));
    private final Db db;

    public JooqQuotes(Db db) {
        this.db = db;
    }

    @Override
    public void insert(Quote q) {
        INSERT.write(db, record(q));
    }

    @Override
    public void insertAll(List<Quote> quotes) {
        INSERT.writeAll(db, quotes.stream().map(JooqQuotes::record).toList());
    }

    @Override
    public void update(Quote q) {
        UPDATE.write(db, transition(q));
    }

    @Override
    public void updateAll(List<Quote> quotes) {
        UPDATE_ALL.writeAll(db, quotes.stream().map(JooqQuotes::transition).toList());
    }

    /** The columns {@link #UPDATE} writes (the key, the status, the time); the whole row adds the rest to them. */
    private static Row<QuotesRecord> transition(Quote q) {
        Row<QuotesRecord> r = Row.of(QUOTES);
        r.set(QUOTES.PLATFORM_ID, q.platformId().value());
        r.set(QUOTES.ID, q.id());
        r.set(QUOTES.STATUS, q.status().name());
        r.set(QUOTES.UPDATED_AT, utc(q.updatedAt()));
        return r;
    }

    @Override
    public Map<UUID, Quote> findAllForUpdate(PlatformId platform, Collection<UUID> ids) {
        return FIND_ALL_FOR_UPDATE.fetchAll(db, QUOTES.ID, ids, id -> id, r -> toQuote(r.into(QUOTES)),
                platform.value());
    }

    @Override
    public Optional<Quote> find(PlatformId platform, UUID id) {
        return FIND.fetchOptional(db, platform.value(), id).map(r -> toQuote(r.into(QUOTES)));
    }

    @Override
    public Optional<Quote> findForUpdate(PlatformId platform, UUID id) {
        return FIND_FOR_UPDATE.fetchOptional(db, platform.value(), id).map(r -> toQuote(r.into(QUOTES)));
    }

    @Override
    public List<Quote> claimExpired(Instant realNow, int limit) {
        List<Record> rows = CLAIM_EXPIRED.byRealTime().fetch(db, utc(realNow), limit);
        if (rows.size() < limit) {
            rows = Stream.concat(rows.stream(),
                    CLAIM_EXPIRED.byClockAhead().fetch(db, utc(realNow), limit - rows.size()).stream()).toList();
        }
        return rows.stream().map(r -> toQuote(r.into(QUOTES))).toList();
    }

    /**
     * When every quote the statement picked was expired by another process while it waited, it returns none though
     * more may be due: it runs again until it returns some or none is due.
     */
    @Override
    public List<Quote> awaitExpired(PlatformId platform, Instant realNow, int limit) {
        List<Record> rows;
        do {
            rows = AWAIT_EXPIRED.fetch(db, platform.value(), utc(realNow), limit);
        } while (rows.isEmpty() && ANY_EXPIRED.fetchOptional(db, platform.value(), utc(realNow)).isPresent());
        return rows.stream().map(r -> toQuote(r.into(QUOTES))).toList();
    }

    /** One platform's (the placeholder's) pending quotes past their expiry by its clock. */
    private static Condition expiredOfPlatform() {
        var platform = Statement.param(QUOTES.PLATFORM_ID);
        return QUOTES.PLATFORM_ID.eq(platform).and(QUOTES.STATUS.eq("PENDING"))
                .and(PlatformTime.reachedBy(platform, QUOTES.EXPIRES_AT, REAL_NOW));
    }

    private static Row<QuotesRecord> record(Quote q) {
        Row<QuotesRecord> r = transition(q);
        r.set(QUOTES.CUSTOMER_ID, q.customerId() == null ? null : q.customerId().value());
        r.set(QUOTES.SOURCE, JsonColumns.write(q.source()));
        r.set(QUOTES.DESTINATION, JsonColumns.write(q.destination()));
        r.set(QUOTES.SENDING_CURRENCY, q.totalSending().currency().code());
        r.set(QUOTES.TOTAL_SENDING_MINOR, q.totalSending().amountMinor());
        r.set(QUOTES.RECEIVING_CURRENCY, q.totalReceiving().currency().code());
        r.set(QUOTES.TOTAL_RECEIVING_MINOR, q.totalReceiving().amountMinor());
        r.set(QUOTES.FEES_MINOR, q.feesMinor());
        r.set(QUOTES.PLATFORM_FEES_MINOR, q.platformFeesMinor());
        r.set(QUOTES.EXCHANGE_RATE, q.exchangeRate());
        r.set(QUOTES.TRANSACTION_ID, q.transactionId());
        r.set(QUOTES.LOOKUP_ID, q.lookupId());
        r.set(QUOTES.DETAILS, JsonColumns.write(q.details()));
        r.set(QUOTES.EXPIRES_AT, utc(q.expiresAt()));
        r.set(QUOTES.CREATED_AT, utc(q.createdAt()));
        return r;
    }

    private static Quote toQuote(QuotesRecord r) {
        return new Quote(r.getId(), new PlatformId(r.getPlatformId()), QuoteStatus.valueOf(r.getStatus()),
                r.getCustomerId() == null ? null : new CustomerId(r.getCustomerId()),
                JsonColumns.readObject(r.getSource()), JsonColumns.readObject(r.getDestination()),
                new Money(r.getTotalSendingMinor(), Currencies.of(r.getSendingCurrency())),
                new Money(r.getTotalReceivingMinor(), Currencies.of(r.getReceivingCurrency())), r.getFeesMinor(),
                r.getPlatformFeesMinor(), r.getExchangeRate(), r.getTransactionId(), r.getLookupId(),
                JsonColumns.readObject(r.getDetails()), r.getExpiresAt().toInstant(), r.getCreatedAt().toInstant(),
                r.getUpdatedAt().toInstant());
    }
}
