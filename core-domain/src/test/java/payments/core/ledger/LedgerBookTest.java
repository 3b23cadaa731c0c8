package payments.core.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import payments.core.id.PlatformId;

/** The book's rules one example at a time; the properties cover them in random combinations. */
class LedgerBookTest {
    private static final Instant AT = Instant.parse("2025-01-01T00:00:00Z");
    private static final PlatformId PLATFORM = new PlatformId(UUID.randomUUID());
    private static final AccountRef FUNDING = AccountRef.system(PLATFORM, AccountRef.SANDBOX_FUNDING, "USD");
    private static final AccountRef RAIL = AccountRef.system(PLATFORM, "RAIL_SETTLEMENT", "USD");

    private final LedgerBook book = new LedgerBook();
    private final AccountRef alice = AccountRef.owned(UUID.randomUUID());
    private final AccountRef bob = AccountRef.owned(UUID.randomUUID());

    @BeforeEach
    void openAndFund() {
        book.open(alice, "USD");
        book.open(bob, "USD");
        book.post(transfer(FUNDING, alice, 1_000));
    }

    @AfterEach
    void bookStaysConsistent() {
        assertEquals(List.of(), book.checkInvariants());
    }

    @Test
    void systemAccountOpensOnFirstPostingAndMayGoNegative() {
        assertEquals(new AccountBalance(-1_000, 0, true), book.balance(FUNDING));
        assertEquals(new AccountBalance(0, 0, true), book.balance(RAIL)); // not posted to yet
    }

    @Test
    void ownedAccountsMustBeOpenedOnceAndPostedInTheirCurrency() {
        AccountRef stranger = AccountRef.owned(UUID.randomUUID());
        assertThrows(IllegalStateException.class, () -> book.post(transfer(FUNDING, stranger, 1)));
        assertThrows(IllegalStateException.class, () -> book.balance(stranger));
        assertThrows(IllegalStateException.class, () -> book.open(alice, "USD"));
        assertThrows(IllegalArgumentException.class, () -> book.open(FUNDING, "USD"));
        AccountRef eurFunding = AccountRef.system(PLATFORM, AccountRef.SANDBOX_FUNDING, "EUR");
        assertThrows(IllegalStateException.class, () -> book.post(
                Journal.transfer(UUID.randomUUID(), "fund", "r", eurFunding, alice, "EUR", 1, AT)));
    }

    @Test
    void entriesKeepARunningBalance() {
        Journal out = transfer(alice, bob, 300);
        book.post(out);
        List<LedgerBook.Entry> entries = book.entries(alice);
        assertEquals(2, entries.size());
        assertEquals(new LedgerBook.Entry(out.id(), -300, 700), entries.get(1));
        assertEquals(List.of(new LedgerBook.Entry(out.id(), 300, 300)), book.entries(bob));
    }

    @Test
    void aJournalThatWouldOverdrawChangesNothing() {
        // Bob is credited before alice's debit fails: the credit must not stay.
        Journal j = new Journal(UUID.randomUUID(), "t", "r",
                List.of(new Posting(bob, "USD", 1_001), new Posting(alice, "USD", -1_001)), AT);
        assertThrows(InsufficientFunds.class, () -> book.post(j));
        assertEquals(new AccountBalance(0, 0, false), book.balance(bob));
        assertEquals(List.of(), book.entries(bob));
        book.post(transfer(alice, bob, 1_000)); // the id was not used up either
    }

    @Test
    void aJournalIsPostedOnce() {
        Journal j = transfer(alice, bob, 1);
        book.post(j);
        assertThrows(IllegalStateException.class, () -> book.post(j));
        assertEquals(1, book.balance(bob).posted());
    }

    @Test
    void holdReservesAvailableFundsOnly() {
        book.hold(Hold.pending(UUID.randomUUID(), alice, "USD", 600));
        assertEquals(new AccountBalance(1_000, 600, false), book.balance(alice));
        assertThrows(InsufficientFunds.class, () -> book.hold(Hold.pending(UUID.randomUUID(), alice, "USD", 401)));
        assertThrows(InsufficientFunds.class, () -> book.post(transfer(alice, bob, 401)));
        book.post(transfer(alice, bob, 400));
        assertEquals(0, book.balance(alice).available());
    }

