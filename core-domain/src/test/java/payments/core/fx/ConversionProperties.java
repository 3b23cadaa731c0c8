package payments.core.fx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;
import payments.core.error.InvalidInput;
import payments.core.money.Currencies;
import payments.core.money.Currency;

/**
 * {@link Conversion} against an exact oracle: whatever the rate, decimals, amount and fee schedule, the locked side
 * stays exact, fees are never negative and rounding never costs the books (at most one minor unit to the
 * counterparty's disadvantage, never to ours).
 */
class ConversionProperties {
    private static final Instant AT = Instant.parse("2025-01-01T00:00:00Z");
    private static final BigInteger BPS = BigInteger.valueOf(10_000);

    @Property(tries = 2000)
    void locking_the_sending_side_keeps_it_exact_and_never_pays_out_more_than_was_sent(
            @ForAll("rates") ExchangeRate rate, @ForAll("amounts") long total, @ForAll("fees") Fees fees) {
        BigInteger fee = scheduleFee(total, fees);
        BigInteger net = BigInteger.valueOf(total).subtract(fee);
        Conversion.Amounts a;
        try {
            a = Conversion.lockSending(total, rate, fees);
        } catch (InvalidInput refused) {
            // Refused only when nothing would arrive, or when the result does not fit a long.
            assertEquals("AMOUNT_OUT_OF_RANGE", refused.code());
            BigInteger exact = net.signum() <= 0 ? BigInteger.ZERO : exactReceivingFloor(net, rate);
            assertTrue(exact.signum() == 0 || exact.bitLength() > 63, "refused but " + exact + " would arrive");
            Statistics.label("outcome").collect("refused");
            return;
        }
        Statistics.label("outcome").collect("converted");
        assertEquals(total, a.totalSendingMinor());
        assertEquals(fee.longValueExact(), a.feesMinor());
        assertTrue(a.feesMinor() >= 0);
        assertTrue(a.receivingMinor() > 0);
        // Books never lose: what arrives, priced back at the same rate, costs no more than the net sent ...
        assertTrue(exactSendingCost(a.receivingMinor(), rate).compareTo(new BigDecimal(net)) <= 0);
        // ... and the counterparty loses at most one minor unit to rounding.
        assertTrue(exactSendingCost(a.receivingMinor() + 1, rate).compareTo(new BigDecimal(net)) > 0);
    }

    @Property(tries = 2000)
    void locking_the_receiving_side_keeps_it_exact_and_charges_the_smallest_sufficient_total(
            @ForAll("rates") ExchangeRate rate, @ForAll("amounts") long receiving, @ForAll("fees") Fees fees) {
        Conversion.Amounts a;
        try {
            a = Conversion.lockReceiving(receiving, rate, fees);
        } catch (InvalidInput refused) {
            // Refused only when the total would not fit a long: ceil((ceil(cost) + fixed) / (1 − bps/10000)).
            assertEquals("AMOUNT_OUT_OF_RANGE", refused.code());
            BigDecimal net = exactSendingCost(receiving, rate).setScale(0, RoundingMode.UP);
            BigDecimal smallestTotal = net.add(BigDecimal.valueOf(fees.fixedMinor())).multiply(new BigDecimal(BPS))
                    .divide(new BigDecimal(BPS.subtract(BigInteger.valueOf(fees.variableBps()))), 0,
                            RoundingMode.UP);
            assertTrue(smallestTotal.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0, "refused " + smallestTotal);
            Statistics.label("outcome").collect("refused");
            return;
        }
        Statistics.label("outcome").collect("converted");
        assertEquals(receiving, a.receivingMinor());
        assertTrue(a.feesMinor() >= 0);
        BigDecimal cost = exactSendingCost(receiving, rate);
        long net = a.totalSendingMinor() - a.feesMinor();
        assertTrue(new BigDecimal(net).compareTo(cost) >= 0, "net " + net + " below the exact cost " + cost);
        assertEquals(scheduleFee(a.totalSendingMinor(), fees).longValueExact(), a.feesMinor());
        long less = a.totalSendingMinor() - 1;
        if (less >= 0) {
            BigInteger leftAfterFees = BigInteger.valueOf(less).subtract(scheduleFee(less, fees));
            assertTrue(new BigDecimal(leftAfterFees).compareTo(cost) < 0, "total - 1 would have sufficed");
        }
    }

