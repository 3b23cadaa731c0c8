package payments.adapter.persistence.ledger;

import payments.adapter.persistence.SqlState;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Statement;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.LEDGER_ACCOUNTS;
import static payments.adapter.persistence.schema.Tables.LEDGER_ENTRIES;
import static payments.adapter.persistence.schema.Tables.LEDGER_HOLDS;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record3;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import payments.core.error.InvalidInput;
import payments.core.id.PlatformId;
import payments.core.ledger.Hold;
import payments.core.ledger.InsufficientFunds;
import payments.core.ledger.Journal;
import payments.core.ledger.Posting;
import payments.ports.driven.ledger.Ledger;

/**
 * The ledger in SQL. Each owned-account change is one conditional UPDATE that only applies while the account stays
 * covered (posted - held >= 0 is part of the statement, not read-then-write); a system account is created by its
 * first posting, and posted just before the commit ({@link LedgerWrites}). Accounts are touched in id order, so
 * concurrent journals never deadlock; a hold's release is folded into the same ordered statement as its account's
 * posting.
 */
public final class JooqLedger implements Ledger {
    /** Array placeholders: pgjdbc binds String[] and Long[]; uuids travel as text and the SQL casts them. */
    private static final Function<String, Field<String[]>> TEXTS =
            name -> DSL.param(name, SQLDataType.VARCHAR.getArrayDataType());
    private static final Function<String, Field<Long[]>> LONGS =
            name -> DSL.param(name, SQLDataType.BIGINT.getArrayDataType());
    private static final Statement HOLD = Statement.of(ctx -> ctx.update(LEDGER_ACCOUNTS)
            .set(LEDGER_ACCOUNTS.HELD_MINOR,
                    LEDGER_ACCOUNTS.HELD_MINOR.plus(Statement.param(LEDGER_HOLDS.AMOUNT_MINOR)))
            .where(ownedAccount()
                    .and(LEDGER_ACCOUNTS.POSTED_MINOR.minus(LEDGER_ACCOUNTS.HELD_MINOR)
                            .ge(Statement.param(LEDGER_HOLDS.AMOUNT_MINOR)))));
    private static final Statement INSERT_HOLD = Statement.insert(LEDGER_HOLDS, LEDGER_HOLDS.PLATFORM_ID,
            LEDGER_HOLDS.ID, LEDGER_HOLDS.ACCOUNT_ID, LEDGER_HOLDS.CURRENCY, LEDGER_HOLDS.AMOUNT_MINOR,
            LEDGER_HOLDS.STATUS, LEDGER_HOLDS.CREATED_AT, LEDGER_HOLDS.RESOLVED_AT);
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
    /** The owned accounts among {@code ids}, locked in id order (so batches on the same accounts never deadlock). */
    private static final Statement LOCK_OWNED = Statement.query(ctx -> ctx.select(LEDGER_ACCOUNTS.ID,
                    LEDGER_ACCOUNTS.CURRENCY, LEDGER_ACCOUNTS.POSTED_MINOR, LEDGER_ACCOUNTS.HELD_MINOR)
            .from(LEDGER_ACCOUNTS)
            .where(LEDGER_ACCOUNTS.PLATFORM_ID.eq(Statement.param(LEDGER_ACCOUNTS.PLATFORM_ID))
                    .and(DSL.condition("{0} = any({1}::uuid[])", LEDGER_ACCOUNTS.ID, TEXTS.apply("ids")))
                    .and(LEDGER_ACCOUNTS.KIND.ne("SYSTEM")))
            .orderBy(LEDGER_ACCOUNTS.ID, LEDGER_ACCOUNTS.CURRENCY)
            .forUpdate());
    /**
     * Adds to several owned accounts' held and posted amounts at once (one row of the arrays per account), each only
     * while it stays covered; returns the rows it changed.
     */
    private static final Statement CHANGE_OWNED = Statement.query(ctx -> {
        var held = DSL.field("v.held", Long.class);
        var posted = DSL.field("v.posted", Long.class);
        return ctx.update(LEDGER_ACCOUNTS)
                .set(LEDGER_ACCOUNTS.HELD_MINOR, LEDGER_ACCOUNTS.HELD_MINOR.plus(held))
                .set(LEDGER_ACCOUNTS.POSTED_MINOR, LEDGER_ACCOUNTS.POSTED_MINOR.plus(posted))
                .set(LEDGER_ACCOUNTS.UPDATED_AT, Statement.param(LEDGER_ACCOUNTS.UPDATED_AT))
                .from(DSL.table("unnest({0}::uuid[], {1}, {2}, {3}) as v(id, currency, held, posted)",
                        TEXTS.apply("ids"), TEXTS.apply("currencies"), LONGS.apply("held"), LONGS.apply("posted")))
                .where(LEDGER_ACCOUNTS.PLATFORM_ID.eq(Statement.param(LEDGER_ACCOUNTS.PLATFORM_ID))
                        .and(LEDGER_ACCOUNTS.ID.eq(DSL.field("v.id", UUID.class)))
                        .and(LEDGER_ACCOUNTS.CURRENCY.eq(DSL.field("v.currency", String.class)))
                        .and(LEDGER_ACCOUNTS.KIND.ne("SYSTEM"))
                        .and(LEDGER_ACCOUNTS.POSTED_MINOR.plus(posted)
                                .minus(LEDGER_ACCOUNTS.HELD_MINOR.plus(held)).ge(0L)))
                .returning(LEDGER_ACCOUNTS.ID, LEDGER_ACCOUNTS.CURRENCY, LEDGER_ACCOUNTS.POSTED_MINOR);
    });
    private static final Statement RESOLVE_ALL = Statement.query(ctx -> ctx.update(LEDGER_HOLDS)
            .set(LEDGER_HOLDS.STATUS, Statement.param(LEDGER_HOLDS.STATUS))
            .set(LEDGER_HOLDS.RESOLVED_AT, Statement.param(LEDGER_HOLDS.RESOLVED_AT))
            .where(LEDGER_HOLDS.PLATFORM_ID.eq(Statement.param(LEDGER_HOLDS.PLATFORM_ID))
                    .and(DSL.condition("{0} = any({1}::uuid[])", LEDGER_HOLDS.ID, TEXTS.apply("ids")))
                    .and(LEDGER_HOLDS.STATUS.eq("PENDING")))
            .returningResult(LEDGER_HOLDS.ID, LEDGER_HOLDS.ACCOUNT_ID, LEDGER_HOLDS.CURRENCY,
                    LEDGER_HOLDS.AMOUNT_MINOR));
    private final Db db;

