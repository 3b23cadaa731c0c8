package payments.adapter.persistence;

import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.LEDGER_ACCOUNTS;
import static payments.adapter.persistence.schema.Tables.LEDGER_ENTRIES;
import static payments.adapter.persistence.schema.Tables.LEDGER_HOLDS;
import static payments.adapter.persistence.schema.Tables.LEDGER_JOURNALS;

import java.time.OffsetDateTime;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.InsertValuesStep7;
import org.jooq.Record3;
import payments.adapter.persistence.schema.tables.records.LedgerEntriesRecord;
import payments.core.common.PlatformId;
import payments.core.ledger.Hold;
import payments.core.ledger.InsufficientFunds;
import payments.core.ledger.Journal;
import payments.core.ledger.Posting;
import payments.ports.driven.Ledger;

/**
 * The ledger in SQL. Each owned-account change is one conditional UPDATE that only applies while the account stays
 * covered (posted - held >= 0 is part of the statement, not read-then-write); a system account is created by its
 * first posting. Accounts are touched in id order, so concurrent journals never deadlock; a hold's release is
 * folded into the same ordered statement as its account's posting.
 */
public final class JooqLedger implements Ledger {
    private final Db db;

    public JooqLedger(Db db) {
        this.db = db;
    }

    @Override
    public void post(PlatformId platform, Journal journal) {
        db.inTransaction(() -> apply(db.ctx(), platform, journal, null, 0));
    }

    @Override
    public void hold(PlatformId platform, Hold hold) {
        db.inTransaction(() -> {
            DSLContext ctx = db.ctx();
            OffsetDateTime at = OffsetDateTime.now(java.time.ZoneOffset.UTC);
            int updated = ctx.update(LEDGER_ACCOUNTS)
                    .set(LEDGER_ACCOUNTS.HELD_MINOR, LEDGER_ACCOUNTS.HELD_MINOR.plus(hold.amountMinor()))
                    .where(account(platform, hold.account().id(), hold.currency())
                            .and(LEDGER_ACCOUNTS.KIND.ne("SYSTEM"))
                            .and(LEDGER_ACCOUNTS.POSTED_MINOR.minus(LEDGER_ACCOUNTS.HELD_MINOR)
                                    .ge(hold.amountMinor())))
                    .execute();
            if (updated == 0) {
                throw refusal(ctx, platform, hold.account().id(), hold.currency(), hold.amountMinor());
            }
            ctx.insertInto(LEDGER_HOLDS)
                    .set(LEDGER_HOLDS.PLATFORM_ID, platform.value())
                    .set(LEDGER_HOLDS.ID, hold.id())
                    .set(LEDGER_HOLDS.ACCOUNT_ID, hold.account().id())
                    .set(LEDGER_HOLDS.CURRENCY, hold.currency())
                    .set(LEDGER_HOLDS.AMOUNT_MINOR, hold.amountMinor())
                    .set(LEDGER_HOLDS.STATUS, "PENDING")
                    .set(LEDGER_HOLDS.CREATED_AT, at)
                    .execute();
        });
    }

    @Override
    public void postHold(PlatformId platform, UUID holdId, Journal journal) {
        db.inTransaction(() -> {
            Record3<UUID, String, Long> hold = resolve(db.ctx(), platform, holdId, "POSTED");
            boolean debitsHold = journal.postings().stream().anyMatch(p -> !p.account().system()
                    && p.account().id().equals(hold.value1()) && p.currency().equals(hold.value2())
                    && p.amountMinor() == -hold.value3());
            if (!debitsHold) {
                throw new IllegalArgumentException("journal " + journal.id() + " does not debit hold " + holdId);
            }
            apply(db.ctx(), platform, journal, hold.value1(), hold.value3());
        });
    }

    @Override
    public void voidHold(PlatformId platform, UUID holdId) {
        db.inTransaction(() -> {
            Record3<UUID, String, Long> hold = resolve(db.ctx(), platform, holdId, "VOIDED");
            db.ctx().update(LEDGER_ACCOUNTS)
                    .set(LEDGER_ACCOUNTS.HELD_MINOR, LEDGER_ACCOUNTS.HELD_MINOR.minus(hold.value3()))
                    .where(account(platform, hold.value1(), hold.value2()))
                    .execute();
        });
    }

