package payments.core.money;

/** An amount in integer minor units of one currency. Arithmetic that overflows throws instead of wrapping. */
public record Money(long amountMinor, Currency currency) {
    /**
     * The largest amount the service moves or holds in one payment, in minor units (the spec's maximum for amounts):
     * far enough below int64 that sums of such amounts stay exact.
     */
    public static final long MAX_MINOR = 9_000_000_000_000_000L;

    public Money {
        if (currency == null) {
            throw new IllegalArgumentException("currency is required");
        }
    }

    public Money plus(Money other) {
        requireSameCurrency(other);
        return new Money(Math.addExact(amountMinor, other.amountMinor), currency);
    }

    public Money minus(Money other) {
        requireSameCurrency(other);
        return new Money(Math.subtractExact(amountMinor, other.amountMinor), currency);
    }

    private void requireSameCurrency(Money other) {
        if (!currency.code().equals(other.currency.code())) {
            throw new IllegalArgumentException("currency mismatch: " + currency.code() + " vs " + other.currency.code());
        }
    }
}