    public JooqLedger(Db db) {
        this.db = db;
    }

    @Override
    public void post(PlatformId platform, Journal journal) {
        db.inTransaction(() -> {
            writeAdmittedHolds();
            apply(db.ctx(), platform, journal, null, 0);
        });
    }

    @Override
    public void hold(PlatformId platform, Hold hold) {
        db.inTransaction(() -> {
            writeAdmittedHolds();
            DSLContext ctx = db.ctx();
            OffsetDateTime at = OffsetDateTime.now(java.time.ZoneOffset.UTC);
            int updated = HOLD.execute(db, hold.amountMinor(), platform.value(), hold.account().id(),
                    hold.currency());
            if (updated == 0) {
                throw refusal(ctx, platform, hold.account().id(), hold.currency(), hold.amountMinor());
            }
            INSERT_HOLD.execute(db, platform.value(), hold.id(), hold.account().id(), hold.currency(),
                    hold.amountMinor(), "PENDING", at, null);
        });
    }

    @Override
    public void postHold(PlatformId platform, UUID holdId, Journal journal) {
        db.inTransaction(() -> {
            writeAdmittedHolds();
            Record3<UUID, String, Long> hold = resolve(platform, holdId, "POSTED");
            requireDebitsHold(journal, holdId, new AccountKey(hold.value1(), hold.value2()), hold.value3());
            apply(db.ctx(), platform, journal, hold.value1(), hold.value3());
        });
    }

