package payments.adapter.persistence.bankrail;

import static payments.adapter.persistence.Keyset.instant;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.BANK_BATCHES;
import static payments.adapter.persistence.schema.Tables.BANK_RAILS;
import static payments.adapter.persistence.schema.Tables.BANK_REPORTS;
import static payments.adapter.persistence.schema.Tables.BANK_TRANSFERS;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Statement;
import payments.adapter.persistence.UniqueViolation;
import payments.core.bankrail.BankBatch;
import payments.core.bankrail.BankRail;
import payments.core.bankrail.CreditTransfer;
import payments.core.bankrail.Creditor;
import payments.core.bankrail.DebtorAccount;
import payments.core.bankrail.Masking;
import payments.core.error.Conflict;
import payments.core.id.PlatformId;
import payments.ports.driven.bankrail.BankRails;

/**
 * The bank rail's tables (V27). Every query names its platform, but for the lookups that establish one, since the
 * bank's files name none: a credit transfer by its end-to-end id, a file's transfers by its message id, a rail by
 * its debtor account (a notification's); and the snapshot of every rail behind {@link #rail}, which answers each
 * platform with its own rails only. {@code bank_reports} is a service table of no platform.
 * <p>
 * {@link #rail} is asked on every transfer-out, so it answers from an in-process snapshot of the whole (small)
 * {@code bank_rails} table, read again once it is a second old: a hit or a miss costs no query, and a rail enabled
 * or changed in any process is seen within about a second. One thread reads it again at a time; the others go on
 * with the snapshot they have meanwhile (only the first read is waited for).
 */
public final class JooqBankRails implements BankRails {
    private static final long SNAPSHOT_MAX_AGE_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** The unique index on the debtor account's identifier (its IBAN, or else its account number). */
    private static final String ONE_PER_DEBTOR_ACCOUNT = "bank_rails_one_per_debtor_account";
    private static final String QUEUED = "QUEUED";
    private static final String SENT = "SENT";
    private static final String APPLIED = "APPLIED";
    private static final String QUARANTINED = "QUARANTINED";

    private static final Statement ALL_RAILS = Statement.query(ctx -> ctx.selectFrom(BANK_RAILS));
    private static final Statement RAILS_OF_PLATFORM = Statement.query(ctx -> ctx.selectFrom(BANK_RAILS)
            .where(BANK_RAILS.PLATFORM_ID.eq(Statement.param(BANK_RAILS.PLATFORM_ID)))
            .orderBy(BANK_RAILS.CURRENCY));
    /** The expression of the unique index on the debtor account, word for word, so that PostgreSQL reads it. */
    private static final Statement RAIL_OF_ACCOUNT = Statement.query(ctx -> ctx.selectFrom(BANK_RAILS)
            .where(DSL.condition("coalesce({0}, {1}) = {2}", BANK_RAILS.DEBTOR_IBAN, BANK_RAILS.DEBTOR_ACCOUNT_NUMBER,
                    DSL.param("account", String.class))));

