package payments.core.fx;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import payments.core.crypto.CryptoNetwork;
import payments.core.error.DomainError;
import payments.core.error.InvalidInput;
import payments.core.money.Currencies;
import payments.core.platform.CurrencySettings;
import payments.core.platform.PlatformConfig;
import payments.core.quote.QuotePricing;

class WithdrawalFeesTest {
    private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");
    private static final Fees PROVIDER = new Fees(0, 10);
    /** USDC per ETH and per BTC (spread included), USDC per USD; nothing else. */
    private static final RateSource RATES = (sending, receiving) -> Optional.ofNullable(switch (sending + "/"
            + receiving) {
        case "USDC/ETH" -> new ExchangeRate(Currencies.of("USDC"), CryptoNetwork.ETHEREUM.nativeAsset(),
                new BigDecimal("3517.5"), NOW);
        case "USDC/BTC" -> new ExchangeRate(Currencies.of("USDC"), Currencies.of("BTC"), new BigDecimal("65325"),
                NOW);
        case "USDC/USD" -> new ExchangeRate(Currencies.of("USDC"), Currencies.of("USD"), new BigDecimal("1.005"),
                NOW);
        default -> null;
    });

    private static PlatformConfig config(List<Map<String, Object>> feeConfigs, Map<String, Object> usdc) {
        return new PlatformConfig("x.example", null, null, List.of(usdc, CurrencySettings.defaultItem("BTC")),
                false, null, null, feeConfigs);
    }

    private static PlatformConfig plain() {
        return config(List.of(), CurrencySettings.defaultItem("USDC"));
    }

    private static Map<String, Object> usdcFee(long bps, long fixed, String fixedCurrency) {
        return Map.of("feeType", "CROSS_CURRENCY_TRANSACTION", "sourceCurrency", "USDC", "variableFeeBps", bps,
                "fixedFee", Map.of("amount", fixed, "currency", fixedCurrency));
    }

    private static WithdrawalFee estimate(PlatformConfig config, Fees provider, String currency, long amount,
                                          CryptoNetwork network, long networkFee) {
        return WithdrawalFees.estimate(config, provider, Currencies.of(currency), amount, network, networkFee, RATES);
    }

    @Test
    void a_network_fee_in_another_asset_is_converted_at_the_rate_rounded_up() {
        // 2,000,000,000,000 wei = 0.000002 ETH × 3517.5 USDC = 0.007035 USDC, exactly 7035 micro-USDC.
        assertEquals(new WithdrawalFee(2_000_000_000_000L, "ETH", 0, 7_035, 99_992_965),
                estimate(plain(), Fees.NONE, "USDC", 100_000_000, CryptoNetwork.BASE, 2_000_000_000_000L));
        // 5 sat = 0.00000005 BTC × 65325 = 0.00326625 USDC: 3266.25 micro-USDC, charged 3267.
        assertEquals(new WithdrawalFee(5, "BTC", 0, 3_267, 99_996_733),
                estimate(plain(), Fees.NONE, "USDC", 100_000_000, CryptoNetwork.SPARK, 5));
    }

    @Test
    void a_network_fee_in_the_currency_withdrawn_counts_as_it_is() {
        assertEquals(new WithdrawalFee(10, "BTC", 0, 10, 990),
                estimate(plain(), Fees.NONE, "BTC", 1_000, CryptoNetwork.LIGHTNING, 10));
        assertEquals(new WithdrawalFee(0, "XPL", 0, 0, 1_000),
                estimate(plain(), Fees.NONE, "USDC", 1_000, CryptoNetwork.PLASMA, 0));
    }

    @Test
    void the_service_fee_is_the_provider_fee_plus_the_platforms_fee_configs_of_the_currency() {
        // 0.5 USDC fixed + (10 bps provider + 100 bps platform) of 100 USDC = 0.5 + 1.1 = 1.6 USDC.
        PlatformConfig config = config(List.of(usdcFee(100, 500_000, "USDC")), CurrencySettings.defaultItem("USDC"));
        WithdrawalFee fee = estimate(config, PROVIDER, "USDC", 100_000_000, CryptoNetwork.SPARK, 5);
        assertEquals(new WithdrawalFee(5, "BTC", 1_600_000, 1_603_267, 98_396_733), fee);
        // A fixed fee set in USD converts at the rate, as a quote's does: 0.5 USD = 0.5025 USDC.
        PlatformConfig inUsd = config(List.of(usdcFee(0, 50, "USD")), CurrencySettings.defaultItem("USDC"));
        assertEquals(502_500, estimate(inUsd, Fees.NONE, "USDC", 100_000_000, CryptoNetwork.PLASMA, 0)
                .applicationFee());
    }

    @Test
    void the_service_fee_is_what_a_quote_sending_the_same_amount_is_charged() {
        PlatformConfig config = config(List.of(usdcFee(37, 123_457, "USDC")), CurrencySettings.defaultItem("USDC"));
        for (long amount : new long[] {1_000_000, 123_456_789, 9_000_000_000_000L}) {
            long quoted = QuotePricing.price(config, "USDC", "USD", true, amount, PROVIDER, null, RATES).amounts()
                    .feesMinor();
            assertEquals(quoted, estimate(config, PROVIDER, "USDC", amount, CryptoNetwork.PLASMA, 0)
                    .applicationFee(), "amount " + amount);
        }
    }