    @Override
    public void voidHold(PlatformId platform, UUID holdId) {
        db.inTransaction(() -> {
            if (admittedHolds().resolve(platform, holdId, "VOIDED", OffsetDateTime.now(java.time.ZoneOffset.UTC))
                    != null) {
                return; // never counted in the account's held amount
            }
            Record3<UUID, String, Long> hold = resolve(platform, holdId, "VOIDED");
            db.ctx().update(LEDGER_ACCOUNTS)
                    .set(LEDGER_ACCOUNTS.HELD_MINOR, LEDGER_ACCOUNTS.HELD_MINOR.minus(hold.value3()))
                    .where(account(platform, hold.value1(), hold.value2()))
                    .execute();
        });
    }

    @Override
    public void lock(PlatformId platform, Collection<UUID> accounts) {
        db.inTransaction(() -> {
            lockOwned(platform, accounts.stream());
        });
    }

    /**
     * Locks the holds' accounts in id order and admits the holds in list order while each account covers them (the
     * balances are locked, so the decision stays true). The admitted holds are written at the commit
     * ({@link AdmittedHolds}): most are resolved in the same transaction, and a hold written once in its final
     * state spares an update of the hold and one of its account.
     */
    @Override
    public Set<UUID> holdAll(PlatformId platform, List<Hold> holds) {
        if (holds.isEmpty()) {
            return Set.of();
        }
        return db.inTransaction(() -> {
            AdmittedHolds admitted = admittedHolds();
            Map<AccountKey, long[]> balances = lockOwned(platform, holds.stream().map(h -> h.account().id()));
            admitted.lockedNow(platform, balances.keySet());
            balances.forEach((key, balance) -> balance[1] += admitted.pendingOn(platform, key));
            Set<UUID> refused = new LinkedHashSet<>();
            OffsetDateTime at = OffsetDateTime.now(java.time.ZoneOffset.UTC);
            for (Hold hold : holds) {
                AccountKey key = new AccountKey(hold.account().id(), hold.currency());
                long[] balance = balances.get(key);
                if (balance == null) {
                    throw new IllegalStateException("no owned ledger account " + key.id() + " in " + key.currency());
                }
                if (balance[0] - balance[1] < hold.amountMinor()) {
                    refused.add(hold.id());
                    continue;
                }
                balance[1] += hold.amountMinor();
                admitted.add(platform, hold, key, at);
            }
            return refused;
        });
    }

    /**
     * Holds admitted by {@link #holdAll} in the current transaction, not written yet: at the commit each is inserted
     * in the state it ended in (pending, posted or voided) in one batch, and the accounts' held amounts are raised
     * by the still pending ones in one statement. The ledger's other operations write them first
     * ({@link #writeAdmittedHolds}), so they always see every hold.
     */
    private final class AdmittedHolds implements Db.BeforeCommit {
        private final class Admitted {
            final PlatformId platform;
            final Hold hold;
            final AccountKey account;
            final OffsetDateTime at;
            String status = "PENDING";
            OffsetDateTime resolvedAt;

            Admitted(PlatformId platform, Hold hold, AccountKey account, OffsetDateTime at) {
                this.platform = platform;
                this.hold = hold;
                this.account = account;
                this.at = at;
            }
        }

        private final Map<UUID, Admitted> holds = new LinkedHashMap<>();
        /** Accounts whose rows this transaction has locked (in id order, by {@link #holdAll}), by platform. */
        private final Map<PlatformId, Set<AccountKey>> locked = new HashMap<>();

        void lockedNow(PlatformId platform, Set<AccountKey> accounts) {
            locked.computeIfAbsent(platform, p -> new HashSet<>()).addAll(accounts);
        }

        boolean locked(PlatformId platform, Set<AccountKey> accounts) {
            return locked.getOrDefault(platform, Set.of()).containsAll(accounts);
        }

        void add(PlatformId platform, Hold hold, AccountKey account, OffsetDateTime at) {
            holds.put(hold.id(), new Admitted(platform, hold, account, at));
        }