    /** Marks a pending hold resolved; the status condition makes a second resolution impossible. */
    private static Record3<UUID, String, Long> resolve(DSLContext ctx, PlatformId platform, UUID holdId,
                                                       String status) {
        return ctx.update(LEDGER_HOLDS)
                .set(LEDGER_HOLDS.STATUS, status)
                .set(LEDGER_HOLDS.RESOLVED_AT, OffsetDateTime.now(java.time.ZoneOffset.UTC))
                .where(LEDGER_HOLDS.PLATFORM_ID.eq(platform.value()).and(LEDGER_HOLDS.ID.eq(holdId))
                        .and(LEDGER_HOLDS.STATUS.eq("PENDING")))
                .returningResult(LEDGER_HOLDS.ACCOUNT_ID, LEDGER_HOLDS.CURRENCY, LEDGER_HOLDS.AMOUNT_MINOR)
                .fetchOptional()
                .orElseThrow(() -> new IllegalStateException("hold " + holdId + " is not pending"));
    }

    private static void apply(DSLContext ctx, PlatformId platform, Journal journal, UUID releaseAccount,
                              long releaseMinor) {
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
        InsertValuesStep7<LedgerEntriesRecord, UUID, UUID, UUID, String, Long, Long, OffsetDateTime> entries =
                ctx.insertInto(LEDGER_ENTRIES, LEDGER_ENTRIES.PLATFORM_ID, LEDGER_ENTRIES.JOURNAL_ID,
                        LEDGER_ENTRIES.ACCOUNT_ID, LEDGER_ENTRIES.CURRENCY, LEDGER_ENTRIES.AMOUNT_MINOR,
                        LEDGER_ENTRIES.BALANCE_AFTER_MINOR, LEDGER_ENTRIES.CREATED_AT);
        boolean released = false;
        for (Posting p : ordered) {
            long release = 0;
            if (!released && p.account().id().equals(releaseAccount) && p.amountMinor() == -releaseMinor) {
                release = releaseMinor;
                released = true;
            }
            long balanceAfter = p.account().system() ? postToSystem(ctx, platform, p, at)
                    : postToOwned(ctx, platform, p, release, at);
            entries = entries.values(platform.value(), journal.id(), p.account().id(), p.currency(),
                    p.amountMinor(), balanceAfter, at);
        }
        entries.execute();
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
                // A system account holds one currency; a posting in another must not merge into it.
                .where(LEDGER_ACCOUNTS.CURRENCY.eq(p.currency()).and(LEDGER_ACCOUNTS.KIND.eq("SYSTEM")))
                .returning(LEDGER_ACCOUNTS.POSTED_MINOR)
                .fetchOptional(LEDGER_ACCOUNTS.POSTED_MINOR)
                .orElseThrow(() -> new IllegalStateException("account " + p.account().id()
                        + " is not a system account in " + p.currency()));
    }

    /** Applies a posting (and releases {@code releaseMinor} of held funds) only if the account stays covered. */
    private static long postToOwned(DSLContext ctx, PlatformId platform, Posting p, long releaseMinor,
                                    OffsetDateTime at) {
        return ctx.update(LEDGER_ACCOUNTS)
                .set(LEDGER_ACCOUNTS.POSTED_MINOR, LEDGER_ACCOUNTS.POSTED_MINOR.plus(p.amountMinor()))
                .set(LEDGER_ACCOUNTS.HELD_MINOR, LEDGER_ACCOUNTS.HELD_MINOR.minus(releaseMinor))
                .set(LEDGER_ACCOUNTS.UPDATED_AT, at)
                .where(account(platform, p.account().id(), p.currency())
                        .and(LEDGER_ACCOUNTS.KIND.ne("SYSTEM"))
                        .and(LEDGER_ACCOUNTS.POSTED_MINOR.plus(p.amountMinor())
                                .minus(LEDGER_ACCOUNTS.HELD_MINOR.minus(releaseMinor)).ge(0L)))
                .returning(LEDGER_ACCOUNTS.POSTED_MINOR)
                .fetchOptional(LEDGER_ACCOUNTS.POSTED_MINOR)
                .orElseThrow(() -> refusal(ctx, platform, p.account().id(), p.currency(), -p.amountMinor()));
    }

    private static Condition account(PlatformId platform, UUID id, String currency) {
        return LEDGER_ACCOUNTS.PLATFORM_ID.eq(platform.value()).and(LEDGER_ACCOUNTS.ID.eq(id))
                .and(LEDGER_ACCOUNTS.CURRENCY.eq(currency));
    }

    /** Why a conditional update matched nothing: a missing account is a bug, a covered one is insufficient funds. */
    private static RuntimeException refusal(DSLContext ctx, PlatformId platform, UUID id, String currency,
                                            long amount) {
        if (!ctx.fetchExists(LEDGER_ACCOUNTS, account(platform, id, currency).and(LEDGER_ACCOUNTS.KIND.ne("SYSTEM")))) {
            return new IllegalStateException("no owned ledger account " + id + " in " + currency);
        }
        return new InsufficientFunds("Account " + id + " cannot cover " + amount + " " + currency);
    }
}