    private static final Statement QUEUE = Statement.insert(BANK_TRANSFERS, BANK_TRANSFERS.PLATFORM_ID,
            BANK_TRANSFERS.TRANSACTION_ID, BANK_TRANSFERS.CURRENCY, BANK_TRANSFERS.AMOUNT_MINOR,
            BANK_TRANSFERS.END_TO_END_ID, BANK_TRANSFERS.REFERENCE, BANK_TRANSFERS.CREDITOR_NAME,
            BANK_TRANSFERS.CREDITOR_IBAN, BANK_TRANSFERS.CREDITOR_ACCOUNT_NUMBER,
            BANK_TRANSFERS.CREDITOR_ROUTING_NUMBER, BANK_TRANSFERS.CREDITOR_BIC, BANK_TRANSFERS.QUEUED_AT,
            BANK_TRANSFERS.STATUS, BANK_TRANSFERS.UPDATED_AT);
    /** The queued transfers of a platform's currency, locked in the order a batch takes them (so none deadlock). */
    private static final Statement LOCK_QUEUED = Statement.query(ctx -> ctx.selectFrom(BANK_TRANSFERS)
            .where(BANK_TRANSFERS.PLATFORM_ID.eq(Statement.param(BANK_TRANSFERS.PLATFORM_ID))
                    .and(BANK_TRANSFERS.CURRENCY.eq(Statement.param(BANK_TRANSFERS.CURRENCY)))
                    .and(BANK_TRANSFERS.BATCH_ID.isNull()))
            .orderBy(BANK_TRANSFERS.QUEUED_AT, BANK_TRANSFERS.TRANSACTION_ID)
            .forUpdate());
    /** A queued transfer taken back (a cancel before the cut-off); one a cut-off took is not. */
    private static final Statement WITHDRAW = Statement.of(ctx -> ctx.deleteFrom(BANK_TRANSFERS)
            .where(BANK_TRANSFERS.PLATFORM_ID.eq(Statement.param(BANK_TRANSFERS.PLATFORM_ID))
                    .and(BANK_TRANSFERS.TRANSACTION_ID.eq(Statement.param(BANK_TRANSFERS.TRANSACTION_ID)))
                    .and(BANK_TRANSFERS.BATCH_ID.isNull())));
    private static final Statement INSERT_BATCH = Statement.insert(BANK_BATCHES, BANK_BATCHES.PLATFORM_ID,
            BANK_BATCHES.BATCH_ID, BANK_BATCHES.MESSAGE_ID, BANK_BATCHES.CURRENCY, BANK_BATCHES.DEBTOR_NAME,
            BANK_BATCHES.DEBTOR_IBAN, BANK_BATCHES.DEBTOR_ACCOUNT_NUMBER, BANK_BATCHES.DEBTOR_BIC,
            BANK_BATCHES.CREATED_AT);
    /** The locked transfers, by their keys, into the batch. */
    private static final Statement TAKE = Statement.of(ctx -> ctx.update(BANK_TRANSFERS)
            .set(BANK_TRANSFERS.BATCH_ID, Statement.param(BANK_TRANSFERS.BATCH_ID))
            .set(BANK_TRANSFERS.STATUS, SENT)
            .set(BANK_TRANSFERS.UPDATED_AT, Statement.param(BANK_TRANSFERS.UPDATED_AT))
            .where(BANK_TRANSFERS.PLATFORM_ID.eq(Statement.param(BANK_TRANSFERS.PLATFORM_ID))
                    .and(Statement.anyOf(BANK_TRANSFERS.TRANSACTION_ID))));
    private static final Statement BATCH = Statement.byKey(BANK_BATCHES, BANK_BATCHES.PLATFORM_ID,
            BANK_BATCHES.BATCH_ID);
    private static final Statement TRANSFERS_OF_BATCH = Statement.query(ctx -> ctx.selectFrom(BANK_TRANSFERS)
            .where(BANK_TRANSFERS.PLATFORM_ID.eq(Statement.param(BANK_TRANSFERS.PLATFORM_ID))
                    .and(BANK_TRANSFERS.BATCH_ID.eq(Statement.param(BANK_TRANSFERS.BATCH_ID))))
            .orderBy(BANK_TRANSFERS.QUEUED_AT, BANK_TRANSFERS.TRANSACTION_ID));

    /** What {@link SentTransfer} holds: the transfer, and the message id of the file that took it. */
    private static final Field<?>[] SENT_TRANSFER = {BANK_TRANSFERS.PLATFORM_ID, BANK_TRANSFERS.TRANSACTION_ID,
        BANK_BATCHES.MESSAGE_ID, BANK_TRANSFERS.CURRENCY, BANK_TRANSFERS.AMOUNT_MINOR, BANK_TRANSFERS.STATUS};
    private static final Statement SENT_BY_END_TO_END_ID = Statement.query(ctx -> ctx.select(SENT_TRANSFER)
            .from(BANK_TRANSFERS).join(BANK_BATCHES).on(inItsBatch())
            .where(BANK_TRANSFERS.END_TO_END_ID.eq(Statement.param(BANK_TRANSFERS.END_TO_END_ID))));
    private static final Statement SENT_BY_MESSAGE_ID = Statement.query(ctx -> ctx.select(SENT_TRANSFER)
            .from(BANK_BATCHES).join(BANK_TRANSFERS).on(inItsBatch())
            .where(BANK_BATCHES.MESSAGE_ID.eq(Statement.param(BANK_BATCHES.MESSAGE_ID)))
            .orderBy(BANK_TRANSFERS.QUEUED_AT, BANK_TRANSFERS.TRANSACTION_ID));

    /** A report's row, the first time its key is seen; nothing (and no error) after. */
    private static final Statement RECORD_REPORT = Statement.of(ctx -> ctx.insertInto(BANK_REPORTS)
            .columns(BANK_REPORTS.REPORT_KEY, BANK_REPORTS.KIND, BANK_REPORTS.FILE_NAME, BANK_REPORTS.OUTCOME,
                    BANK_REPORTS.REASON, BANK_REPORTS.RECORDED_AT)
            .values(Statement.param(BANK_REPORTS.REPORT_KEY), Statement.param(BANK_REPORTS.KIND),
                    Statement.param(BANK_REPORTS.FILE_NAME), Statement.param(BANK_REPORTS.OUTCOME),
                    Statement.param(BANK_REPORTS.REASON), Statement.param(BANK_REPORTS.RECORDED_AT))
            .onConflict(BANK_REPORTS.REPORT_KEY).doNothing());