        long pendingOn(PlatformId platform, AccountKey account) {
            return holds.values().stream().filter(h -> h.status.equals("PENDING") && h.platform.equals(platform)
                    && h.account.equals(account)).mapToLong(h -> h.hold.amountMinor()).sum();
        }

        /** Resolves a pending hold of this transaction; null when it is not one (written, or unknown). */
        Admitted resolve(PlatformId platform, UUID id, String status, OffsetDateTime at) {
            Admitted h = holds.get(id);
            if (h == null || !h.platform.equals(platform)) {
                return null;
            }
            if (!h.status.equals("PENDING")) {
                throw new IllegalStateException("hold " + id + " is not pending");
            }
            h.status = status;
            h.resolvedAt = at;
            return h;
        }

        @Override
        public void flush(Db db) {
            if (holds.isEmpty()) {
                return;
            }
            Map<PlatformId, Map<AccountKey, Long>> pending = new LinkedHashMap<>();
            List<Object[]> inserts = new ArrayList<>();
            for (Admitted h : holds.values()) {
                if (h.status.equals("PENDING")) {
                    pending.computeIfAbsent(h.platform, p -> new TreeMap<>())
                            .merge(h.account, h.hold.amountMinor(), Long::sum);
                }
                inserts.add(new Object[] {h.platform.value(), h.hold.id(), h.account.id(), h.account.currency(),
                        h.hold.amountMinor(), h.status, h.at, h.resolvedAt});
            }
            holds.clear();
            pending.forEach((platform, held) -> changeOwned(platform, held, Map.of(),
                    OffsetDateTime.now(java.time.ZoneOffset.UTC)));
            INSERT_HOLD.insertAll(db, inserts);
        }
    }

    private AdmittedHolds admittedHolds() {
        return db.beforeCommit(AdmittedHolds.class, AdmittedHolds::new);
    }

    /** Writes the holds admitted so far in this transaction, before an operation that reads or moves balances. */
    private void writeAdmittedHolds() {
        admittedHolds().flush(db);
    }

    /**
     * Resolves the holds (those admitted in this transaction in memory, the ones written before in one statement),
     * then applies every journal: the owned accounts' postings (with the written holds' releases) in one statement
     * for all accounts, each entry's running balance counted in journal order from the account's balance before
     * them; journals, entries and system postings go to {@link LedgerWrites}.
     */
    @Override
    public void postHolds(PlatformId platform, Map<UUID, Journal> journalsByHold) {
        if (journalsByHold.isEmpty()) {
            return;
        }
        db.inTransaction(() -> {
            OffsetDateTime now = OffsetDateTime.now(java.time.ZoneOffset.UTC);
            AdmittedHolds admitted = admittedHolds();
            Map<UUID, AccountKey> accounts = new HashMap<>();
            Map<UUID, Long> amounts = new HashMap<>();
            Map<AccountKey, Long> releases = new TreeMap<>();
            List<UUID> written = new ArrayList<>();
            for (UUID id : journalsByHold.keySet()) {
                var h = admitted.resolve(platform, id, "POSTED", now);
                if (h == null) {
                    written.add(id);
                } else { // never counted in the account's held amount: nothing to release
                    accounts.put(id, h.account);
                    amounts.put(id, h.hold.amountMinor());
                }
            }
            if (!written.isEmpty()) {
                RESOLVE_ALL.fetch(db, "POSTED", now, platform.value(), texts(written.stream())).forEach(r -> {
                    AccountKey account = new AccountKey(r.get(LEDGER_HOLDS.ACCOUNT_ID), r.get(LEDGER_HOLDS.CURRENCY));
                    accounts.put(r.get(LEDGER_HOLDS.ID), account);
                    amounts.put(r.get(LEDGER_HOLDS.ID), r.get(LEDGER_HOLDS.AMOUNT_MINOR));
                    releases.merge(account, -r.get(LEDGER_HOLDS.AMOUNT_MINOR), Long::sum);
                });
            }
            for (var e : journalsByHold.entrySet()) {
                AccountKey account = accounts.get(e.getKey());
                if (account == null) {
                    throw new IllegalStateException("hold " + e.getKey() + " is not pending");
                }
                requireDebitsHold(e.getValue(), e.getKey(), account, amounts.get(e.getKey()));
            }
            Map<AccountKey, Long> posted = new TreeMap<>();
            journalsByHold.values().forEach(j -> j.postings().stream().filter(p -> !p.account().system())
                    .forEach(p -> posted.merge(new AccountKey(p.account().id(), p.currency()), p.amountMinor(),
                            Long::sum)));
            // Running balances: each account's balance before these postings, moved by them in journal order.
            Map<AccountKey, Long> running = new HashMap<>();
            if (admitted.locked(platform, posted.keySet()) && admitted.locked(platform, releases.keySet())) {
                // Locked in id order by holdAll earlier in this transaction: counted back from the new balances.
                changeOwned(platform, releases, posted, now)
                        .forEach((k, after) -> running.put(k, after - posted.getOrDefault(k, 0L)));
            } else {
                lockOwned(platform, posted.keySet().stream().map(AccountKey::id))
                        .forEach((k, b) -> running.put(k, b[0]));
                changeOwned(platform, releases, posted, now);
            }
            for (Journal journal : journalsByHold.values()) {
                record(platform, journal, p -> running.merge(new AccountKey(p.account().id(), p.currency()),
                        p.amountMinor(), Long::sum));
            }
        });
    }

