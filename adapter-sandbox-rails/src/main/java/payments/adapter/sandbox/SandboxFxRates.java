package payments.adapter.sandbox;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import payments.core.crypto.CryptoNetwork;
import payments.core.fx.ExchangeRate;
import payments.core.fx.Fees;
import payments.core.money.Currencies;
import payments.core.money.Currency;
import payments.core.platform.Environment;
import payments.ports.driven.fx.FxRates;

/**
 * Exchange rates from a fixed table of mid rates, one per currency as its US-dollar value per major unit; a cross
 * rate goes through USD. The customer pays the mid rate plus a 50 bps spread, and the result is rounded up to 12
 * significant digits (never in the customer's favour).
 *
 * <p>Rates are cached for five minutes upstream, so {@code updatedAt} is {@code now} floored to a five-minute
 * bucket; the table does not move, so a bucket's rate is stable (and so is every other bucket's).
 *
 * <p>Provider fees: 25 bps for fiat to fiat, 10 bps when either side is crypto (USDC, USDT, BTC), no fixed part.
 *
 * <p>The table also prices the crypto networks' native assets (ETH, SOL, POL, TRX, XPL), which no account holds, so
 * that a network fee paid in one converts into the currency withdrawn.
 *
 * <p>Production uses the same table: there is no rate provider yet.
 */
public final class SandboxFxRates implements FxRates {
    static final Duration CACHE_PERIOD = Duration.ofMinutes(5);
    static final BigDecimal SPREAD = new BigDecimal("1.005");
    static final MathContext PRECISION = new MathContext(12, RoundingMode.CEILING);
    static final Fees FIAT_FEES = new Fees(0, 25);
    static final Fees CRYPTO_FEES = new Fees(0, 10);

    /** US dollars per major unit; a mid-market snapshot of realistic magnitude. */
    static final Map<String, BigDecimal> USD_VALUE = Map.ofEntries(
            usd("USD", "1"), usd("USDC", "1"), usd("USDT", "1"), usd("BTC", "65000"), usd("SBUSD", "1"),
            usd("EUR", "1.08"), usd("GBP", "1.27"), usd("MXN", "0.058"), usd("CAD", "0.73"),
            usd("BRL", "0.19"), usd("COP", "0.00025"), usd("GTQ", "0.129"), usd("HTG", "0.0076"),
            usd("JMD", "0.0064"), usd("DKK", "0.145"), usd("AED", "0.2723"), usd("EGP", "0.0205"),
            usd("INR", "0.012"), usd("PKR", "0.0036"), usd("BDT", "0.0083"), usd("CNY", "0.138"),
            usd("HKD", "0.128"), usd("SGD", "0.74"), usd("MYR", "0.21"), usd("THB", "0.028"),
            usd("IDR", "0.000063"), usd("PHP", "0.0175"), usd("VND", "0.000039"), usd("NGN", "0.00065"),
            usd("GHS", "0.066"), usd("KES", "0.0077"), usd("TZS", "0.00038"), usd("UGX", "0.00027"),
            usd("RWF", "0.00075"), usd("MWK", "0.00058"), usd("ZMW", "0.038"), usd("BWP", "0.074"),
            usd("ZAR", "0.054"), usd("XAF", "0.00165"), usd("XOF", "0.00165"),
            // Crypto networks' native assets, held by no account: what their network fees are converted from.
            usd("ETH", "3500"), usd("SOL", "150"), usd("POL", "0.5"), usd("TRX", "0.12"), usd("XPL", "0.8"));

    @Override
    public Optional<ExchangeRate> rate(Environment environment, String sending, String receiving, Instant now) {
        if (sending.equals(receiving) || !USD_VALUE.containsKey(sending) || !USD_VALUE.containsKey(receiving)) {
            return Optional.empty();
        }
        // Sending units per receiving unit (mid = receiving's dollar value / sending's), spread included, with a
        // single rounding step so that nothing but that step moves the rate.
        BigDecimal customer = USD_VALUE.get(receiving).multiply(SPREAD).divide(USD_VALUE.get(sending), PRECISION)
                .stripTrailingZeros();
        return Optional.of(new ExchangeRate(asset(sending), asset(receiving), customer, bucketOf(now)));
    }

    /** A currency, or a crypto network's native asset. */
    private static Currency asset(String code) {
        return Currencies.find(code).or(() -> CryptoNetwork.nativeAsset(code)).orElseThrow();
    }

    @Override
    public Fees providerFees(Environment environment, String sending, String receiving) {
        if (sending.equals(receiving)) {
            return Fees.NONE;
        }
        boolean crypto = Currencies.isCrypto(sending) || Currencies.isCrypto(receiving);
        return crypto ? CRYPTO_FEES : FIAT_FEES;
    }

    /** The start of the five-minute cache period {@code now} falls in. */
    static Instant bucketOf(Instant now) {
        long period = CACHE_PERIOD.getSeconds();
        return Instant.ofEpochSecond(Math.floorDiv(now.getEpochSecond(), period) * period);
    }

    private static Map.Entry<String, BigDecimal> usd(String code, String value) {
        return Map.entry(code, new BigDecimal(value));
    }
}
