package payments.adapter.persistence;

import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.LEDGER_ACCOUNTS;
import static payments.adapter.persistence.schema.Tables.LEDGER_ENTRIES;
import static payments.adapter.persistence.schema.Tables.LEDGER_HOLDS;

import java.time.OffsetDateTime;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Record3;
import payments.core.common.PlatformId;
import payments.core.ledger.Hold;
import payments.core.ledger.InsufficientFunds;
import payments.core.ledger.Journal;
import payments.core.ledger.Posting;
import payments.ports.driven.Ledger;

/**
 * The ledger in SQL. Each owned-account change is one conditional UPDATE that only applies while the account stays
 * covered (posted - held >= 0 is part of the statement, not read-then-write); a system account is created by its
 * first posting, and posted just before the commit ({@link LedgerWrites}). Accounts are touched in id order, so
 * concurrent journals never deadlock; a hold's release is folded into the same ordered statement as its account's
 * posting.
 */
public final class JooqLedger implements Ledger {
    private static final Statement HOLD = Statement.of(ctx -> ctx.update(LEDGER_ACCOUNTS)
            .set(LEDGER_ACCOUNTS.HELD_MINOR,
                    LEDGER_ACCOUNTS.HELD_MINOR.plus(Statement.param(LEDGER_HOLDS.AMOUNT_MINOR)))
            .where(ownedAccount()
                    .and(LEDGER_ACCOUNTS.POSTED_MINOR.minus(LEDGER_ACCOUNTS.HELD_MINOR)
                            .ge(Statement.param(LEDGER_HOLDS.AMOUNT_MINOR)))));
    private static final Statement INSERT_HOLD = Statement.insert(LEDGER_HOLDS, LEDGER_HOLDS.PLATFORM_ID,
            LEDGER_HOLDS.ID, LEDGER_HOLDS.ACCOUNT_ID, LEDGER_HOLDS.CURRENCY, LEDGER_HOLDS.AMOUNT_MINOR,
            LEDGER_HOLDS.STATUS, LEDGER_HOLDS.CREATED_AT);
    private static final Statement RESOLVE = Statement.query(ctx -> ctx.update(LEDGER_HOLDS)
            .set(LEDGER_HOLDS.STATUS, Statement.param(LEDGER_HOLDS.STATUS))
            .set(LEDGER_HOLDS.RESOLVED_AT, Statement.param(LEDGER_HOLDS.RESOLVED_AT))
            .where(LEDGER_HOLDS.PLATFORM_ID.eq(Statement.param(LEDGER_HOLDS.PLATFORM_ID))
                    .and(LEDGER_HOLDS.ID.eq(Statement.param(LEDGER_HOLDS.ID)))
                    .and(LEDGER_HOLDS.STATUS.eq("PENDING")))
            .returningResult(LEDGER_HOLDS.ACCOUNT_ID, LEDGER_HOLDS.CURRENCY, LEDGER_HOLDS.AMOUNT_MINOR));
    /** Posts {@code amount} and releases {@code release} of held funds, only while the account stays covered. */
    private static final Statement POST_TO_OWNED = Statement.query(ctx -> {
        var amount = Statement.param("amount", LEDGER_ENTRIES.AMOUNT_MINOR);
        var release = Statement.param("release", LEDGER_HOLDS.AMOUNT_MINOR);
        return ctx.update(LEDGER_ACCOUNTS)
                .set(LEDGER_ACCOUNTS.POSTED_MINOR, LEDGER_ACCOUNTS.POSTED_MINOR.plus(amount))
                .set(LEDGER_ACCOUNTS.HELD_MINOR, LEDGER_ACCOUNTS.HELD_MINOR.minus(release))
                .set(LEDGER_ACCOUNTS.UPDATED_AT, Statement.param(LEDGER_ACCOUNTS.UPDATED_AT))
                .where(ownedAccount().and(LEDGER_ACCOUNTS.POSTED_MINOR.plus(amount)
                        .minus(LEDGER_ACCOUNTS.HELD_MINOR.minus(release)).ge(0L)))
                .returning(LEDGER_ACCOUNTS.POSTED_MINOR);
    });
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
            int updated = HOLD.execute(db, hold.amountMinor(), platform.value(), hold.account().id(),
                    hold.currency());
            if (updated == 0) {
                throw refusal(ctx, platform, hold.account().id(), hold.currency(), hold.amountMinor());
            }
            INSERT_HOLD.execute(db, platform.value(), hold.id(), hold.account().id(), hold.currency(),
                    hold.amountMinor(), "PENDING", at);
        });
    }

    @Override
    public void postHold(PlatformId platform, UUID holdId, Journal journal) {
        db.inTransaction(() -> {
            Record3<UUID, String, Long> hold = resolve(platform, holdId, "POSTED");
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
            Record3<UUID, String, Long> hold = resolve(platform, holdId, "VOIDED");
            db.ctx().update(LEDGER_ACCOUNTS)
                    .set(LEDGER_ACCOUNTS.HELD_MINOR, LEDGER_ACCOUNTS.HELD_MINOR.minus(hold.value3()))
                    .where(account(platform, hold.value1(), hold.value2()))
                    .execute();
        });
    }

    /** Marks a pending hold resolved; the status condition makes a second resolution impossible. */
    private Record3<UUID, String, Long> resolve(PlatformId platform, UUID holdId, String status) {
        return RESOLVE.fetchOptional(db, status, OffsetDateTime.now(java.time.ZoneOffset.UTC), platform.value(), holdId)
                .map(r -> r.into(LEDGER_HOLDS.ACCOUNT_ID, LEDGER_HOLDS.CURRENCY, LEDGER_HOLDS.AMOUNT_MINOR))
                .orElseThrow(() -> new IllegalStateException("hold " + holdId + " is not pending"));
    }

    /**
     * Applies the journal's owned-account postings now (in account order, each conditional on the account staying
     * covered) and leaves the journal, its entries and its system-account postings to {@link LedgerWrites}, just
     * before the commit.
     */
    private void apply(DSLContext ctx, PlatformId platform, Journal journal, UUID releaseAccount, long releaseMinor) {
        OffsetDateTime at = utc(journal.at());
        LedgerWrites writes = db.beforeCommit(LedgerWrites.class, LedgerWrites::new);
        writes.journal(platform.value(), journal.id(), journal.kind(), journal.reference(), at);
        List<Posting> ordered = journal.postings().stream()
                .sorted(Comparator.comparing((Posting p) -> p.account().id())).toList();
        boolean released = false;
        for (Posting p : ordered) {
            if (p.account().system()) {
                writes.systemPosting(platform.value(), journal.id(), p.account().id(), p.currency(),
                        p.amountMinor(), at);
                continue;
            }
            long release = 0;
            if (!released && p.account().id().equals(releaseAccount) && p.amountMinor() == -releaseMinor) {
                release = releaseMinor;
                released = true;
            }
            long balanceAfter = postToOwned(ctx, platform, p, release, at);
            writes.entry(platform.value(), journal.id(), p.account().id(), p.currency(), p.amountMinor(),
                    balanceAfter, at);
        }
    }

    /** Applies a posting (and releases {@code releaseMinor} of held funds) only if the account stays covered. */
    private long postToOwned(DSLContext ctx, PlatformId platform, Posting p, long releaseMinor, OffsetDateTime at) {
        return POST_TO_OWNED.fetchOptional(db, p.amountMinor(), releaseMinor, at, platform.value(), p.account().id(),
                        p.currency())
                .map(r -> r.get(LEDGER_ACCOUNTS.POSTED_MINOR))
                .orElseThrow(() -> refusal(ctx, platform, p.account().id(), p.currency(), -p.amountMinor()));
    }

    /** An owned (not system) account, by platform, id and currency: the placeholders of the statements above. */
    private static Condition ownedAccount() {
        return LEDGER_ACCOUNTS.PLATFORM_ID.eq(Statement.param(LEDGER_ACCOUNTS.PLATFORM_ID))
                .and(LEDGER_ACCOUNTS.ID.eq(Statement.param(LEDGER_ACCOUNTS.ID)))
                .and(LEDGER_ACCOUNTS.CURRENCY.eq(Statement.param(LEDGER_ACCOUNTS.CURRENCY)))
                .and(LEDGER_ACCOUNTS.KIND.ne("SYSTEM"));
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
