package payments.ports.fx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static payments.ports.World.fields;
import static payments.ports.World.json;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.error.Forbidden;
import payments.core.error.InvalidInput;
import payments.core.fx.CorridorFees;
import payments.core.fx.Fees;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.core.platform.PlatformConfig;
import payments.ports.World;
import payments.ports.driven.platform.SandboxClocks;
import payments.ports.fakes.TableFxRates;
import payments.ports.time.PlatformClock;

class ExchangeRateServiceTest {
    private final World w = new World();
    private final TableFxRates fx = new TableFxRates().providerFees(new Fees(0, 25))
            .rate("USD", "EUR", "1.08").rate("EUR", "USD", "0.93").rate("USD", "MXN", "0.058")
            .rate("MXN", "USD", "17.3").rate("EUR", "MXN", "0.054");
    private final ExchangeRateService service = new ExchangeRateService(w.platforms, fx,
            new PlatformClock(w.clock, NO_OFFSETS));

    private static final SandboxClocks NO_OFFSETS = new SandboxClocks() {
        @Override
        public long offsetSeconds(payments.core.id.PlatformId platform) {
            return 0;
        }

        @Override
        public long advance(payments.core.id.PlatformId platform, long seconds, java.time.Instant now) {
            throw new UnsupportedOperationException();
        }
    };

    private Platform platform(List<Map<String, Object>> feeConfigs) {
        Platform p = w.platform(Environment.SANDBOX, "fx.example", "USD", "EUR", "MXN");
        Platform withFees = p.withConfig(new PlatformConfig("fx.example", null, null,
                p.config().supportedCurrencies(), false, null, null, feeConfigs), p.updatedAt());
        w.platforms.update(withFees);
        return withFees;
    }

    private static Map<String, Object> usdFee(long bps, long fixed, String fixedCurrency) {
        return json("feeType", "CROSS_CURRENCY_TRANSACTION", "sourceCurrency", "USD", "variableFeeBps", bps,
                "fixedFee", json("amount", fixed, "currency", fixedCurrency));
    }

    @Test
    void every_offered_corridor_between_platform_currencies_is_listed_in_platform_order() {
        Caller caller = w.caller(platform(List.of()));
        var rates = service.list(caller, null, List.of(), null);
        assertEquals(List.of("USD/EUR", "USD/MXN", "EUR/USD", "EUR/MXN", "MXN/USD"), rates.stream()
                .map(r -> r.sourceCurrency().code() + "/" + r.destinationCurrency().code()).toList());
        CorridorRate usdEur = rates.get(0);
        assertEquals(10_000, usdEur.sendingAmount());
        assertEquals(9_236, usdEur.receivingAmount());
        assertEquals(new BigDecimal("1.08"), usdEur.exchangeRate());
        assertEquals(0L, usdEur.fixedFees());
        assertEquals(25, usdEur.totalFees());
        assertEquals("SEPA_INSTANT", usdEur.destinationPaymentRail());
        assertEquals(1, usdEur.minSendingAmount());
        assertEquals(9_000_000_000_000_000L, usdEur.maxSendingAmount());
        assertEquals(w.clock.now(), usdEur.updatedAt());
    }

    @Test
    void platform_fee_configs_for_the_sending_currency_add_to_the_provider_fees() {
        Platform p = platform(List.of(usdFee(50, 100, "USD"), usdFee(0, 2, "EUR")));
        // 2 EUR cents cost ceil(2 × 1.08) = 3 USD cents; fixed 100 + 3, bps 25 + 50.
        assertEquals(new Fees(103, 75), corridorFees(p, "USD", "EUR").orElseThrow());
        assertEquals(new Fees(0, 25), corridorFees(p, "EUR", "USD").orElseThrow());
        var usdEur = service.list(w.caller(p), "USD", List.of("EUR"), 10_000L).get(0);
        // fee 103 + ceil(75) = 178; 98.22 USD / 1.08 = 90.944... → 9094 EUR cents.
        assertEquals(103L, usdEur.fixedFees());
        assertEquals(178, usdEur.totalFees());
        assertEquals(9_094, usdEur.receivingAmount());
    }

    @Test
    void fees_that_take_everything_show_nothing_arriving() {
        Platform p = platform(List.of(usdFee(10_000, 0, "USD")));
        assertEquals(java.util.Optional.empty(), corridorFees(p, "USD", "EUR"));
        var usdEur = service.list(w.caller(p), "USD", List.of("EUR"), 5_000L).get(0);
        assertEquals(0, usdEur.receivingAmount());
        assertEquals(5_000, usdEur.totalFees());
        assertNull(usdEur.fixedFees());
    }

    @Test
    void amounts_too_small_to_deliver_show_zero_and_the_scheduled_fee() {
        Caller caller = w.caller(platform(List.of(usdFee(0, 30, "USD"))));
        var zero = service.list(caller, "USD", List.of("EUR"), 0L).get(0);
        assertEquals(0, zero.receivingAmount());
        assertEquals(30, zero.totalFees());
        var tiny = service.list(caller, "USD", List.of("EUR"), 31L).get(0);
        // 31 − 30 − ceil(0.0775) = 0 cents left.
        assertEquals(0, tiny.receivingAmount());
        assertEquals(31, tiny.totalFees());
    }

    @Test
    void filters_narrow_the_corridors_and_repeated_destinations_count_once() {
        Caller caller = w.caller(platform(List.of()));
        assertEquals(2, service.list(caller, "EUR", List.of(), null).size());
        var toMxn = service.list(caller, null, List.of("MXN", "MXN"), 20_000L);
        assertEquals(List.of("USD", "EUR"), toMxn.stream().map(r -> r.sourceCurrency().code()).toList());
        assertEquals(20_000, toMxn.get(0).sendingAmount());
        assertEquals(List.of(), service.list(caller, "MXN", List.of("EUR"), null));
    }

    @Test
    void bad_parameters_are_named_together() {
        Caller caller = w.caller(platform(List.of()));
        var e = assertThrows(InvalidInput.class, () -> service.list(caller, "XYZ", List.of("EUR", "GBP", "eur"),
                -1L));
        assertEquals(List.of("sourceCurrency", "destinationCurrency", "destinationCurrency", "sendingAmount"),
                fields(e));
        assertEquals(List.of("sendingAmount"), fields(assertThrows(InvalidInput.class,
                () -> service.list(caller, null, List.of(), 9_000_000_000_000_001L))));
    }

    @Test
    void reading_rates_needs_the_view_permission() {
        Caller caller = w.caller(platform(List.of()), Permission.TRANSACT);
        assertThrows(Forbidden.class, () -> service.list(caller, null, List.of(), null));
    }

    /** The fees a corridor costs the platform's senders ({@link CorridorFees}), at the test's rates. */
    private java.util.Optional<Fees> corridorFees(Platform p, String sending, String receiving) {
        return CorridorFees.of(p.config(), fx.providerFees(p.environment(), sending, receiving), sending,
                (s, r) -> fx.rate(p.environment(), s, r, w.clock.now()));
    }
}
