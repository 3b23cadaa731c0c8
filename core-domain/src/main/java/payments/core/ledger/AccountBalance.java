package payments.core.ledger;

/**
 * The balance rules of one ledger account, as pure functions: each returns the new balance or throws, and never
 * changes anything. {@link LedgerBook} is built on them and the SQL adapter mirrors them in its conditional
 * statements, so this is the one place that says what a posting or a hold may do.
 *
 * <p>{@code posted} is what the ledger owes the holder ({@code totalBalance}); {@code held} is the part of it
 * reserved by pending holds; {@link #available()} ({@code balance}) is the difference. An owned account always has
 * {@code posted - held >= 0}; a system account mirrors money outside the service, may go negative and takes no
 * holds.
 */
public record AccountBalance(long posted, long held, boolean system) {
    public AccountBalance {
        // Refuse states no rule can reach, so a balance read back from storage is checked as well.
        if (held < 0) {
            throw new IllegalArgumentException("held cannot be negative: " + held);
        }
        if (system && held != 0) {
            throw new IllegalArgumentException("a system account takes no holds");
        }
        if (!system && posted < held) {
            throw new IllegalArgumentException("an owned account cannot be overdrawn: posted " + posted + ", held " + held);
        }
    }

    /** A freshly opened account. */
    public static AccountBalance empty(boolean system) {
        return new AccountBalance(0, 0, system);
    }

    /** What the holder can spend or reserve now. Cannot overflow: for owned accounts 0 <= held <= posted. */
    public long available() {
        return posted - held;
    }

    /**
     * A posting of {@code amountMinor} (credit if positive, debit if negative). An owned account must still cover
     * its holds afterwards; a credit never fails that test. Overflow throws {@link ArithmeticException}.
     */
    public AccountBalance apply(long amountMinor) {
        if (amountMinor == 0) {
            throw new IllegalArgumentException("a posting moves a non-zero amount");
        }
        long after = Math.addExact(posted, amountMinor);
        if (!system && after < held) {
            throw new InsufficientFunds("available " + available() + " cannot cover " + -amountMinor);
        }
        return new AccountBalance(after, held, system);
    }

    /** Reserves {@code amountMinor} of the available balance of an owned account. */
    public AccountBalance hold(long amountMinor) {
        requireHoldable(amountMinor);
        if (available() < amountMinor) {
            throw new InsufficientFunds("available " + available() + " cannot cover a hold of " + amountMinor);
        }
        return new AccountBalance(posted, held + amountMinor, system);
    }

    /** Gives back a reservation (the hold was voided, or is being posted); it must have been taken. */
    public AccountBalance releaseHold(long amountMinor) {
        requireHoldable(amountMinor);
        if (amountMinor > held) {
            throw new IllegalArgumentException("cannot release " + amountMinor + " of " + held + " held");
        }
        return new AccountBalance(posted, held - amountMinor, system);
    }

    private void requireHoldable(long amountMinor) {
        if (system) {
            throw new IllegalArgumentException("holds are taken on owned accounts only");
        }
        if (amountMinor <= 0) {
            throw new IllegalArgumentException("a hold reserves a positive amount");
        }
    }
}