    /** A rail's key in the snapshot. */
    private record RailKey(PlatformId platform, String currency) {
    }

    /** Every rail, as read at {@code readAt} ({@link System#nanoTime}: the snapshot's age, not business time). */
    private record Snapshot(Map<RailKey, BankRail> rails, long readAt) {
        boolean old() {
            return System.nanoTime() - readAt > SNAPSHOT_MAX_AGE_NANOS;
        }
    }

    private final Db db;
    private final ReentrantLock reading = new ReentrantLock();
    private volatile Snapshot snapshot;
    /**
     * What a unit of work that saved a rail keeps ({@link Db#readOnce}): the snapshot is read on the caller's
     * connection, and read in that transaction it would show the others a change not committed yet.
     */
    private final Object savedInThisTransaction = new Object();

    public JooqBankRails(Db db) {
        this.db = db;
    }

    /** In the caller's transaction, or in one of its own outside any. */
    @Override
    public void save(BankRail rail) {
        db.inTransaction(() -> upsert(rail));
    }

    private void upsert(BankRail rail) {
        DebtorAccount debtor = rail.debtor();
        var r = BANK_RAILS;
        try {
            db.ctx().insertInto(r)
                    .set(r.PLATFORM_ID, rail.platform().value())
                    .set(r.CURRENCY, rail.currency())
                    .set(r.DEBTOR_NAME, debtor.name())
                    .set(r.DEBTOR_IBAN, debtor.iban())
                    .set(r.DEBTOR_ACCOUNT_NUMBER, debtor.accountNumber())
                    .set(r.DEBTOR_ROUTING_NUMBER, debtor.routingNumber())
                    .set(r.DEBTOR_BIC, debtor.bic())
                    .set(r.CUT_OFF_SECONDS, rail.cutOffSeconds())
                    .set(r.CREATED_AT, utc(rail.createdAt()))
                    .set(r.UPDATED_AT, utc(rail.updatedAt()))
                    .onConflict(r.PLATFORM_ID, r.CURRENCY).doUpdate()
                    .set(r.DEBTOR_NAME, DSL.excluded(r.DEBTOR_NAME))
                    .set(r.DEBTOR_IBAN, DSL.excluded(r.DEBTOR_IBAN))
                    .set(r.DEBTOR_ACCOUNT_NUMBER, DSL.excluded(r.DEBTOR_ACCOUNT_NUMBER))
                    .set(r.DEBTOR_ROUTING_NUMBER, DSL.excluded(r.DEBTOR_ROUTING_NUMBER))
                    .set(r.DEBTOR_BIC, DSL.excluded(r.DEBTOR_BIC))
                    .set(r.CUT_OFF_SECONDS, DSL.excluded(r.CUT_OFF_SECONDS))
                    .set(r.UPDATED_AT, DSL.excluded(r.UPDATED_AT))
                    .execute();
        } catch (DataAccessException e) {
            if (UniqueViolation.constraintOf(e).filter(ONE_PER_DEBTOR_ACCOUNT::equals).isPresent()) {
                throw new Conflict("CONFLICT", "The bank account " + Masking.lastFour(debtor.identifier())
                        + " is already the debtor account of another platform's or currency's bank rail");
            }
            throw e;
        }
        db.forget(savedInThisTransaction);
        db.readOnce(savedInThisTransaction, () -> Boolean.TRUE);
        db.beforeCommit(ReadAgain.class, ReadAgain::new);
    }

    /**
     * A saved rail's transaction, about to commit, drops this process's snapshot: the next payment here reads the
     * rails again (after the commit, unless it races the commit itself), instead of waiting out the second.
     */
    private final class ReadAgain implements Db.BeforeCommit {
        @Override
        public void flush(Db unused) {
            snapshot = null;
        }
    }

    @Override
    public Optional<BankRail> rail(PlatformId platform, String currency) {
        Snapshot rails = snapshot;
        if (rails == null || rails.old()) {
            if (db.readOnce(savedInThisTransaction, () -> null) != null) {
                // This transaction saved a rail: it reads its own view, which nobody else may see before its commit.
                return rails(platform).stream().filter(r -> r.currency().equals(currency)).findFirst();
            }
            rails = readAgain(rails);
        }
        return Optional.ofNullable(rails.rails().get(new RailKey(platform, currency)));
    }

