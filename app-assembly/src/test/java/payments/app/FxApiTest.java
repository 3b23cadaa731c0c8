package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;
import payments.core.platform.Permission;

/** {@code GET /exchange-rates} and {@code GET /discoveries} over HTTP (platform currencies USD, EUR, MXN, USDC). */
class FxApiTest {
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);

    private static String corridor(Map<String, Object> rate) {
        return code(rate, "sourceCurrency") + "/" + code(rate, "destinationCurrency");
    }

    private static String code(Map<String, Object> rate, String field) {
        return (String) ((Map<?, ?>) rate.get(field)).get("code");
    }

    private static Map<?, ?> fees(Map<String, Object> rate) {
        return (Map<?, ?>) rate.get("fees");
    }

    private Map<String, Object> only(String query) {
        var reply = api.get("/exchange-rates?" + query);
        assertEquals(200, reply.status(), reply.body().toString());
        assertEquals(1, reply.data().size(), reply.data().toString());
        return reply.data().get(0);
    }

    @Test
    void every_corridor_between_the_platform_currencies_is_listed() {
        var reply = api.get("/exchange-rates");
        assertEquals(200, reply.status());
        assertEquals(12, reply.data().size());
        assertEquals(List.of("USD/EUR", "USD/MXN", "USD/USDC"), reply.data().subList(0, 3).stream()
                .map(FxApiTest::corridor).toList());

        var usdEur = reply.data().get(0);
        assertEquals(Map.of("code", "USD", "name", "US Dollar", "symbol", "$", "decimals", 2L),
                usdEur.get("sourceCurrency"));
        assertEquals("EUR", code(usdEur, "destinationCurrency"));
        assertEquals("SEPA_INSTANT", usdEur.get("destinationPaymentRail"));
        assertEquals(10_000L, usdEur.get("sendingAmount"));
        assertEquals(1L, usdEur.get("minSendingAmount"));
        assertEquals(9_000_000_000_000_000L, usdEur.get("maxSendingAmount"));
        // Mid 1.08 USD per EUR plus 50 bps = 1.0854; provider fee 25 bps; 99.75 USD / 1.0854 = 91.90 EUR.
        assertEquals(1.0854, usdEur.get("exchangeRate"));
        assertEquals(Map.of("fixed", 0L, "total", 25L), fees(usdEur));
        assertEquals(9_190L, usdEur.get("receivingAmount"));
        Instant updatedAt = Instant.parse((String) usdEur.get("updatedAt"));
        assertEquals(0, updatedAt.getEpochSecond() % 300, "a five-minute cache bucket");
        assertFalse(updatedAt.isAfter(Instant.now()));

        var usdUsdc = reply.data().get(2);
        // 10 bps where crypto is involved: 99.90 USD / 1.005 = 99.402985 USDC (6 decimals).
        assertEquals(Map.of("fixed", 0L, "total", 10L), fees(usdUsdc));
        assertEquals(99_402_985L, usdUsdc.get("receivingAmount"));
        assertEquals("BANK_TRANSFER", usdUsdc.get("destinationPaymentRail"));
        assertTrue(reply.raw().body().contains("\"exchangeRate\":1.0854,"), "rates are plain JSON numbers");
    }

    @Test
    void source_destination_and_amount_filter_the_list() {
        var reply = api.get("/exchange-rates?sourceCurrency=USD&destinationCurrency=MXN&destinationCurrency=EUR"
                + "&sendingAmount=50000");
        assertEquals(List.of("USD/MXN", "USD/EUR"), reply.data().stream().map(FxApiTest::corridor).toList());
        assertTrue(reply.data().stream().allMatch(r -> r.get("sendingAmount").equals(50_000L)));
        assertEquals("SPEI", reply.data().get(0).get("destinationPaymentRail"));
        // 500 USD − 125 fee = 498.75 USD / (0.058 × 1.005 USD per MXN) = 8556.35... MXN.
        assertEquals(855_635L, reply.data().get(0).get("receivingAmount"));

        var fromEur = api.get("/exchange-rates?sourceCurrency=EUR").data();
        assertEquals(List.of("EUR/USD", "EUR/MXN", "EUR/USDC"), fromEur.stream().map(FxApiTest::corridor).toList());
        var toUsdc = api.get("/exchange-rates?destinationCurrency=USDC").data();
        assertEquals(List.of("USD/USDC", "EUR/USDC", "MXN/USDC"), toUsdc.stream().map(FxApiTest::corridor).toList());
    }

    @Test
    void an_amount_too_small_to_deliver_shows_nothing_arriving() {
        var zero = only("sourceCurrency=USD&destinationCurrency=EUR&sendingAmount=0");
        assertEquals(0L, zero.get("receivingAmount"));
        assertEquals(Map.of("fixed", 0L, "total", 0L), fees(zero));
        var one = only("sourceCurrency=USD&destinationCurrency=EUR&sendingAmount=1");
        assertEquals(0L, one.get("receivingAmount"));
        assertEquals(1L, fees(one).get("total"));
    }

    @Test
    void platform_fee_configs_are_included_for_their_source_currency() {
        var patched = api.patch("/config", Map.of("feeConfigs", List.of(Map.of("feeType",
                "CROSS_CURRENCY_TRANSACTION", "sourceCurrency", "USD", "variableFeeBps", 100,
                "fixedFee", Map.of("amount", 50, "currency", "USD")))));
        assertEquals(200, patched.status(), patched.body().toString());

        var usdEur = only("sourceCurrency=USD&destinationCurrency=EUR");
        // 50 fixed + 25 bps provider + 100 bps platform on 10000 = 175; 98.25 USD / 1.0854 = 90.52 EUR.
        assertEquals(Map.of("fixed", 50L, "total", 175L), fees(usdEur));
        assertEquals(9_051L, usdEur.get("receivingAmount"));
        var eurUsd = only("sourceCurrency=EUR&destinationCurrency=USD");
        assertEquals(Map.of("fixed", 0L, "total", 25L), fees(eurUsd), "USD fee configs do not apply to EUR");

        api.patch("/config", Map.of("feeConfigs", List.of()));
        assertEquals(9_190L, only("sourceCurrency=USD&destinationCurrency=EUR").get("receivingAmount"));
    }

    @Test
    void bad_parameters_are_400_naming_each_one() {
        assertEquals(List.of("sourceCurrency"), api.get("/exchange-rates?sourceCurrency=XYZ").invalidFields());
        assertEquals(List.of("sourceCurrency"), api.get("/exchange-rates?sourceCurrency=BTC").invalidFields(),
                "not enabled for this platform");
        assertEquals(List.of("destinationCurrency"),
                api.get("/exchange-rates?destinationCurrency=EUR&destinationCurrency=eur").invalidFields());
        assertEquals(List.of("sendingAmount"), api.get("/exchange-rates?sendingAmount=-1").invalidFields());
        assertEquals(List.of("sendingAmount"), api.get("/exchange-rates?sendingAmount=1.5").invalidFields());
        assertEquals(List.of("sendingAmount"), api.get("/exchange-rates?sendingAmount=ten").invalidFields());
        assertEquals(List.of("sendingAmount"),
                api.get("/exchange-rates?sendingAmount=9000000000000001").invalidFields());
        assertEquals(List.of("sourceCurrency"),
                api.get("/exchange-rates?sourceCurrency=USD&sourceCurrency=EUR").invalidFields());
        assertEquals(List.of("currency"), api.get("/exchange-rates?currency=USD").invalidFields());
        String many = IntStream.range(0, 51).mapToObj(i -> "destinationCurrency=EUR").collect(Collectors.joining("&"));
        assertEquals(List.of("destinationCurrency"), api.get("/exchange-rates?" + many).invalidFields());
        assertEquals(List.of("sourceCurrency", "destinationCurrency", "sendingAmount"),
                api.get("/exchange-rates?sourceCurrency=XYZ&destinationCurrency=ABC&sendingAmount=-5")
                        .invalidFields());
    }

    @Test
    void discoveries_filter_by_country_and_currency() {
        var all = api.get("/discoveries");
        assertEquals(200, all.status());
        assertTrue(all.data().stream().map(i -> i.get("country")).distinct().count() >= 12);
        assertTrue(all.data().stream().allMatch(i -> i.keySet().equals(
                java.util.Set.of("bankName", "displayName", "country", "currency"))));

        var mexico = api.get("/discoveries?country=MX").data();
        assertFalse(mexico.isEmpty());
        assertTrue(mexico.stream().allMatch(i -> i.get("country").equals("MX") && i.get("currency").equals("MXN")));
        var euro = api.get("/discoveries?currency=EUR").data();
        assertEquals(java.util.Set.of("DE", "FR", "ES"), euro.stream().map(i -> i.get("country"))
                .collect(Collectors.toSet()));
        var france = api.get("/discoveries?country=FR&currency=EUR").data();
        assertTrue(france.size() >= 3 && france.size() < euro.size());
        assertEquals(List.of(), api.get("/discoveries?country=FR&currency=USD").data());
        assertEquals(List.of(), api.get("/discoveries?country=JP").data());
    }

    @Test
    void bad_discovery_filters_are_400() {
        assertEquals(List.of("country"), api.get("/discoveries?country=mx").invalidFields());
        assertEquals(List.of("country"), api.get("/discoveries?country=MEX").invalidFields());
        assertEquals(List.of("currency"), api.get("/discoveries?currency=XYZ").invalidFields());
        assertEquals(List.of("bank"), api.get("/discoveries?bank=x").invalidFields());
    }

    @Test
    void both_need_credentials_and_the_view_permission() {
        assertEquals(401, api.exchange("GET", "/exchange-rates", null, null, null).status());
        assertEquals(401, api.exchange("GET", "/discoveries", null, null, null).status());
        var transactOnly = TestServer.withPermissions(api, Permission.TRANSACT);
        assertEquals(403, transactOnly.get("/exchange-rates").status());
        assertEquals(403, transactOnly.get("/discoveries").status());
        assertEquals(200, TestServer.withPermissions(api, Permission.VIEW).get("/exchange-rates").status());
    }
}
