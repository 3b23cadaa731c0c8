package payments.core.fx;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import payments.core.error.InvalidInput;

/**
 * The one place amounts change currency, in exact integer arithmetic. Rounding always favours the books, never
 * the counterparty, by at most one minor unit:
 * <ul>
 *   <li>sending side locked: the fee is {@code fixed + ceil(total × bps / 10000)}; the rest converts and the
 *   receiving amount is rounded <b>down</b>;</li>
 *   <li>receiving side locked: the net sending amount is the receiving amount converted back, rounded <b>up</b>;
 *   the total is the smallest amount whose fee leaves that net, so total − fees ≥ net.</li>
 * </ul>
 * A conversion that would deliver nothing, or whose result does not fit a long, is refused with 400
 * {@code AMOUNT_OUT_OF_RANGE}.
 */
public final class Conversion {
    private static final BigInteger BPS = BigInteger.valueOf(10_000);

    private Conversion() {
    }

    /** Totals of a conversion, each in minor units: sending (fees included) and receiving. */
    public record Amounts(long totalSendingMinor, long feesMinor, long receivingMinor) {
    }

    public static Amounts lockSending(long totalSendingMinor, ExchangeRate rate, Fees fees) {
        Amounts preview = previewSending(totalSendingMinor, rate, fees);
        if (preview.receivingMinor() <= 0) {
            throw tooSmall();
        }
        return preview;
    }

    /**
     * {@link #lockSending} for a displayed rate: an amount too small to deliver anything (the fees take it all, or
     * what is left rounds down to 0) gives 0 received and the schedule's fee (which may then exceed the amount)
     * instead of a refusal. A result too large for a long is still refused.
     */
    public static Amounts previewSending(long totalSendingMinor, ExchangeRate rate, Fees fees) {
        long fee = feeOn(totalSendingMinor, fees);
        if (fee >= totalSendingMinor) {
            return new Amounts(totalSendingMinor, fee, 0);
        }
        return new Amounts(totalSendingMinor, fee, toReceiving(totalSendingMinor - fee, rate));
    }

    public static Amounts lockReceiving(long receivingMinor, ExchangeRate rate, Fees fees) {
        long net = toSending(receivingMinor, rate);
        // Smallest total with total - fixed - ceil(total * bps / 10000) >= net.
        BigInteger numerator = BigInteger.valueOf(net).add(BigInteger.valueOf(fees.fixedMinor())).multiply(BPS);
        BigInteger total = ceilDiv(numerator, BPS.subtract(BigInteger.valueOf(fees.variableBps())));
        while (total.signum() > 0 && fits(total.subtract(BigInteger.ONE), net, fees)) {
            total = total.subtract(BigInteger.ONE);
        }
        long totalMinor = toLong(total);
        return new Amounts(totalMinor, totalMinor - net, receivingMinor);
    }

    /**
     * The fee {@code fees} charge on a total of {@code totalSendingMinor}: the fixed part plus the basis points of the
     * total, rounded up (what a quote with the sending side locked charges).
     */
    public static long feeOn(long totalSendingMinor, Fees fees) {
        return toLong(charge(BigInteger.valueOf(totalSendingMinor), fees));
    }

    private static boolean fits(BigInteger total, long net, Fees fees) {
        return total.subtract(charge(total, fees)).compareTo(BigInteger.valueOf(net)) >= 0;
    }

    private static BigInteger charge(BigInteger total, Fees fees) {
        return BigInteger.valueOf(fees.fixedMinor())
                .add(ceilDiv(total.multiply(BigInteger.valueOf(fees.variableBps())), BPS));
    }

    /** Sending minor units → receiving minor units, rounded down. */
    static long toReceiving(long sendingMinor, ExchangeRate rate) {
        BigDecimal major = BigDecimal.valueOf(sendingMinor).movePointLeft(rate.sending().decimals());
        BigDecimal receivingMajor = major.divide(rate.rate(), 40, RoundingMode.DOWN);
        return toLong(receivingMajor.movePointRight(rate.receiving().decimals()).setScale(0, RoundingMode.DOWN)
                .toBigInteger());
    }

    /** Receiving minor units → sending minor units, rounded up. */
    static long toSending(long receivingMinor, ExchangeRate rate) {
        BigDecimal major = BigDecimal.valueOf(receivingMinor).movePointLeft(rate.receiving().decimals());
        return toLong(major.multiply(rate.rate()).movePointRight(rate.sending().decimals())
                .setScale(0, RoundingMode.UP).toBigInteger());
    }

    private static BigInteger ceilDiv(BigInteger a, BigInteger b) {
        BigInteger[] qr = a.divideAndRemainder(b);
        return qr[1].signum() > 0 ? qr[0].add(BigInteger.ONE) : qr[0];
    }

    /** A result beyond a long is an amount no account can hold: refused like any out-of-range amount. */
    private static long toLong(BigInteger minor) {
        if (minor.bitLength() > 63) {
            throw new InvalidInput("AMOUNT_OUT_OF_RANGE", "The amount is too large to convert");
        }
        return minor.longValue();
    }

    private static InvalidInput tooSmall() {
        return new InvalidInput("AMOUNT_OUT_OF_RANGE", "The amount is too small to cover fees and convert");
    }
}