    /**
     * A new snapshot, or {@code seen} while another thread reads one (when there is no snapshot yet, that read is
     * waited for), or the one another thread read meanwhile.
     */
    private Snapshot readAgain(Snapshot seen) {
        if (seen == null) {
            reading.lock();
        } else if (!reading.tryLock()) {
            return seen;
        }
        try {
            Snapshot current = snapshot;
            if (current != null && current != seen) {
                return current;
            }
            long readAt = System.nanoTime();
            Map<RailKey, BankRail> rails = new HashMap<>();
            for (Record row : ALL_RAILS.fetch(db)) {
                BankRail rail = toRail(row);
                rails.put(new RailKey(rail.platform(), rail.currency()), rail);
            }
            Snapshot read = new Snapshot(Map.copyOf(rails), readAt);
            snapshot = read;
            return read;
        } finally {
            reading.unlock();
        }
    }

    @Override
    public List<BankRail> rails(PlatformId platform) {
        return RAILS_OF_PLATFORM.fetch(db, platform.value()).stream().map(JooqBankRails::toRail).toList();
    }

    @Override
    public Optional<BankRail> railOfAccount(String account) {
        if (account == null) {
            return Optional.empty();
        }
        return RAIL_OF_ACCOUNT.fetchOptional(db, account).map(JooqBankRails::toRail);
    }

    /**
     * Sent with the transaction's next statement, or its commit ({@link Statement#insertAll}): a transfer-out's
     * transfer is new, and its end-to-end id is its own.
     */
    @Override
    public void queue(CreditTransfer t) {
        Creditor c = t.creditor();
        QUEUE.insertAll(db, List.<Object[]>of(new Object[] {t.platform().value(), t.transactionId(), t.currency(),
            t.amountMinor(), t.endToEndId(), t.reference(), c.name(), c.iban(), c.accountNumber(), c.routingNumber(),
            c.bic(), utc(t.queuedAt()), QUEUED, utc(t.queuedAt())}));
    }

    @Override
    public boolean withdraw(PlatformId platform, UUID transactionId) {
        return WITHDRAW.execute(db, platform.value(), transactionId) == 1;
    }

    /**
     * Three statements in two round trips: the queued transfers locked (a cut-off running meanwhile waits, then finds
     * them taken), then the batch's row with the update of its transfers. {@code now} is kept to the microsecond, as
     * the database keeps it, so that the batch returned and the batch read back are written alike.
     */
    @Override
    public Optional<BankBatch> takeQueued(BankRail rail, UUID batchId, String messageId, Instant now) {
        UUID platform = rail.platform().value();
        List<CreditTransfer> transfers = LOCK_QUEUED.fetch(db, platform, rail.currency()).stream()
                .map(JooqBankRails::toTransfer).toList();
        if (transfers.isEmpty()) {
            return Optional.empty();
        }
        Instant createdAt = now.truncatedTo(ChronoUnit.MICROS);
        DebtorAccount debtor = rail.debtor();
        INSERT_BATCH.insertAll(db, List.<Object[]>of(new Object[] {platform, batchId, messageId, rail.currency(),
            debtor.name(), debtor.iban(), debtor.accountNumber(), debtor.bic(), utc(createdAt)}));
        int taken = TAKE.execute(db, batchId, utc(createdAt), platform,
                transfers.stream().map(CreditTransfer::transactionId).toArray(UUID[]::new));
        if (taken != transfers.size()) {
            throw new IllegalStateException("took " + taken + " of the " + transfers.size() + " locked transfers");
        }
        return Optional.of(new BankBatch(rail.platform(), batchId, messageId, rail.currency(), debtor, createdAt,
                transfers));
    }

    @Override
    public Optional<BankBatch> batch(PlatformId platform, UUID batchId) {
        return BATCH.fetchOptional(db, platform.value(), batchId).map(b -> new BankBatch(platform, batchId,
                b.get(BANK_BATCHES.MESSAGE_ID), b.get(BANK_BATCHES.CURRENCY),
                new DebtorAccount(b.get(BANK_BATCHES.DEBTOR_NAME), b.get(BANK_BATCHES.DEBTOR_IBAN),
                        b.get(BANK_BATCHES.DEBTOR_ACCOUNT_NUMBER), b.get(BANK_BATCHES.DEBTOR_BIC)),
                b.get(BANK_BATCHES.CREATED_AT).toInstant(),
                TRANSFERS_OF_BATCH.fetch(db, platform.value(), batchId).stream().map(JooqBankRails::toTransfer)
                        .toList()));
    }

