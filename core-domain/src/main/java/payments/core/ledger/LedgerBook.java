package payments.core.ledger;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The whole ledger of one platform in memory, built on the {@link AccountBalance} rules: the reference model the
 * persistence adapter is compared with, and what an in-memory fake can use.
 *
 * <p>Each account has one currency. Owned accounts are {@link #open opened} before use; system accounts are opened
 * by their first posting. Every operation is all-or-nothing: it works out the new balances on the side
 * ({@link Draft}) and writes them only when every rule passed, so a refused operation changes nothing. Journal ids
 * and hold ids are unique, as the primary keys of the tables are.
 */
public final class LedgerBook {

    /** One posting as recorded on its account, with the account's posted balance after it. */
    public record Entry(UUID journalId, long amountMinor, long balanceAfter) {
    }

    private static final class Account {
        final String currency;
        AccountBalance balance;
        final List<Entry> entries = new ArrayList<>();

        Account(String currency, AccountBalance balance) {
            this.currency = currency;
            this.balance = balance;
        }
    }

    private final Map<AccountRef, Account> accounts = new LinkedHashMap<>();
    private final Map<UUID, Journal> journals = new LinkedHashMap<>();
    private final Map<UUID, Hold> holds = new LinkedHashMap<>();
    // Every status each hold has had, and the journal that posted it: the evidence checkInvariants reads.
    private final Map<UUID, List<HoldStatus>> holdHistory = new HashMap<>();
    private final Map<UUID, UUID> postedBy = new HashMap<>();

    // ---- Changes ----

    /** Opens an owned account at zero. */
    public synchronized void open(AccountRef account, String currency) {
        if (account == null || currency == null) {
            throw new IllegalArgumentException("account and currency are required");
        }
        if (account.system()) {
            throw new IllegalArgumentException("system accounts are opened by their first posting");
        }
        if (accounts.containsKey(account)) {
            throw new IllegalStateException("account " + account.id() + " is already open");
        }
        accounts.put(account, new Account(currency, AccountBalance.empty(false)));
    }

    /** Applies a journal: every posting, or none if one would overdraw an owned account. */
    public synchronized void post(Journal journal) {
        requireNew(journal);
        Draft draft = new Draft();
        draft.post(journal);
        draft.commit();
        journals.put(journal.id(), journal);
    }

    /** Reserves a pending hold's amount on its account. */
    public synchronized void hold(Hold hold) {
        if (hold.status() != HoldStatus.PENDING) {
            throw new IllegalArgumentException("only a pending hold can be taken, not a " + hold.status() + " one");
        }
        if (holds.containsKey(hold.id())) {
            throw new IllegalStateException("hold " + hold.id() + " already exists");
        }
        Draft draft = new Draft();
        draft.reserve(hold);
        draft.commit();
        holds.put(hold.id(), hold);
        holdHistory.put(hold.id(), new ArrayList<>(List.of(HoldStatus.PENDING)));
    }

    /**
     * Moves the held money: releases the hold and applies {@code journal} in one step. The journal must debit the
     * hold's account by exactly the hold amount (it may carry further postings, which follow the usual rules).
     */
    public synchronized void postHold(UUID holdId, Journal journal) {
        Hold hold = hold(holdId);
        Hold posted = hold.posted(); // refuses a resolved hold before anything is touched
        requireNew(journal);
        Posting debit = new Posting(hold.account(), hold.currency(), -hold.amountMinor());
        if (!journal.postings().contains(debit)) {
            throw new IllegalArgumentException("journal " + journal.id() + " does not debit the held " + hold.amountMinor()
                    + " " + hold.currency() + " from account " + hold.account().id());
        }
        Draft draft = new Draft();
        draft.release(hold);
        draft.post(journal);
        draft.commit();
        journals.put(journal.id(), journal);
        resolve(posted);
        postedBy.put(holdId, journal.id());
    }

    /** Releases the held money without moving it. */
    public synchronized void voidHold(UUID holdId) {
        Hold hold = hold(holdId);
        Hold voided = hold.voided();
        Draft draft = new Draft();
        draft.release(hold);
        draft.commit();
        resolve(voided);
    }

    // ---- Reads ----

    /** An account's balance; a system account not yet posted to reads as zero. */
    public synchronized AccountBalance balance(AccountRef account) {
        Account a = find(account);
        return a == null ? AccountBalance.empty(true) : a.balance;
    }

    /** An account's entries, oldest first. */
    public synchronized List<Entry> entries(AccountRef account) {
        Account a = find(account);
        return a == null ? List.of() : List.copyOf(a.entries);
    }

    public synchronized Hold hold(UUID holdId) {
        Hold hold = holds.get(holdId);
        if (hold == null) {
            throw new IllegalArgumentException("no hold " + holdId);
        }
        return hold;
    }

    /** Every open account, in the order they were opened. */
    public synchronized Set<AccountRef> accounts() {
        return new LinkedHashSet<>(accounts.keySet());
    }

    // ---- Invariants ----

    /** What is wrong with the book, if anything; empty when every invariant holds. */
    public synchronized List<String> checkInvariants() {
        List<String> violations = new ArrayList<>();
        Map<String, BigInteger> sums = new TreeMap<>();
        accounts.forEach((ref, account) -> {
            sums.merge(account.currency, BigInteger.valueOf(account.balance.posted()), BigInteger::add);
            checkEntries(ref, account, violations);
            checkHeld(ref, account, violations);
        });
        sums.forEach((currency, sum) -> {
            if (sum.signum() != 0) {
                violations.add("posted balances in " + currency + " sum to " + sum + ", not 0");
            }
        });
        checkJournalsMatchEntries(violations);
        holds.values().forEach(hold -> checkHold(hold, violations));
        return violations;
    }

    // The running balance of every entry, and the account's posted balance, follow from the amounts.
    private static void checkEntries(AccountRef ref, Account account, List<String> violations) {
        BigInteger running = BigInteger.ZERO;
        for (Entry e : account.entries) {
            running = running.add(BigInteger.valueOf(e.amountMinor()));
            if (!running.equals(BigInteger.valueOf(e.balanceAfter()))) {
                violations.add("account " + ref.id() + ": entry of journal " + e.journalId() + " says balance after "
                        + e.balanceAfter() + ", running sum is " + running);
            }
        }
        if (!running.equals(BigInteger.valueOf(account.balance.posted()))) {
            violations.add("account " + ref.id() + ": posted " + account.balance.posted() + " but entries sum to " + running);
        }
    }

    // Owned accounts stay covered and hold exactly their pending holds; system accounts hold nothing.
    private void checkHeld(AccountRef ref, Account account, List<String> violations) {
        AccountBalance b = account.balance;
        if (b.system() != ref.system()) {
            violations.add("account " + ref.id() + ": balance kind differs from the account's");
        }
        if (b.held() < 0 || (!ref.system() && b.posted() < b.held())) {
            violations.add("account " + ref.id() + ": posted " + b.posted() + ", held " + b.held());
        }
        long pending = holds.values().stream()
                .filter(h -> h.status() == HoldStatus.PENDING && h.account().equals(ref))
                .mapToLong(Hold::amountMinor).sum();
        if (b.held() != pending) {
            violations.add("account " + ref.id() + ": held " + b.held() + " but pending holds total " + pending);
        }
    }

    // Every journal was applied whole: its postings and the entries carrying its id are the same multiset.
    private void checkJournalsMatchEntries(List<String> violations) {
        record Line(UUID journalId, AccountRef account, long amountMinor) {
        }
        Map<Line, Integer> count = new HashMap<>();
        journals.values().forEach(j -> j.postings().forEach(
                p -> count.merge(new Line(j.id(), p.account(), p.amountMinor()), 1, Integer::sum)));
        accounts.forEach((ref, account) -> account.entries.forEach(
                e -> count.merge(new Line(e.journalId(), ref, e.amountMinor()), -1, Integer::sum)));
        count.forEach((line, n) -> {
            if (n != 0) {
                violations.add("journal " + line.journalId() + ", account " + line.account().id() + ", amount "
                        + line.amountMinor() + ": " + n + " more postings than entries");
            }
        });
    }

    // A hold goes PENDING, then at most once to POSTED or VOIDED; a posted one has its debit in its journal.
    private void checkHold(Hold hold, List<String> violations) {
        List<HoldStatus> history = holdHistory.getOrDefault(hold.id(), List.of());
        boolean wellFormed = !history.isEmpty() && history.get(0) == HoldStatus.PENDING && history.size() <= 2
                && history.get(history.size() - 1) == hold.status()
                && (history.size() == 1 || history.get(1) != HoldStatus.PENDING);
        if (!wellFormed) {
            violations.add("hold " + hold.id() + " went through " + history + ", now " + hold.status());
        }
        if (hold.status() == HoldStatus.POSTED) {
            Journal journal = journals.get(postedBy.get(hold.id()));
            Posting debit = new Posting(hold.account(), hold.currency(), -hold.amountMinor());
            if (journal == null || !journal.postings().contains(debit)) {
                violations.add("hold " + hold.id() + " is posted without a journal debiting its amount");
            }
        }
    }

    // ---- Helpers ----

    private Account find(AccountRef ref) {
        Account a = accounts.get(ref);
        if (a == null && !ref.system()) {
            throw new IllegalStateException("account " + ref.id() + " is not open");
        }
        return a;
    }

    private void requireNew(Journal journal) {
        if (journals.containsKey(journal.id())) {
            throw new IllegalStateException("journal " + journal.id() + " was already posted");
        }
    }

    private void resolve(Hold resolved) {
        holds.put(resolved.id(), resolved);
        holdHistory.get(resolved.id()).add(resolved.status());
    }

    /**
     * The balances one operation touches, changed on the side and checked by the {@link AccountBalance} rules;
     * {@link #commit} writes them back only after every step passed, so a refusal leaves the book as it was.
     */
    private final class Draft {
        private final Map<AccountRef, AccountBalance> balances = new LinkedHashMap<>();
        private final Map<AccountRef, String> currencies = new HashMap<>();
        private final List<Map.Entry<AccountRef, Entry>> entries = new ArrayList<>();

        void reserve(Hold hold) {
            balances.put(hold.account(), current(hold.account(), hold.currency()).hold(hold.amountMinor()));
        }

        void release(Hold hold) {
            balances.put(hold.account(), current(hold.account(), hold.currency()).releaseHold(hold.amountMinor()));
        }

        // In journal order, one posting after the other, as the adapter's statements run.
        void post(Journal journal) {
            for (Posting p : journal.postings()) {
                AccountBalance after = current(p.account(), p.currency()).apply(p.amountMinor());
                balances.put(p.account(), after);
                entries.add(Map.entry(p.account(), new Entry(journal.id(), p.amountMinor(), after.posted())));
            }
        }

        void commit() {
            balances.forEach((ref, balance) -> accounts
                    .computeIfAbsent(ref, r -> new Account(currencies.get(r), balance)).balance = balance);
            entries.forEach(e -> accounts.get(e.getKey()).entries.add(e.getValue()));
        }

        // The account's balance so far in this draft; an unknown system account starts at zero.
        private AccountBalance current(AccountRef ref, String currency) {
            AccountBalance drafted = balances.get(ref);
            if (drafted == null) {
                Account account = find(ref);
                currencies.put(ref, account == null ? currency : account.currency);
                drafted = account == null ? AccountBalance.empty(true) : account.balance;
            }
            if (!currencies.get(ref).equals(currency)) {
                throw new IllegalStateException("account " + ref.id() + " is in " + currencies.get(ref) + ", not " + currency);
            }
            return drafted;
        }
    }
}
