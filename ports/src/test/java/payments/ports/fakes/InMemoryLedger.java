package payments.ports.fakes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.id.PlatformId;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Hold;
import payments.core.ledger.Journal;
import payments.core.ledger.LedgerBook;
import payments.ports.driven.ledger.Ledger;

/** The books in memory: one core {@link LedgerBook} (the reference model of the ledger's rules) per platform. */
public final class InMemoryLedger implements Ledger {
    private final Map<PlatformId, LedgerBook> books = new HashMap<>();
    private final List<Journal> journals = new ArrayList<>();

    public synchronized LedgerBook book(PlatformId platform) {
        return books.computeIfAbsent(platform, p -> new LedgerBook());
    }

    /** What opening an internal account does to the books: a zero balance in its currency. */
    public void openOwned(PlatformId platform, UUID account, String currency) {
        book(platform).open(AccountRef.owned(account), currency);
    }

    @Override
    public void post(PlatformId platform, Journal journal) {
        book(platform).post(journal);
        record(journal);
    }

    @Override
    public void hold(PlatformId platform, Hold hold) {
        book(platform).hold(hold);
    }

    @Override
    public void postHold(PlatformId platform, UUID holdId, Journal journal) {
        book(platform).postHold(holdId, journal);
        record(journal);
    }

    private synchronized void record(Journal journal) {
        journals.add(journal);
    }

    /** Every journal applied, in order. */
    public synchronized List<Journal> journals() {
        return List.copyOf(journals);
    }

    @Override
    public void voidHold(PlatformId platform, UUID holdId) {
        book(platform).voidHold(holdId);
    }

    /** Nothing to do: the fake's callers run one at a time. */
    @Override
    public void lock(PlatformId platform, java.util.Collection<UUID> accounts) {
    }

    /** The posted balance of an account; zero for a system account never posted to. */
    public long balance(PlatformId platform, AccountRef account) {
        return book(platform).balance(account).posted();
    }

    public long balance(PlatformId platform, UUID ownedAccount) {
        return balance(platform, AccountRef.owned(ownedAccount));
    }

    public long held(PlatformId platform, UUID ownedAccount) {
        return book(platform).balance(AccountRef.owned(ownedAccount)).held();
    }

    public boolean exists(PlatformId platform, UUID account) {
        return book(platform).accounts().stream().anyMatch(a -> a.id().equals(account));
    }
}