    /** The owned accounts' rows (posted, held), locked for the rest of the transaction, in id order. */
    private Map<AccountKey, long[]> lockOwned(PlatformId platform, java.util.stream.Stream<UUID> ids) {
        Map<AccountKey, long[]> balances = new HashMap<>();
        LOCK_OWNED.fetch(db, platform.value(), texts(ids.distinct().sorted())).forEach(r -> balances.put(
                new AccountKey(r.get(LEDGER_ACCOUNTS.ID), r.get(LEDGER_ACCOUNTS.CURRENCY)),
                new long[] {r.get(LEDGER_ACCOUNTS.POSTED_MINOR), r.get(LEDGER_ACCOUNTS.HELD_MINOR)}));
        return balances;
    }

    /**
     * Adds {@code held} and {@code posted} to the accounts in one statement; every account must stay covered. Returns
     * their posted balances after it.
     */
    private Map<AccountKey, Long> changeOwned(PlatformId platform, Map<AccountKey, Long> held,
                                              Map<AccountKey, Long> posted, OffsetDateTime at) {
        Set<AccountKey> accounts = new java.util.TreeSet<>(held.keySet());
        accounts.addAll(posted.keySet());
        Map<AccountKey, Long> after = new HashMap<>();
        CHANGE_OWNED.fetch(db, at, texts(accounts.stream().map(AccountKey::id)),
                accounts.stream().map(AccountKey::currency).toArray(String[]::new),
                accounts.stream().map(k -> held.getOrDefault(k, 0L)).toArray(Long[]::new),
                accounts.stream().map(k -> posted.getOrDefault(k, 0L)).toArray(Long[]::new),
                platform.value()).forEach(r -> after.put(new AccountKey(r.get(LEDGER_ACCOUNTS.ID),
                r.get(LEDGER_ACCOUNTS.CURRENCY)), r.get(LEDGER_ACCOUNTS.POSTED_MINOR)));
        if (after.size() != accounts.size()) {
            throw new InsufficientFunds("an account of platform " + platform + " cannot cover its postings");
        }
        return after;
    }

    private static String[] texts(java.util.stream.Stream<UUID> ids) {
        return ids.map(UUID::toString).toArray(String[]::new);
    }

    /** An owned ledger account: the same id may in principle hold several currencies. */
    private record AccountKey(UUID id, String currency) implements Comparable<AccountKey> {
        @Override
        public int compareTo(AccountKey o) {
            int byId = id.compareTo(o.id);
            return byId != 0 ? byId : currency.compareTo(o.currency);
        }
    }

