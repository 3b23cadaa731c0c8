package payments.core.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class AccountBalanceTest {
    private static final AccountBalance OWNED = new AccountBalance(100, 30, false); // 70 available

    @Test
    void availableIsPostedLessHeld() {
        assertEquals(70, OWNED.available());
        assertEquals(-5, new AccountBalance(-5, 0, true).available());
    }

    @Test
    void creditAndDebitChangeOnlyPosted() {
        assertEquals(new AccountBalance(150, 30, false), OWNED.apply(50));
        assertEquals(new AccountBalance(30, 30, false), OWNED.apply(-70));
    }

    @Test
    void ownedAccountCannotBeOverdrawnNorDebitHeldMoney() {
        assertThrows(InsufficientFunds.class, () -> OWNED.apply(-71));
        assertThrows(InsufficientFunds.class, () -> AccountBalance.empty(false).apply(-1));
    }

    @Test
    void systemAccountMayGoNegative() {
        assertEquals(new AccountBalance(-1_000, 0, true), AccountBalance.empty(true).apply(-1_000));
    }

    @Test
    void zeroPostingIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> OWNED.apply(0));
    }

    @Test
    void overflowIsRefusedNotWrapped() {
        AccountBalance full = new AccountBalance(Long.MAX_VALUE, 0, false);
        assertThrows(ArithmeticException.class, () -> full.apply(1));
        AccountBalance deep = new AccountBalance(Long.MIN_VALUE, 0, true);
        assertThrows(ArithmeticException.class, () -> deep.apply(-1));
    }

    @Test
    void holdReservesAvailableFunds() {
        assertEquals(new AccountBalance(100, 100, false), OWNED.hold(70));
        assertThrows(InsufficientFunds.class, () -> OWNED.hold(71));
    }

    @Test
    void holdNeedsAPositiveAmountOnAnOwnedAccount() {
        assertThrows(IllegalArgumentException.class, () -> OWNED.hold(0));
        assertThrows(IllegalArgumentException.class, () -> OWNED.hold(-1));
        assertThrows(IllegalArgumentException.class, () -> new AccountBalance(100, 0, true).hold(1));
    }

    @Test
    void releaseGivesBackAtMostWhatIsHeld() {
        assertEquals(new AccountBalance(100, 0, false), OWNED.releaseHold(30));
        assertThrows(IllegalArgumentException.class, () -> OWNED.releaseHold(31));
        assertThrows(IllegalArgumentException.class, () -> OWNED.releaseHold(0));
        assertThrows(IllegalArgumentException.class, () -> AccountBalance.empty(true).releaseHold(1));
    }

    @Test
    void statesNoRuleCanReachAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new AccountBalance(10, 11, false));
        assertThrows(IllegalArgumentException.class, () -> new AccountBalance(10, -1, false));
        assertThrows(IllegalArgumentException.class, () -> new AccountBalance(10, 1, true));
    }
}
