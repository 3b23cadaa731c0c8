package payments.core.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import net.jqwik.api.statistics.Statistics;
import payments.core.id.PlatformId;

/**
 * The state of one action chain: a {@link LedgerBook} under test next to the test's own, deliberately simple idea
 * of what it should hold (expected posted and held per account, expected status per hold), kept with plain
 * arithmetic rather than with {@link AccountBalance}. Every operation first works out whether it must succeed; if
 * it must fail, it must fail with one of the expected exceptions and leave the book exactly as it was.
 */
final class LedgerBookModel {
    static final String USD = "USD";
    static final String EUR = "EUR";
    static final Instant AT = Instant.parse("2025-01-01T00:00:00Z");
    private static final PlatformId PLATFORM = new PlatformId(new UUID(0, 1));

    /** Every account the chains touch, with its currency and a short name for readable step descriptions. */
    static final Map<AccountRef, String> CURRENCY = new LinkedHashMap<>();
    static final Map<AccountRef, String> NAME = new HashMap<>();
    static final List<AccountRef> OWNED = new ArrayList<>();
    static final Map<String, AccountRef> FUNDING = new HashMap<>();
    static final Map<String, AccountRef> SETTLEMENT = new HashMap<>();
    /** An owned account nobody opens: postings to it are refused. */
    static final AccountRef UNOPENED = AccountRef.owned(new UUID(1, 99));

    static {
        owned("U1", USD);
        owned("U2", USD);
        owned("U3", USD);
        owned("E1", EUR);
        owned("E2", EUR);
        for (String currency : List.of(USD, EUR)) {
            FUNDING.put(currency, system("FUND-" + currency, AccountRef.SANDBOX_FUNDING, currency));
            SETTLEMENT.put(currency, system("SETTLE-" + currency, "RAIL_SETTLEMENT", currency));
        }
        NAME.put(UNOPENED, "UNOPENED");
    }

    private static void owned(String name, String currency) {
        AccountRef ref = AccountRef.owned(new UUID(1, OWNED.size() + 1));
        OWNED.add(ref);
        CURRENCY.put(ref, currency);
        NAME.put(ref, name);
    }

    private static AccountRef system(String name, String purpose, String currency) {
        AccountRef ref = AccountRef.system(PLATFORM, purpose, currency);
        CURRENCY.put(ref, currency);
        NAME.put(ref, name);
        return ref;
    }

    static List<AccountRef> owned(String currency) {
        return OWNED.stream().filter(a -> CURRENCY.get(a).equals(currency)).toList();
    }

    /** A hold as the test expects it to be, and the journal that posted it (if it was). */
    record ExpectedHold(Hold hold, HoldStatus status, Journal postedWith) {
    }

    /** Everything a caller can read from the book; a refused operation must leave it equal. */
    record Snapshot(Set<AccountRef> accounts, Map<AccountRef, AccountBalance> balances,
                    Map<AccountRef, List<LedgerBook.Entry>> entries, Map<UUID, Hold> holds) {
    }

    final LedgerBook book = new LedgerBook();
    private final Map<AccountRef, Long> posted = new HashMap<>();
    private final Map<AccountRef, Long> held = new HashMap<>();
    final Map<UUID, ExpectedHold> holds = new LinkedHashMap<>();
    final List<Journal> journals = new ArrayList<>();
    private long lastId;

    LedgerBookModel() {
        OWNED.forEach(a -> book.open(a, CURRENCY.get(a)));
    }

    /** Ids from a counter, so a failing chain replays identically from its seed. */
    UUID newId() {
        return new UUID(2, ++lastId);
    }

    long available(AccountRef account) {
        return posted(account) - held(account);
    }

    private long posted(AccountRef account) {
        return posted.getOrDefault(account, 0L);
    }

    private long held(AccountRef account) {
        return held.getOrDefault(account, 0L);
    }

    // ---- Operations: expectation first, then the book ----

    void post(Journal journal) {
        Set<Class<? extends RuntimeException>> refusals = new LinkedHashSet<>();
        if (journals.stream().anyMatch(j -> j.id().equals(journal.id()))) {
            refusals.add(IllegalStateException.class);
        }
        Expected expected = simulate(null, journal.postings(), refusals);
        attempt("post", refusals, () -> book.post(journal), () -> {
            expected.apply();
            journals.add(journal);
        });
    }

    void takeHold(Hold hold) {
        Set<Class<? extends RuntimeException>> refusals = new LinkedHashSet<>();
        AccountRef account = hold.account();
        if (holds.containsKey(hold.id())) {
            refusals.add(IllegalStateException.class);
        }
        if (!OWNED.contains(account) || !CURRENCY.get(account).equals(hold.currency())) {
            refusals.add(IllegalStateException.class);
        } else if (available(account) < hold.amountMinor()) {
            refusals.add(InsufficientFunds.class);
        }
        attempt("hold", refusals, () -> book.hold(hold), () -> {
            held.put(account, held(account) + hold.amountMinor());
            holds.put(hold.id(), new ExpectedHold(hold, HoldStatus.PENDING, null));
        });
    }

    void postHold(UUID holdId, Journal journal) {
        Set<Class<? extends RuntimeException>> refusals = new LinkedHashSet<>();
        ExpectedHold h = holds.get(holdId);
        if (h.status() != HoldStatus.PENDING) {
            refusals.add(IllegalStateException.class);
        }
        if (journals.stream().anyMatch(j -> j.id().equals(journal.id()))) {
            refusals.add(IllegalStateException.class);
        }
        boolean debitsHold = journal.postings().stream().anyMatch(p -> p.account().equals(h.hold().account())
                && p.currency().equals(h.hold().currency()) && p.amountMinor() == -h.hold().amountMinor());
        if (!debitsHold) {
            refusals.add(IllegalArgumentException.class);
        }
        Expected expected = simulate(h.hold(), journal.postings(), refusals);
        attempt("postHold", refusals, () -> book.postHold(holdId, journal), () -> {
            expected.apply();
            journals.add(journal);
            holds.put(holdId, new ExpectedHold(h.hold(), HoldStatus.POSTED, journal));
        });
    }

