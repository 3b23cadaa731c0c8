package payments.core.fx;

/** A fee schedule in the sending currency: a fixed part plus basis points of the total sending amount. */
public record Fees(long fixedMinor, int variableBps) {
    public static final Fees NONE = new Fees(0, 0);

    public Fees {
        if (fixedMinor < 0 || variableBps < 0 || variableBps >= 10_000) {
            throw new IllegalArgumentException("fees are 0 or more, and below 100%");
        }
    }

    /**
     * The part of a fee charged under these fees that {@code part} (a share of them: its fixed fee and basis points
     * at most these) accounts for: its fixed fee plus its share of the variable fee, rounded down.
     */
    public long partOf(long feeMinor, Fees part) {
        if (variableBps == 0) {
            return part.fixedMinor;
        }
        long variable = feeMinor - fixedMinor;
        // variable × part's bps ÷ these bps, split so that no product passes a long's range on a large fee
        long whole = variable / variableBps;
        long rest = variable % variableBps;
        return part.fixedMinor + whole * part.variableBps + rest * part.variableBps / variableBps;
    }
}
