package payments.adapter.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import payments.core.crypto.CryptoNetwork;
import payments.core.fx.ExchangeRate;
import payments.core.fx.Fees;
import payments.core.money.Currencies;
import payments.core.money.Currency;
import payments.core.platform.Environment;

class SandboxFxRatesTest {
    private static final Instant NOW = Instant.parse("2025-06-01T12:07:31.250Z");
    private final SandboxFxRates rates = new SandboxFxRates();

    @Test
    void every_currency_and_network_asset_has_a_value_and_every_pair_a_rate() {
        Set<String> codes = Stream.concat(Currencies.all().stream(), Arrays.stream(CryptoNetwork.values())
                .map(CryptoNetwork::nativeAsset)).map(Currency::code).collect(Collectors.toSet());
        assertEquals(codes, SandboxFxRates.USD_VALUE.keySet());
        for (String s : codes) {
            for (String r : codes) {
                var rate = rates.rate(Environment.SANDBOX, s, r, NOW);
                assertEquals(!s.equals(r), rate.isPresent(), s + "→" + r);
                rate.ifPresent(x -> {
                    assertTrue(x.rate().signum() > 0);
                    assertTrue(x.rate().precision() <= 12, x.rate().toPlainString());
                });
            }
        }
    }

    @Test
    void usd_to_eur_is_the_mid_rate_plus_50_bps() {
        ExchangeRate rate = rates.rate(Environment.SANDBOX, "USD", "EUR", NOW).orElseThrow();
        assertEquals(new BigDecimal("1.0854"), rate.rate());
        assertEquals("USD", rate.sending().code());
        assertEquals("EUR", rate.receiving().code());
        assertEquals(new BigDecimal("65325"), rates.rate(Environment.SANDBOX, "USDC", "BTC", NOW).orElseThrow().rate());
    }

    @Test
    void a_network_asset_is_priced_with_its_own_decimals() {
        ExchangeRate eth = rates.rate(Environment.SANDBOX, "USDC", "ETH", NOW).orElseThrow();
        assertEquals(new BigDecimal("3517.5"), eth.rate());
        assertEquals(CryptoNetwork.ETHEREUM.nativeAsset(), eth.receiving());
        assertEquals(9, rates.rate(Environment.SANDBOX, "USDT", "SOL", NOW).orElseThrow().receiving().decimals());
    }

    @Test
    void the_spread_is_against_the_customer_both_ways() {
        BigDecimal there = rates.rate(Environment.SANDBOX, "USD", "MXN", NOW).orElseThrow().rate();
        BigDecimal back = rates.rate(Environment.SANDBOX, "MXN", "USD", NOW).orElseThrow().rate();
        // Buying MXN with USD and then USD with that MXN costs more than one unit: about (1.005)^2.
        BigDecimal roundTrip = there.multiply(back);
        assertTrue(roundTrip.compareTo(new BigDecimal("1.010025")) >= 0, roundTrip.toPlainString());
        assertTrue(roundTrip.compareTo(new BigDecimal("1.0100251")) < 0, roundTrip.toPlainString());
    }

    @Test
    void every_rate_is_at_least_the_mid_rate_times_the_spread() {
        for (String s : SandboxFxRates.USD_VALUE.keySet()) {
            for (String r : SandboxFxRates.USD_VALUE.keySet()) {
                if (!s.equals(r)) {
                    BigDecimal exact = SandboxFxRates.USD_VALUE.get(r).multiply(new BigDecimal("1.005"));
                    BigDecimal paid = rates.rate(Environment.SANDBOX, s, r, NOW).orElseThrow().rate()
                            .multiply(SandboxFxRates.USD_VALUE.get(s));
                    assertTrue(paid.compareTo(exact) >= 0, s + "→" + r);
                    assertTrue(paid.subtract(exact).abs().compareTo(exact.multiply(new BigDecimal("1E-11"))) <= 0,
                            s + "→" + r + " off by more than the rounding");
                }
            }
        }
    }

    @Test
    void updated_at_is_the_five_minute_bucket_and_a_bucket_has_one_rate() {
        var first = rates.rate(Environment.SANDBOX, "GBP", "INR", Instant.parse("2025-06-01T12:05:00Z"))
                .orElseThrow();
        var last = rates.rate(Environment.SANDBOX, "GBP", "INR", Instant.parse("2025-06-01T12:09:59.999Z"))
                .orElseThrow();
        assertEquals(Instant.parse("2025-06-01T12:05:00Z"), first.updatedAt());
        assertEquals(first, last);
        var next = rates.rate(Environment.SANDBOX, "GBP", "INR", Instant.parse("2025-06-01T12:10:00Z"))
                .orElseThrow();
        assertEquals(Instant.parse("2025-06-01T12:10:00Z"), next.updatedAt());
        assertEquals(Instant.parse("1969-12-31T23:55:00Z"), SandboxFxRates.bucketOf(Instant.parse(
                "1969-12-31T23:59:59Z")));
    }

    @Test
    void production_uses_the_same_table() {
        assertEquals(rates.rate(Environment.SANDBOX, "EUR", "BRL", NOW),
                rates.rate(Environment.PRODUCTION, "EUR", "BRL", NOW));
    }

    @Test
    void provider_fees_depend_on_whether_crypto_is_involved() {
        assertEquals(new Fees(0, 25), rates.providerFees(Environment.SANDBOX, "USD", "EUR"));
        assertEquals(new Fees(0, 10), rates.providerFees(Environment.SANDBOX, "USD", "USDC"));
        assertEquals(new Fees(0, 10), rates.providerFees(Environment.SANDBOX, "BTC", "MXN"));
        assertEquals(Fees.NONE, rates.providerFees(Environment.SANDBOX, "USD", "USD"));
    }

    @Test
    void rates_keep_at_most_twelve_significant_digits_rounded_up() {
        // 1 / 0.058 × 1.005 = 17.32758620689655... → 17.3275862069 (12 digits, rounded up).
        assertEquals(new BigDecimal("17.3275862069"),
                rates.rate(Environment.SANDBOX, "MXN", "USD", NOW).orElseThrow().rate());
        assertEquals(new BigDecimal("6.03E-10"), rates.rate(Environment.SANDBOX, "BTC", "VND", NOW).orElseThrow()
                .rate());
        assertEquals(0, rates.rate(Environment.SANDBOX, "VND", "BTC", NOW).orElseThrow().rate()
                .compareTo(new BigDecimal("1675000000")));
    }
}