    void voidHold(UUID holdId) {
        ExpectedHold h = holds.get(holdId);
        Set<Class<? extends RuntimeException>> refusals = h.status() == HoldStatus.PENDING
                ? Set.of() : Set.of(IllegalStateException.class);
        attempt("voidHold", refusals, () -> book.voidHold(holdId), () -> {
            AccountRef account = h.hold().account();
            held.put(account, held(account) - h.hold().amountMinor());
            holds.put(holdId, new ExpectedHold(h.hold(), HoldStatus.VOIDED, null));
        });
    }

    /** The balances the postings should lead to (after releasing {@code release}), or why they must be refused. */
    private Expected simulate(Hold release, List<Posting> postings, Set<Class<? extends RuntimeException>> refusals) {
        Map<AccountRef, BigInteger> p = new HashMap<>();
        Map<AccountRef, Long> h = new HashMap<>();
        if (release != null) {
            h.put(release.account(), held(release.account()) - release.amountMinor());
        }
        for (Posting posting : postings) {
            AccountRef a = posting.account();
            boolean open = a.system() || OWNED.contains(a);
            if (!open || !CURRENCY.get(a).equals(posting.currency())) {
                refusals.add(IllegalStateException.class);
                break;
            }
            BigInteger after = p.getOrDefault(a, BigInteger.valueOf(posted(a))).add(BigInteger.valueOf(posting.amountMinor()));
            if (after.bitLength() > 63) {
                refusals.add(ArithmeticException.class);
                break;
            }
            if (!a.system() && after.longValueExact() < h.getOrDefault(a, held(a))) {
                refusals.add(InsufficientFunds.class);
                break;
            }
            p.put(a, after);
        }
        return new Expected(p, h);
    }

    private final class Expected {
        private final Map<AccountRef, BigInteger> posted;
        private final Map<AccountRef, Long> held;

        Expected(Map<AccountRef, BigInteger> posted, Map<AccountRef, Long> held) {
            this.posted = posted;
            this.held = held;
        }

        void apply() {
            posted.forEach((a, v) -> LedgerBookModel.this.posted.put(a, v.longValueExact()));
            LedgerBookModel.this.held.putAll(held);
        }
    }

    private void attempt(String what, Set<Class<? extends RuntimeException>> refusals, Runnable op, Runnable onSuccess) {
        Snapshot before = snapshot();
        try {
            op.run();
        } catch (RuntimeException e) {
            if (refusals.isEmpty()) {
                throw new AssertionError(what + " was refused but should have succeeded", e);
            }
            if (refusals.stream().noneMatch(c -> c.isInstance(e))) {
                throw new AssertionError(what + " was refused with " + e + ", expected one of " + refusals, e);
            }
            assertEquals(before, snapshot(), "a refused " + what + " changed the book");
            Statistics.label("outcome").collect(what, e.getClass().getSimpleName());
            return;
        }
        if (!refusals.isEmpty()) {
            throw new AssertionError(what + " succeeded but should have been refused with one of " + refusals);
        }
        onSuccess.run();
        Statistics.label("outcome").collect(what, "ok");
    }

    Snapshot snapshot() {
        Set<AccountRef> accounts = book.accounts();
        Map<AccountRef, AccountBalance> balances = new HashMap<>();
        Map<AccountRef, List<LedgerBook.Entry>> entries = new HashMap<>();
        for (AccountRef a : accounts) {
            balances.put(a, book.balance(a));
            entries.put(a, book.entries(a));
        }
        Map<UUID, Hold> bookHolds = new HashMap<>();
        holds.keySet().forEach(id -> bookHolds.put(id, book.hold(id)));
        return new Snapshot(accounts, balances, entries, bookHolds);
    }

    // ---- After every step ----

    /** The book is consistent, and agrees with the expectation on every balance and hold. */
    void checkAgreement() {
        assertEquals(List.of(), book.checkInvariants());
        assertTrue(CURRENCY.keySet().containsAll(book.accounts()), "the book has accounts nobody opened");
        for (AccountRef a : CURRENCY.keySet()) {
            AccountBalance b = book.balance(a);
            assertEquals(posted(a), b.posted(), () -> "posted of " + NAME.get(a));
            assertEquals(held(a), b.held(), () -> "held of " + NAME.get(a));
        }
        holds.forEach((id, h) -> assertEquals(new Hold(id, h.hold().account(), h.hold().currency(),
                h.hold().amountMinor(), h.status()), book.hold(id)));
    }

    /** Shown by jqwik as the final state of a failing chain. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("expected:");
        CURRENCY.keySet().forEach(a -> s.append(' ').append(name(a)).append('=').append(posted(a))
                .append(held(a) == 0 ? "" : "/held " + held(a)));
        holds.forEach((id, h) -> s.append(", hold ").append(id.getLeastSignificantBits()).append(' ').append(h.status()));
        return s.toString();
    }

    Journal transfer(AccountRef from, AccountRef to, String currency, long amount) {
        return Journal.transfer(newId(), "transfer", "test", from, to, currency, amount, AT);
    }

    static String name(AccountRef account) {
        return NAME.get(account);
    }
}