    @Test
    void an_amount_the_fees_consume_is_refused_naming_the_fees() {
        DomainError e = assertThrows(InvalidInput.class,
                () -> estimate(plain(), Fees.NONE, "USDC", 7_035, CryptoNetwork.BASE, 2_000_000_000_000L));
        assertEquals("AMOUNT_OUT_OF_RANGE", e.code());
        assertEquals(7_035L, e.details().get("totalFee"));
        assertEquals("ETH", e.details().get("networkFeeAsset"));
        assertDoesNotThrow(() -> estimate(plain(), Fees.NONE, "USDC", 7_036, CryptoNetwork.BASE,
                2_000_000_000_000L));

        PlatformConfig everything = config(List.of(usdcFee(9_990, 0, "USDC")), CurrencySettings.defaultItem("USDC"));
        assertEquals("AMOUNT_OUT_OF_RANGE", assertThrows(InvalidInput.class, () -> estimate(everything, PROVIDER,
                "USDC", 100_000_000, CryptoNetwork.PLASMA, 0)).code(), "fees of 100%");
    }

    @Test
    void the_platforms_limits_for_the_currency_apply() {
        Map<String, Object> usdc = new java.util.HashMap<>(CurrencySettings.defaultItem("USDC"));
        usdc.put("minAmount", 1_000_000L);
        assertEquals("AMOUNT_OUT_OF_RANGE", assertThrows(InvalidInput.class, () -> estimate(config(List.of(), usdc),
                Fees.NONE, "USDC", 999_999, CryptoNetwork.PLASMA, 0)).code());
        usdc.put("enabledTransactionTypes", List.of("INCOMING"));
        assertEquals("INVALID_CURRENCY", assertThrows(InvalidInput.class, () -> estimate(config(List.of(), usdc),
                Fees.NONE, "USDC", 1_000_000, CryptoNetwork.PLASMA, 0)).code());
    }

    private static List<String> refused(String currency, CryptoNetwork network, String address) {
        InvalidInput e = assertThrows(InvalidInput.class,
                () -> WithdrawalFees.checkDestination(currency, network, address));
        assertEquals("INVALID_INPUT", e.code());
        @SuppressWarnings("unchecked")
        var errors = (List<Map<String, Object>>) e.details().get("errors");
        return errors.stream().map(m -> (String) m.get("field")).toList();
    }

    @Test
    void the_destination_is_judged_as_the_external_account_holding_it_would_be() {
        assertDoesNotThrow(() -> WithdrawalFees.checkDestination("USDC", CryptoNetwork.BASE, "0xabc"));
        assertDoesNotThrow(() -> WithdrawalFees.checkDestination("USDT", CryptoNetwork.TRON, "a".repeat(255)));
        assertDoesNotThrow(() -> WithdrawalFees.checkDestination("BTC", CryptoNetwork.SPARK, "sp1abc"));
        assertDoesNotThrow(() -> WithdrawalFees.checkDestination("BTC", CryptoNetwork.LIGHTNING, "lnbc" + "1"
                .repeat(2_044)));
        assertDoesNotThrow(() -> WithdrawalFees.checkDestination("BTC", CryptoNetwork.LIGHTNING, "ada@wallet.example"));

        assertEquals(List.of("destinationAddress"), refused("USDC", CryptoNetwork.SOLANA, "a".repeat(256)));
        assertEquals(List.of("destinationAddress"), refused("BTC", CryptoNetwork.LIGHTNING, "a".repeat(2_049)));
        assertEquals(List.of("currency"), refused("USD", CryptoNetwork.ETHEREUM, "0xabc"));
        assertEquals(List.of("cryptoNetwork"), refused("BTC", CryptoNetwork.ETHEREUM, "0xabc"));
        assertEquals(List.of("cryptoNetwork"), refused("USDC", CryptoNetwork.LIGHTNING, "lnbc1"));
        // No external account type holds a Bitcoin or a Plasma address here, so the service pays to neither.
        assertEquals(List.of("cryptoNetwork"), refused("BTC", CryptoNetwork.BITCOIN, "bc1qxyz"));
        assertEquals(List.of("cryptoNetwork"), refused("USDT", CryptoNetwork.PLASMA, "0xabc"));
    }

    @Test
    void each_network_names_its_native_asset() {
        assertEquals("ETH", CryptoNetwork.BASE.nativeAsset().code());
        assertEquals(18, CryptoNetwork.ETHEREUM.nativeAsset().decimals());
        assertEquals("SOL", CryptoNetwork.SOLANA.nativeAsset().code());
        assertEquals(Currencies.of("BTC"), CryptoNetwork.LIGHTNING.nativeAsset());
        assertEquals(Optional.of(CryptoNetwork.TRON.nativeAsset()), CryptoNetwork.nativeAsset("TRX"));
        assertEquals(Optional.empty(), CryptoNetwork.nativeAsset("USDC"));
    }
}
