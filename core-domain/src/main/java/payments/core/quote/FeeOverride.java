package payments.core.quote;

/** A quote's own platform fee, in place of the configured ones: a fixed fee in {@code currency} and basis points. */
public record FeeOverride(long fixedMinor, String currency, int variableBps) {
}