    @Test
    void usd_to_eur_locking_the_sending_side() {
        var a = Conversion.lockSending(10_000, rate("USD", "EUR", "1.08"), new Fees(0, 25));
        // fee ceil(10000 × 0.0025) = 25; 9975 cents / 1.08 = 9236.11 → 9236 EUR cents.
        assertEquals(new Conversion.Amounts(10_000, 25, 9_236), a);
    }

    @Test
    void usd_to_eur_locking_the_receiving_side() {
        var a = Conversion.lockReceiving(9_236, rate("USD", "EUR", "1.08"), new Fees(0, 25));
        // 92.36 EUR × 1.08 = 99.7488 USD → 9975 cents net; 10000 − ceil(25.00) = 9975, while 9999 leaves 9974.
        assertEquals(new Conversion.Amounts(10_000, 25, 9_236), a);
    }

    @Test
    void usd_to_btc_with_a_fixed_fee_rounds_the_satoshis_down() {
        var a = Conversion.lockSending(10_000, rate("USD", "BTC", "65325"), new Fees(50, 10));
        // fee 50 + ceil(10) = 60; 99.40 USD / 65325 = 0.00152162265... BTC → 152162 sats.
        assertEquals(new Conversion.Amounts(10_000, 60, 152_162), a);
    }

    @Test
    void btc_to_usd_locking_the_receiving_side_rounds_the_cost_up() {
        var a = Conversion.lockReceiving(100, rate("BTC", "USD", "0.0000153"), Fees.NONE);
        // 1.00 USD × 0.0000153 BTC = 1530 sats exactly; no fee.
        assertEquals(new Conversion.Amounts(1_530, 0, 100), a);
        var b = Conversion.lockReceiving(101, rate("BTC", "USD", "0.0000153"), new Fees(0, 100));
        // 1.01 × 0.0000153 = 0.000015453 BTC → 1545.3 → 1546 sats net; 1% on top → 1562 total (1562 − 16 = 1546).
        assertEquals(new Conversion.Amounts(1_562, 16, 101), b);
    }

    @Test
    void usd_to_vnd_handles_a_zero_decimal_currency() {
        var a = Conversion.lockSending(10_000, rate("USD", "VND", "0.0000402"), Fees.NONE);
        // 100 USD / 0.0000402 = 2487562.18... → 2487562 VND.
        assertEquals(2_487_562, a.receivingMinor());
    }

    @Test
    void an_amount_the_fees_eat_is_refused() {
        var refused = assertThrows(InvalidInput.class,
                () -> Conversion.lockSending(100, rate("USD", "EUR", "1.08"), new Fees(100, 0)));
        assertEquals("AMOUNT_OUT_OF_RANGE", refused.code());
        // 1 sat buys 0.00065 USD: less than a cent arrives.
        assertThrows(InvalidInput.class, () -> Conversion.lockSending(1, rate("BTC", "USD", "0.0000153"), Fees.NONE));
    }

    @Test
    void a_result_beyond_a_long_is_refused_not_overflowed() {
        var refused = assertThrows(InvalidInput.class, () -> Conversion.lockSending(Long.MAX_VALUE,
                rate("BTC", "VND", "0.00000000001"), Fees.NONE));
        assertEquals("AMOUNT_OUT_OF_RANGE", refused.code());
        assertThrows(InvalidInput.class, () -> Conversion.lockReceiving(Long.MAX_VALUE,
                rate("VND", "BTC", "1625000000"), Fees.NONE));
    }

    @Test
    void a_preview_of_an_amount_too_small_shows_nothing_arriving_and_the_scheduled_fee() {
        var usdEur = rate("USD", "EUR", "1.08");
        assertEquals(new Conversion.Amounts(1, 51, 0), Conversion.previewSending(1, usdEur, new Fees(50, 25)));
        assertEquals(new Conversion.Amounts(0, 0, 0), Conversion.previewSending(0, usdEur, new Fees(0, 9_999)));
        assertEquals(new Conversion.Amounts(1, 0, 0), Conversion.previewSending(1, rate("BTC", "USD", "0.0000153"),
                Fees.NONE));
    }