    /** The first time the file was written is kept (a job that writes it again changes nothing). */
    @Override
    public void markSent(PlatformId platform, UUID batchId, Instant now) {
        db.ctx().update(BANK_BATCHES)
                .set(BANK_BATCHES.SENT_AT, utc(now))
                .where(BANK_BATCHES.PLATFORM_ID.eq(platform.value()).and(BANK_BATCHES.BATCH_ID.eq(batchId))
                        .and(BANK_BATCHES.SENT_AT.isNull()))
                .execute();
    }

    @Override
    public Optional<SentTransfer> sentTransfer(String endToEndId) {
        return SENT_BY_END_TO_END_ID.fetchOptional(db, endToEndId).map(JooqBankRails::toSent);
    }

    @Override
    public List<SentTransfer> sentTransfers(String messageId) {
        return SENT_BY_MESSAGE_ID.fetch(db, messageId).stream().map(JooqBankRails::toSent).toList();
    }

    @Override
    public void markTransfer(PlatformId platform, UUID transactionId, String status, Instant now) {
        db.ctx().update(BANK_TRANSFERS)
                .set(BANK_TRANSFERS.STATUS, status)
                .set(BANK_TRANSFERS.UPDATED_AT, utc(now))
                .where(BANK_TRANSFERS.PLATFORM_ID.eq(platform.value())
                        .and(BANK_TRANSFERS.TRANSACTION_ID.eq(transactionId)))
                .execute();
    }

    /**
     * One insert that does nothing when the key is there: should another transaction have inserted it and not yet
     * ended, PostgreSQL waits for its end, then inserts (it rolled back) or does nothing (it committed).
     */
    @Override
    public boolean claimReport(String messageId, String kind, String fileName, Instant now) {
        return RECORD_REPORT.execute(db, messageId, kind, fileName, APPLIED, null, utc(now)) == 1;
    }

    @Override
    public boolean quarantine(String key, String fileName, String reason, Instant now) {
        return RECORD_REPORT.execute(db, key, null, fileName, QUARANTINED, reason, utc(now)) == 1;
    }

    private static org.jooq.Condition inItsBatch() {
        return BANK_BATCHES.PLATFORM_ID.eq(BANK_TRANSFERS.PLATFORM_ID)
                .and(BANK_BATCHES.BATCH_ID.eq(BANK_TRANSFERS.BATCH_ID));
    }

    private static BankRail toRail(Record r) {
        return new BankRail(new PlatformId(r.get(BANK_RAILS.PLATFORM_ID)), r.get(BANK_RAILS.CURRENCY),
                new DebtorAccount(r.get(BANK_RAILS.DEBTOR_NAME), r.get(BANK_RAILS.DEBTOR_IBAN),
                        r.get(BANK_RAILS.DEBTOR_ACCOUNT_NUMBER), r.get(BANK_RAILS.DEBTOR_ROUTING_NUMBER),
                        r.get(BANK_RAILS.DEBTOR_BIC)),
                r.get(BANK_RAILS.CUT_OFF_SECONDS), instant(r.get(BANK_RAILS.CREATED_AT)),
                instant(r.get(BANK_RAILS.UPDATED_AT)));
    }

    private static CreditTransfer toTransfer(Record r) {
        return new CreditTransfer(new PlatformId(r.get(BANK_TRANSFERS.PLATFORM_ID)),
                r.get(BANK_TRANSFERS.TRANSACTION_ID), r.get(BANK_TRANSFERS.CURRENCY),
                r.get(BANK_TRANSFERS.AMOUNT_MINOR), r.get(BANK_TRANSFERS.END_TO_END_ID),
                r.get(BANK_TRANSFERS.REFERENCE),
                new Creditor(r.get(BANK_TRANSFERS.CREDITOR_NAME), r.get(BANK_TRANSFERS.CREDITOR_IBAN),
                        r.get(BANK_TRANSFERS.CREDITOR_ACCOUNT_NUMBER), r.get(BANK_TRANSFERS.CREDITOR_ROUTING_NUMBER),
                        r.get(BANK_TRANSFERS.CREDITOR_BIC)),
                instant(r.get(BANK_TRANSFERS.QUEUED_AT)));
    }

    private static SentTransfer toSent(Record r) {
        return new SentTransfer(new PlatformId(r.get(BANK_TRANSFERS.PLATFORM_ID)),
                r.get(BANK_TRANSFERS.TRANSACTION_ID), r.get(BANK_BATCHES.MESSAGE_ID), r.get(BANK_TRANSFERS.CURRENCY),
                r.get(BANK_TRANSFERS.AMOUNT_MINOR), r.get(BANK_TRANSFERS.STATUS));
    }
}