    /** Marks a pending hold resolved; the status condition makes a second resolution impossible. */
    private Record3<UUID, String, Long> resolve(PlatformId platform, UUID holdId, String status) {
        return RESOLVE.fetchOptional(db, status, OffsetDateTime.now(java.time.ZoneOffset.UTC), platform.value(), holdId)
                .map(r -> r.into(LEDGER_HOLDS.ACCOUNT_ID, LEDGER_HOLDS.CURRENCY, LEDGER_HOLDS.AMOUNT_MINOR))
                .orElseThrow(() -> new IllegalStateException("hold " + holdId + " is not pending"));
    }

    private static void requireDebitsHold(Journal journal, UUID holdId, AccountKey account, long amount) {
        boolean debitsHold = journal.postings().stream().anyMatch(p -> !p.account().system()
                && p.account().id().equals(account.id()) && p.currency().equals(account.currency())
                && p.amountMinor() == -amount);
        if (!debitsHold) {
            throw new IllegalArgumentException("journal " + journal.id() + " does not debit hold " + holdId);
        }
    }

    /**
     * Applies the journal's owned-account postings now (in account order, each conditional on the account staying
     * covered) and leaves the journal, its entries and its system-account postings to {@link LedgerWrites}, just
     * before the commit.
     */
    private void apply(DSLContext ctx, PlatformId platform, Journal journal, UUID releaseAccount, long releaseMinor) {
        OffsetDateTime at = utc(journal.at());
        boolean[] released = {false};
        record(platform, journal, p -> {
            long release = 0;
            if (!released[0] && p.account().id().equals(releaseAccount) && p.amountMinor() == -releaseMinor) {
                release = releaseMinor;
                released[0] = true;
            }
            return postToOwned(ctx, platform, p, release, at);
        });
    }

    /**
     * Hands a journal, its entries and its system postings to {@link LedgerWrites}; an owned posting's balance after
     * it comes from {@code ownedBalanceAfter}, called in account order.
     */
    private void record(PlatformId platform, Journal journal, ToLongFunction<Posting> ownedBalanceAfter) {
        OffsetDateTime at = utc(journal.at());
        LedgerWrites writes = db.beforeCommit(LedgerWrites.class, LedgerWrites::new);
        writes.journal(platform.value(), journal.id(), journal.kind(), journal.reference(), at);
        List<Posting> ordered = journal.postings().stream()
                .sorted(Comparator.comparing((Posting p) -> p.account().id())).toList();
        for (Posting p : ordered) {
            if (p.account().system()) {
                writes.systemPosting(platform.value(), journal.id(), p.account().id(), p.currency(),
                        p.amountMinor(), at);
            } else {
                writes.entry(platform.value(), journal.id(), p.account().id(), p.currency(), p.amountMinor(),
                        ownedBalanceAfter.applyAsLong(p), at);
            }
        }
    }

    /**
     * Applies a posting (and releases {@code releaseMinor} of held funds) only if the account stays covered. A credit
     * past the largest balance a row holds (int64, about a thousand of the largest payments) is refused as out of
     * range; PostgreSQL's overflow error would otherwise answer 500.
     */
    private long postToOwned(DSLContext ctx, PlatformId platform, Posting p, long releaseMinor, OffsetDateTime at) {
        try {
            return POST_TO_OWNED.fetchOptional(db, p.amountMinor(), releaseMinor, at, platform.value(),
                            p.account().id(), p.currency())
                    .map(r -> r.get(LEDGER_ACCOUNTS.POSTED_MINOR))
                    .orElseThrow(() -> refusal(ctx, platform, p.account().id(), p.currency(), -p.amountMinor()));
        } catch (DataAccessException e) {
            if (SqlState.is(e, SqlState.NUMERIC_VALUE_OUT_OF_RANGE)) {
                throw new InvalidInput("AMOUNT_OUT_OF_RANGE", "Account " + p.account().id() + " cannot hold "
                        + p.amountMinor() + " " + p.currency() + " more: its balance would pass " + Long.MAX_VALUE);
            }
            throw e;
        }
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