    @Property(tries = 500)
    void a_preview_is_the_locked_conversion_or_nothing_arriving(
            @ForAll("rates") ExchangeRate rate, @ForAll("amounts") long total, @ForAll("fees") Fees fees) {
        Conversion.Amounts preview;
        try {
            preview = Conversion.previewSending(total, rate, fees);
        } catch (InvalidInput tooLarge) {
            assertThrows(InvalidInput.class, () -> Conversion.lockSending(total, rate, fees));
            return;
        }
        assertEquals(scheduleFee(total, fees).longValueExact(), preview.feesMinor());
        if (preview.receivingMinor() == 0) {
            assertThrows(InvalidInput.class, () -> Conversion.lockSending(total, rate, fees));
        } else {
            assertEquals(preview, Conversion.lockSending(total, rate, fees));
        }
    }

    // ---- the oracle ----

    /** fixed + ceil(total × bps / 10000), exactly. */
    private static BigInteger scheduleFee(long total, Fees fees) {
        BigInteger[] qr = BigInteger.valueOf(total).multiply(BigInteger.valueOf(fees.variableBps()))
                .divideAndRemainder(BPS);
        BigInteger variable = qr[1].signum() > 0 ? qr[0].add(BigInteger.ONE) : qr[0];
        return variable.add(BigInteger.valueOf(fees.fixedMinor()));
    }

    /** Receiving minor units × rate, in sending minor units, unrounded. */
    private static BigDecimal exactSendingCost(long receivingMinor, ExchangeRate rate) {
        return BigDecimal.valueOf(receivingMinor).movePointLeft(rate.receiving().decimals()).multiply(rate.rate())
                .movePointRight(rate.sending().decimals());
    }

    /** floor(net sending minor / rate) in receiving minor units, exactly. */
    private static BigInteger exactReceivingFloor(BigInteger netSendingMinor, ExchangeRate rate) {
        BigDecimal numerator = new BigDecimal(netSendingMinor).movePointLeft(rate.sending().decimals())
                .movePointRight(rate.receiving().decimals());
        // a / r floored: compare integer candidates exactly instead of trusting a finite division.
        BigInteger guess = numerator.divide(rate.rate(), 0, RoundingMode.DOWN).toBigInteger();
        while (new BigDecimal(guess.add(BigInteger.ONE)).multiply(rate.rate()).compareTo(numerator) <= 0) {
            guess = guess.add(BigInteger.ONE);
        }
        while (guess.signum() > 0 && new BigDecimal(guess).multiply(rate.rate()).compareTo(numerator) > 0) {
            guess = guess.subtract(BigInteger.ONE);
        }
        return guess;
    }

    private static ExchangeRate rate(String sending, String receiving, String rate) {
        return new ExchangeRate(Currencies.of(sending), Currencies.of(receiving), new BigDecimal(rate), AT);
    }

    // ---- generators ----

    /** A currency of each exponent the table has: 0 (VND), 2 (USD), 6 (USDC), 8 (BTC). */
    @Provide
    Arbitrary<Currency> currencies() {
        return Arbitraries.of("VND", "USD", "USDC", "BTC").map(Currencies::of);
    }

    /** Positive rates from 10^-12 to about 10^12 with up to 12 significant digits. */
    @Provide
    Arbitrary<ExchangeRate> rates() {
        Arbitrary<BigDecimal> value = Combinators.combine(
                Arbitraries.longs().between(1, 999_999_999_999L),
                Arbitraries.integers().between(-12, 12))
                .as((unscaled, exponent) -> new BigDecimal(BigInteger.valueOf(unscaled))
                        .round(new java.math.MathContext(12)).scaleByPowerOfTen(exponent - 6));
        return Combinators.combine(currencies(), currencies(), value)
                .as((s, r, v) -> new ExchangeRate(s, r, v, AT));
    }

    @Provide
    Arbitrary<Long> amounts() {
        return Arbitraries.oneOf(Arbitraries.longs().between(1, 1_000),
                Arbitraries.longs().between(1, 1_000_000_000_000_000L));
    }

    @Provide
    Arbitrary<Fees> fees() {
        Arbitrary<Long> fixed = Arbitraries.oneOf(Arbitraries.just(0L), Arbitraries.longs().between(0, 1_000),
                Arbitraries.longs().between(0, 1_000_000_000_000L));
        Arbitrary<Integer> bps = Arbitraries.oneOf(Arbitraries.just(0), Arbitraries.integers().between(0, 100),
                Arbitraries.integers().between(0, 9_999));
        return Combinators.combine(fixed, bps).as(Fees::new);
    }
}
