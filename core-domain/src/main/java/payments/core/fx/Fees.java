package payments.core.fx;

/** A fee schedule in the sending currency: a fixed part plus basis points of the total sending amount. */
public record Fees(long fixedMinor, int variableBps) {
    public static final Fees NONE = new Fees(0, 0);

    public Fees {
        if (fixedMinor < 0 || variableBps < 0 || variableBps >= 10_000) {
            throw new IllegalArgumentException("fees are 0 or more, and below 100%");
        }
    }
}
