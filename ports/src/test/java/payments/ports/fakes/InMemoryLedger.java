package payments.ports.fakes;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import payments.core.common.PlatformId;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Journal;
import payments.core.ledger.Posting;
import payments.core.ledger.Hold;
import payments.core.ledger.InsufficientFunds;
import payments.ports.driven.Ledger;

/**
 * The books in memory. A journal is applied all or nothing: owned accounts (opened through
 * {@link #openOwned}) never go below zero, system accounts are created by their first posting and may go negative.
 */
public final class InMemoryLedger implements Ledger {
    private record Key(PlatformId platform, UUID account) {
    }

    private record Account(String currency, boolean system, long balance) {
    }

    private final Map<Key, Account> accounts = new HashMap<>();
    private final Set<Key> journalIds = new HashSet<>();
    private final List<Journal> journals = new ArrayList<>();

    /** What opening an internal account does to the books: a zero balance in its currency. */
    public void openOwned(PlatformId platform, UUID account, String currency) {
        if (accounts.putIfAbsent(new Key(platform, account), new Account(currency, false, 0)) != null) {
            throw new IllegalStateException("ledger account " + account + " exists");
        }
    }

    @Override
    public void post(PlatformId platform, Journal journal) {
        if (journalIds.contains(new Key(platform, journal.id()))) {
            throw new IllegalStateException("duplicate journal " + journal.id());
        }
        Map<Key, Account> next = new HashMap<>();
        List<Posting> ordered = journal.postings().stream()
                .sorted(Comparator.comparing((Posting p) -> p.account().id())).toList();
        for (Posting p : ordered) {
            Key key = new Key(platform, p.account().id());
            Account current = next.getOrDefault(key, accounts.get(key));
            if (p.account().system()) {
                long before = current == null ? 0 : current.balance();
                next.put(key, new Account(p.currency(), true, Math.addExact(before, p.amountMinor())));
                continue;
            }
            if (current == null || current.system() || !current.currency().equals(p.currency())) {
                throw new IllegalStateException("no ledger account " + p.account().id() + " in " + p.currency());
            }
            long after = Math.addExact(current.balance(), p.amountMinor());
            if (after < 0) {
                throw new InsufficientFunds("Account " + p.account().id() + " cannot cover " + -p.amountMinor());
            }
            next.put(key, new Account(current.currency(), false, after));
        }
        accounts.putAll(next);
        journalIds.add(new Key(platform, journal.id()));
        journals.add(journal);
    }

    @Override
    public void hold(PlatformId platform, Hold hold) {
        throw new UnsupportedOperationException("holds arrive with LedgerBook");
    }

    @Override
    public void postHold(PlatformId platform, UUID holdId, Journal journal) {
        throw new UnsupportedOperationException("holds arrive with LedgerBook");
    }

    @Override
    public void voidHold(PlatformId platform, UUID holdId) {
        throw new UnsupportedOperationException("holds arrive with LedgerBook");
    }

    /** The balance of an account; zero for one never opened or posted to. */
    public long balance(PlatformId platform, UUID account) {
        Account a = accounts.get(new Key(platform, account));
        return a == null ? 0 : a.balance();
    }

    public long balance(PlatformId platform, AccountRef account) {
        return balance(platform, account.id());
    }

    public boolean exists(PlatformId platform, UUID account) {
        return accounts.containsKey(new Key(platform, account));
    }

    public List<Journal> journals() {
        return List.copyOf(journals);
    }
}
