package payments.adapter.persistence;

import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.LEDGER_ACCOUNTS;
import static payments.adapter.persistence.schema.Tables.LEDGER_ENTRIES;
import static payments.adapter.persistence.schema.Tables.LEDGER_JOURNALS;

import java.time.OffsetDateTime;
import java.util.Comparator;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.InsertValuesStep7;
import payments.adapter.persistence.schema.tables.records.LedgerEntriesRecord;
import payments.core.common.PlatformId;
import payments.core.ledger.Journal;
import payments.core.ledger.Posting;
import payments.ports.driven.Ledger;

/**
 * Posts journals with one conditional statement per account, taken in account-id order so that concurrent journals
 * never deadlock. An owned account's balance changes only if it stays covered (checked by the UPDATE itself, not
 * read-then-write); a system account is created by its first posting.
 */
public final class JooqLedger implements Ledger {
    private final Db db;

    public JooqLedger(Db db) {
        this.db = db;
    }

    @Override
    public void post(PlatformId platform, Journal journal) {
        db.inTransaction(() -> {
            DSLContext ctx = db.ctx();
            OffsetDateTime at = utc(journal.at());
            ctx.insertInto(LEDGER_JOURNALS)
                    .set(LEDGER_JOURNALS.PLATFORM_ID, platform.value())
                    .set(LEDGER_JOURNALS.ID, journal.id())
                    .set(LEDGER_JOURNALS.KIND, journal.kind())
                    .set(LEDGER_JOURNALS.REFERENCE, journal.reference())
                    .set(LEDGER_JOURNALS.CREATED_AT, at)
                    .execute();
            List<Posting> ordered = journal.postings().stream()
                    .sorted(Comparator.comparing((Posting p) -> p.account().id())).toList();
            InsertValuesStep7<LedgerEntriesRecord, java.util.UUID, java.util.UUID, java.util.UUID, String, Long, Long,
                    OffsetDateTime> entries = ctx.insertInto(LEDGER_ENTRIES, LEDGER_ENTRIES.PLATFORM_ID,
                    LEDGER_ENTRIES.JOURNAL_ID, LEDGER_ENTRIES.ACCOUNT_ID, LEDGER_ENTRIES.CURRENCY,
                    LEDGER_ENTRIES.AMOUNT_MINOR, LEDGER_ENTRIES.BALANCE_AFTER_MINOR, LEDGER_ENTRIES.CREATED_AT);
            for (Posting p : ordered) {
                long balanceAfter = p.account().system() ? postToSystem(ctx, platform, p, at)
                        : postToOwned(ctx, platform, p, at);
                entries = entries.values(platform.value(), journal.id(), p.account().id(), p.currency(),
                        p.amountMinor(), balanceAfter, at);
            }
            entries.execute();
        });
    }

    private static long postToSystem(DSLContext ctx, PlatformId platform, Posting p, OffsetDateTime at) {
        return ctx.insertInto(LEDGER_ACCOUNTS)
                .set(LEDGER_ACCOUNTS.PLATFORM_ID, platform.value())
                .set(LEDGER_ACCOUNTS.ID, p.account().id())
                .set(LEDGER_ACCOUNTS.CURRENCY, p.currency())
                .set(LEDGER_ACCOUNTS.KIND, "SYSTEM")
                .set(LEDGER_ACCOUNTS.POSTED_MINOR, p.amountMinor())
                .set(LEDGER_ACCOUNTS.CREATED_AT, at)
                .set(LEDGER_ACCOUNTS.UPDATED_AT, at)
                .onConflict(LEDGER_ACCOUNTS.PLATFORM_ID, LEDGER_ACCOUNTS.ID)
                .doUpdate()
                .set(LEDGER_ACCOUNTS.POSTED_MINOR, LEDGER_ACCOUNTS.POSTED_MINOR.plus(p.amountMinor()))
                .set(LEDGER_ACCOUNTS.UPDATED_AT, at)
                .returning(LEDGER_ACCOUNTS.POSTED_MINOR)
                .fetchOne(LEDGER_ACCOUNTS.POSTED_MINOR);
    }

    private static long postToOwned(DSLContext ctx, PlatformId platform, Posting p, OffsetDateTime at) {
        Long after = ctx.update(LEDGER_ACCOUNTS)
                .set(LEDGER_ACCOUNTS.POSTED_MINOR, LEDGER_ACCOUNTS.POSTED_MINOR.plus(p.amountMinor()))
                .set(LEDGER_ACCOUNTS.UPDATED_AT, at)
                .where(LEDGER_ACCOUNTS.PLATFORM_ID.eq(platform.value())
                        .and(LEDGER_ACCOUNTS.ID.eq(p.account().id()))
                        .and(LEDGER_ACCOUNTS.CURRENCY.eq(p.currency()))
                        .and(LEDGER_ACCOUNTS.POSTED_MINOR.plus(p.amountMinor()).minus(LEDGER_ACCOUNTS.HELD_MINOR)
                                .ge(0L)))
                .returning(LEDGER_ACCOUNTS.POSTED_MINOR)
                .fetchOptional(LEDGER_ACCOUNTS.POSTED_MINOR).orElse(null);
        if (after == null) {
            boolean exists = ctx.fetchExists(LEDGER_ACCOUNTS, LEDGER_ACCOUNTS.PLATFORM_ID.eq(platform.value())
                    .and(LEDGER_ACCOUNTS.ID.eq(p.account().id())).and(LEDGER_ACCOUNTS.CURRENCY.eq(p.currency())));
            if (!exists) {
                throw new IllegalStateException("no ledger account " + p.account().id() + " in " + p.currency());
            }
            throw new InsufficientFunds("Account " + p.account().id() + " cannot cover " + -p.amountMinor());
        }
        return after;
    }
}