    @Test
    void postingAHoldMovesExactlyTheHeldAmountOnce() {
        Hold hold = Hold.pending(UUID.randomUUID(), alice, "USD", 600);
        book.hold(hold);
        Journal payout = transfer(alice, RAIL, 600);
        book.postHold(hold.id(), payout);
        assertEquals(new AccountBalance(400, 0, false), book.balance(alice));
        assertEquals(600, book.balance(RAIL).posted());
        assertEquals(HoldStatus.POSTED, book.hold(hold.id()).status());
        assertThrows(IllegalStateException.class, () -> book.postHold(hold.id(), transfer(alice, RAIL, 600)));
        assertThrows(IllegalStateException.class, () -> book.voidHold(hold.id()));
        assertEquals(new AccountBalance(400, 0, false), book.balance(alice));
    }

    @Test
    void postingAHoldNeedsAJournalDebitingItsAmount() {
        Hold hold = Hold.pending(UUID.randomUUID(), alice, "USD", 600);
        book.hold(hold);
        assertThrows(IllegalArgumentException.class, () -> book.postHold(hold.id(), transfer(alice, RAIL, 599)));
        assertThrows(IllegalArgumentException.class, () -> book.postHold(hold.id(), transfer(bob, RAIL, 600)));
        assertEquals(HoldStatus.PENDING, book.hold(hold.id()).status());
        assertEquals(new AccountBalance(1_000, 600, false), book.balance(alice));
    }

    @Test
    void aFeeBeyondTheAvailableBalanceLeavesTheHoldPending() {
        Hold hold = Hold.pending(UUID.randomUUID(), alice, "USD", 600);
        book.hold(hold);
        Journal withFee = new Journal(UUID.randomUUID(), "payout", "r", List.of(new Posting(alice, "USD", -600),
                new Posting(alice, "USD", -401), new Posting(RAIL, "USD", 1_001)), AT);
        assertThrows(InsufficientFunds.class, () -> book.postHold(hold.id(), withFee));
        assertEquals(HoldStatus.PENDING, book.hold(hold.id()).status());
        assertEquals(new AccountBalance(1_000, 600, false), book.balance(alice));
        assertEquals(List.of(), book.entries(RAIL));
    }

    @Test
    void voidingAHoldReleasesItWithoutMovingMoney() {
        Hold hold = Hold.pending(UUID.randomUUID(), alice, "USD", 600);
        book.hold(hold);
        book.voidHold(hold.id());
        assertEquals(new AccountBalance(1_000, 0, false), book.balance(alice));
        assertEquals(1, book.entries(alice).size());
        assertThrows(IllegalStateException.class, () -> book.voidHold(hold.id()));
        assertThrows(IllegalStateException.class, () -> book.postHold(hold.id(), transfer(alice, RAIL, 600)));
    }

    @Test
    void holdsArePendingUniqueAndOnOpenAccounts() {
        Hold hold = Hold.pending(UUID.randomUUID(), alice, "USD", 1);
        book.hold(hold);
        assertThrows(IllegalStateException.class, () -> book.hold(hold));
        assertThrows(IllegalArgumentException.class, () -> book.hold(Hold.pending(UUID.randomUUID(), alice, "USD", 1).voided()));
        AccountRef stranger = AccountRef.owned(UUID.randomUUID());
        assertThrows(IllegalStateException.class, () -> book.hold(Hold.pending(UUID.randomUUID(), stranger, "USD", 1)));
        assertThrows(IllegalStateException.class, () -> book.hold(Hold.pending(UUID.randomUUID(), alice, "EUR", 1)));
        assertThrows(IllegalArgumentException.class, () -> book.hold(UUID.randomUUID()));
        assertEquals(1, book.balance(alice).held());
    }

    private static Journal transfer(AccountRef from, AccountRef to, long amount) {
        return Journal.transfer(UUID.randomUUID(), "transfer", "r", from, to, "USD", amount, AT);
    }
}
