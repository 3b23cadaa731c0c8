package payments.core.money;

/** An amount in integer minor units of one currency. Arithmetic that overflows throws instead of wrapping. */
public record Money(long amountMinor, Currency currency) {
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
