package payments.core.money;

/** A currency as the API shows it: ISO 4217 code (or crypto ticker), display name, symbol, and minor-unit exponent. */
public record Currency(String code, String name, String symbol, int decimals) {
}
