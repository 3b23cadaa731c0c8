package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;
import payments.core.platform.Permission;

/**
 * The look-ups over HTTP: {@code GET /uma-providers} (the sandbox's directory), {@code GET /vasps} and
 * {@code POST /crypto/estimate-withdrawal-fee} (platform currencies USD, EUR, MXN, USDC; sandbox rates and network
 * fees, docs/SANDBOX.md).
 */
class LookupApiTest {
    private static final String ESTIMATE = "/crypto/estimate-withdrawal-fee";
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);

    // ---- GET /uma-providers ----

    private static List<Object> names(ApiClient.Reply reply) {
        assertEquals(200, reply.status(), reply.raw().body());
        return reply.data().stream().map(p -> p.get("name")).toList();
    }

    @Test
    void the_directory_is_listed_by_name_descending_unless_asked_otherwise() {
        var reply = api.get("/uma-providers");
        assertEquals(List.of("Savanna Money", "Sandbox UMA", "Pampa Pagos", "Northwind Wallet", "Lotus Remit",
                "Driftwood Exchange"), names(reply));
        assertEquals(6L, reply.body().get("totalCount"));
        assertEquals(false, reply.body().get("hasMore"));
        assertFalse(reply.body().containsKey("nextCursor"));
        assertEquals(List.of("Driftwood Exchange", "Lotus Remit", "Northwind Wallet", "Pampa Pagos", "Sandbox UMA",
                "Savanna Money"), names(api.get("/uma-providers?sortOrder=asc")));

        Map<String, Object> sandbox = reply.data().get(1);
        assertEquals("sandbox.uma.money", sandbox.get("domain"), "the sandbox UMA domain the receivers live at");
        assertEquals(List.of("US", "MX", "GB", "DE", "FR", "ES"), sandbox.get("supportedRegions"));
        assertEquals(Map.of("code", "USD", "name", "US Dollar", "symbol", "$", "decimals", 2L),
                ((List<?>) sandbox.get("supportedCurrencies")).get(0));
        assertEquals(true, sandbox.get("allowListStatus"));
        assertEquals("5493001SANDBOXUMA088", sandbox.get("lei"));
        assertFalse(sandbox.containsKey("logoUrl"));
        Map<String, Object> northwind = reply.data().get(3);
        assertEquals("https://northwind.example/logo.png", northwind.get("logoUrl"));
    }

    @Test
    void country_currency_and_the_allow_list_filter_the_directory_together() {
        assertEquals(List.of("Sandbox UMA", "Pampa Pagos"), names(api.get("/uma-providers?countryCode=MX")));
        assertEquals(List.of("Northwind Wallet", "Driftwood Exchange"),
                names(api.get("/uma-providers?currencyCode=BTC")));
        var allowed = api.get("/uma-providers?hasBlockedProviders=false");
        assertEquals(List.of("Savanna Money", "Sandbox UMA", "Pampa Pagos", "Northwind Wallet", "Lotus Remit"),
                names(allowed));
        assertEquals(5L, allowed.body().get("totalCount"));
        assertTrue(allowed.data().stream().allMatch(p -> p.get("allowListStatus").equals(true)));
        assertEquals(6, names(api.get("/uma-providers?hasBlockedProviders=true")).size());
        assertEquals(List.of(false), api.get("/uma-providers?countryCode=GB&currencyCode=GBP").data().stream()
                .map(p -> p.get("allowListStatus")).toList(), "Driftwood Exchange is off the allow list");
        assertEquals(List.of("Northwind Wallet"),
                names(api.get("/uma-providers?currencyCode=BTC&hasBlockedProviders=false")));
        assertEquals(List.of("Sandbox UMA"), names(api.get("/uma-providers?countryCode=GB&hasBlockedProviders=false")));
        var none = api.get("/uma-providers?countryCode=JP");
        assertEquals(List.of(), names(none));
        assertEquals(0L, none.body().get("totalCount"));
    }

    @Test
    void pages_follow_their_cursor_to_the_end_in_either_order() {
        for (String order : new String[] {"asc", "desc"}) {
            List<Object> seen = new ArrayList<>();
            String cursor = null;
            int pages = 0;
            do {
                var page = api.get("/uma-providers?limit=4&hasBlockedProviders=false&sortOrder=" + order
                        + (cursor == null ? "" : "&cursor=" + cursor));
                seen.addAll(names(page));
                assertEquals(5L, page.body().get("totalCount"), "the filtered list, pages aside");
                cursor = page.string("nextCursor");
                assertEquals(cursor != null, page.body().get("hasMore"));
                pages++;
            } while (cursor != null);
            assertEquals(2, pages);
            List<Object> expected = new ArrayList<>(List.of("Lotus Remit", "Northwind Wallet", "Pampa Pagos",
                    "Sandbox UMA", "Savanna Money"));
            if (order.equals("desc")) {
                java.util.Collections.reverse(expected);
            }
            assertEquals(expected, seen, order);
        }
        assertEquals(1, api.get("/uma-providers?limit=1").data().size());
        assertEquals(6, api.get("/uma-providers?limit=100").data().size());
    }

    @Test
    void bad_parameters_of_the_directory_are_400_naming_each() {
        assertEquals(List.of("countryCode"), api.get("/uma-providers?countryCode=XX").invalidFields());
        assertEquals(List.of("countryCode"), api.get("/uma-providers?countryCode=us").invalidFields());
        assertEquals(List.of("currencyCode"), api.get("/uma-providers?currencyCode=ZZZ").invalidFields());
        assertEquals(List.of("hasBlockedProviders"),
                api.get("/uma-providers?hasBlockedProviders=maybe").invalidFields());
        assertEquals(List.of("sortOrder"), api.get("/uma-providers?sortOrder=up").invalidFields());
        assertEquals(List.of("limit"), api.get("/uma-providers?limit=0").invalidFields());
        assertEquals(List.of("limit"), api.get("/uma-providers?limit=101").invalidFields());
        assertEquals(List.of("cursor"), api.get("/uma-providers?cursor=%21%21").invalidFields());
        assertEquals(List.of("region"), api.get("/uma-providers?region=US").invalidFields());
        assertEquals(List.of("countryCode", "limit"), api.get("/uma-providers?countryCode=1&limit=x")
                .invalidFields());
    }

    @Test
    void a_production_platform_has_no_providers_yet() {
        var reply = TestServer.newPlatform(Environment.PRODUCTION).get("/uma-providers");
        assertEquals(List.of(), names(reply));
        assertEquals(0L, reply.body().get("totalCount"));
    }

    // ---- GET /vasps ----

    @Test
    void the_vasps_are_listed_by_name_in_pages_without_a_total() {
        var all = api.get("/vasps?limit=100");
        assertEquals(200, all.status());
        List<Object> names = all.data().stream().map(v -> v.get("vaspName")).toList();
        assertEquals(13, names.size());
        assertEquals("Binance", names.get(0));
        assertTrue(names.contains("Coinbase"));
        assertEquals(names.stream().sorted().toList(), names);
        assertTrue(all.data().stream().allMatch(v -> ((String) v.get("url")).startsWith("https://")));
        assertFalse(all.body().containsKey("totalCount"), "the spec's VaspListResponse has none");

        List<Object> paged = new ArrayList<>();
        String cursor = null;
        List<Integer> sizes = new ArrayList<>();
        do {
            var page = api.get("/vasps?limit=5" + (cursor == null ? "" : "&cursor=" + cursor));
            assertEquals(200, page.status(), page.raw().body());
            page.data().forEach(v -> paged.add(v.get("vaspName")));
            sizes.add(page.data().size());
            assertFalse(page.body().containsKey("totalCount"));
            cursor = page.string("nextCursor");
            assertEquals(cursor != null, page.body().get("hasMore"));
        } while (cursor != null);
        assertEquals(List.of(5, 5, 3), sizes);
        assertEquals(names, paged);
        var first = api.get("/vasps");
        assertEquals(13, first.data().size(), "up to 20 by default");
        assertEquals(false, first.body().get("hasMore"));

        assertEquals(List.of("limit"), api.get("/vasps?limit=-1").invalidFields());
        assertEquals(List.of("cursor"), api.get("/vasps?cursor=_w").invalidFields());
        assertEquals(List.of("sortOrder"), api.get("/vasps?sortOrder=asc").invalidFields());
    }

    @Test
    void every_listed_vasp_is_a_wallet_accounts_custodian_and_no_other_name_is() {
        String customer = customer(api, "USDC");
        var names = api.get("/vasps?limit=100").data().stream().map(v -> (String) v.get("vaspName")).toList();
        for (String name : names) {
            var created = api.post("/customers/external-accounts", wallet(customer, name));
            assertEquals(201, created.status(), name + ": " + created.raw().body());
            assertEquals(name, ((Map<?, ?>) created.body().get("accountInfo")).get("vaspName"));
        }
        for (String unknown : new String[] {"coinbase", "Some Exchange"}) {
            var refused = api.post("/customers/external-accounts", wallet(customer, unknown));
            assertEquals(List.of("accountInfo.vaspName"), refused.invalidFields(), unknown);
        }
    }

    private static Map<String, Object> wallet(String customer, String vaspName) {
        return Map.of("customerId", customer, "currency", "USDC", "accountInfo", Map.of("accountType", "BASE_WALLET",
                "address", "0x" + UUID.randomUUID().toString().replace("-", ""), "vaspName", vaspName));
    }

    // ---- POST /crypto/estimate-withdrawal-fee ----

    /** A new customer of {@code client} holding {@code currency}; its id. */
    private static String customer(ApiClient client, String currency) {
        Map<String, Object> body = CustomerApiTest.individual("lookup-" + UUID.randomUUID());
        body.put("currencies", List.of(currency));
        var created = client.post("/customers", body);
        assertEquals(201, created.status(), created.raw().body());
        return created.string("id");
    }

    /** The internal account of {@code currency} of a new customer of {@code client}. */
    private static String account(ApiClient client, String currency) {
        return (String) client.get("/customers/internal-accounts?customerId=" + customer(client, currency)
                + "&currency=" + currency).data().get(0).get("id");
    }

    private static Map<String, Object> estimate(String account, String currency, String network, long amount,
                                                String address) {
        Map<String, Object> body = new HashMap<>();
        body.put("internalAccountId", account);
        body.put("currency", currency);
        body.put("cryptoNetwork", network);
        body.put("amount", amount);
        body.put("destinationAddress", address);
        return body;
    }

    private static Map<String, Object> fee(long networkFee, String asset, long applicationFee, long totalFee,
                                           long netAmount) {
        return Map.of("networkFee", networkFee, "networkFeeAsset", asset, "applicationFee", applicationFee,
                "totalFee", totalFee, "netAmount", netAmount);
    }

    @Test
    void a_network_fee_in_its_native_asset_is_charged_in_the_currency_withdrawn() {
        String usdc = account(api, "USDC");
        // 0.000002 ETH at 3500 USD × 1.005 = 0.007035 USDC.
        var base = api.post(ESTIMATE, estimate(usdc, "USDC", "BASE", 100_000_000, "0xabc"));
        assertEquals(200, base.status(), base.raw().body());
        assertEquals(fee(2_000_000_000_000L, "ETH", 0, 7_035, 99_992_965), base.body());
        // 0.0013 ETH = 4.57275 USDC; 0.00001 SOL at 150.75 = 0.0015075 USDC, charged 0.001508; 0.01 POL at 0.5025.
        assertEquals(fee(1_300_000_000_000_000L, "ETH", 0, 4_572_750, 95_427_250),
                api.post(ESTIMATE, estimate(usdc, "USDC", "ETHEREUM", 100_000_000, "0xabc")).body());
        assertEquals(fee(10_000, "SOL", 0, 1_508, 99_998_492),
                api.post(ESTIMATE, estimate(usdc, "USDC", "SOLANA", 100_000_000, "So1ana")).body());
        assertEquals(fee(10_000_000_000_000_000L, "POL", 0, 5_025, 99_994_975),
                api.post(ESTIMATE, estimate(usdc, "USDC", "POLYGON", 100_000_000, "0xabc")).body());
        // USDC on Spark pays Bitcoin's fee: 5 sat at 65325 USDC per BTC = 3266.25 micro-USDC, charged 3267.
        assertEquals(fee(5, "BTC", 0, 3_267, 99_996_733),
                api.post(ESTIMATE, estimate(usdc, "USDC", "SPARK", 100_000_000, "sp1abc")).body());
    }

    @Test
    void bitcoin_over_lightning_pays_the_fee_in_bitcoin_to_an_invoice_or_an_address() {
        api.configureCurrency("BTC", 1, 9_000_000_000_000_000L, "INCOMING", "OUTGOING");
        String btc = account(api, "BTC");
        assertEquals(fee(10, "BTC", 0, 10, 99_990),
                api.post(ESTIMATE, estimate(btc, "BTC", "LIGHTNING", 100_000, "lnbc1500n1pjexample")).body());
        assertEquals(fee(10, "BTC", 0, 10, 1),
                api.post(ESTIMATE, estimate(btc, "BTC", "LIGHTNING", 11, "ada@wallet.example")).body());
        assertEquals(fee(5, "BTC", 0, 5, 995),
                api.post(ESTIMATE, estimate(btc, "BTC", "SPARK", 1_000, "sp1abc")).body());
    }

    @Test
    void the_service_fee_follows_the_fee_configs_of_the_currency_withdrawn() {
        // The platform's fee configs apply to payments sending their sourceCurrency (USD only today): not to USDC.
        var patched = api.patch("/config", Map.of("feeConfigs", List.of(Map.of("feeType",
                "CROSS_CURRENCY_TRANSACTION", "sourceCurrency", "USD", "variableFeeBps", 100,
                "fixedFee", Map.of("amount", 50, "currency", "USD")))));
        assertEquals(200, patched.status(), patched.body().toString());
        assertEquals(0L, api.post(ESTIMATE, estimate(account(api, "USDC"), "USDC", "BASE", 100_000_000, "0xabc"))
                .body().get("applicationFee"));
    }

    @Test
    void an_amount_the_fees_consume_is_refused_with_the_fees() {
        String usdc = account(api, "USDC");
        var refused = api.post(ESTIMATE, estimate(usdc, "USDC", "BASE", 7_035, "0xabc"));
        assertEquals(400, refused.status());
        assertEquals("AMOUNT_OUT_OF_RANGE", refused.code());
        assertEquals(Map.of("totalFee", 7_035L, "networkFee", 2_000_000_000_000L, "networkFeeAsset", "ETH"),
                refused.body().get("details"));
        assertEquals(1L, api.post(ESTIMATE, estimate(usdc, "USDC", "BASE", 7_036, "0xabc")).body().get("netAmount"));
        assertEquals(List.of("amount"), api.post(ESTIMATE, estimate(usdc, "USDC", "BASE", 0, "0xabc"))
                .invalidFields());
        assertEquals(List.of("amount"), api.post(ESTIMATE, estimate(usdc, "USDC", "BASE", -5, "0xabc"))
                .invalidFields());

        api.configureCurrency("USDC", 10_000_000, 9_000_000_000_000_000L, "INCOMING", "OUTGOING");
        var belowMinimum = api.post(ESTIMATE, estimate(usdc, "USDC", "BASE", 9_999_999, "0xabc"));
        assertEquals("AMOUNT_OUT_OF_RANGE", belowMinimum.code(), "the platform's limits for the currency");
        assertEquals(10_000_000L, ((Map<?, ?>) belowMinimum.body().get("details")).get("minAmount"));
    }

    @Test
    void a_request_the_network_or_the_account_cannot_serve_is_refused() {
        String usdc = account(api, "USDC");
        String usd = account(api, "USD");
        var mismatch = api.post(ESTIMATE, estimate(usd, "USDC", "BASE", 1_000_000, "0xabc"));
        assertEquals(400, mismatch.status());
        assertEquals("INVALID_CURRENCY", mismatch.code());
        assertEquals(List.of("currency"), api.post(ESTIMATE, estimate(usd, "USD", "BASE", 1_000_000, "0xabc"))
                .invalidFields(), "fiat is not withdrawn to an address");
        assertEquals(List.of("cryptoNetwork"), api.post(ESTIMATE, estimate(usdc, "USDC", "DOGECOIN", 1_000_000,
                "0xabc")).invalidFields(), "an unknown network");
        assertEquals(List.of("cryptoNetwork"), api.post(ESTIMATE, estimate(usdc, "USDC", "LIGHTNING", 1_000_000,
                "lnbc1")).invalidFields(), "Lightning carries no USDC");
        assertEquals(List.of("cryptoNetwork"), api.post(ESTIMATE, estimate(usdc, "USDC", "BITCOIN", 1_000_000,
                "bc1q")).invalidFields(), "no external account holds a Bitcoin address");
        assertEquals(List.of("destinationAddress"), api.post(ESTIMATE, estimate(usdc, "USDC", "BASE", 1_000_000,
                "0x" + "a".repeat(254))).invalidFields(), "a wallet address is at most 255 characters");
        assertEquals(List.of("destinationAddress"), api.post(ESTIMATE, estimate(usdc, "USDC", "BASE", 1_000_000,
                "")).invalidFields());
        assertEquals(List.of("internalAccountId"), api.post(ESTIMATE, estimate("InternalAccount:123", "USDC", "BASE",
                1_000_000, "0xabc")).invalidFields());

        Map<String, Object> unknownField = estimate(usdc, "USDC", "BASE", 1_000_000, "0xabc");
        unknownField.put("memo", "x");
        assertEquals(List.of("memo"), api.post(ESTIMATE, unknownField).invalidFields());
        assertEquals(java.util.Set.of("internalAccountId", "currency", "cryptoNetwork", "amount",
                "destinationAddress"), java.util.Set.copyOf(api.post(ESTIMATE, Map.of()).invalidFields()));
        assertEquals(List.of("dryRun"), api.post(ESTIMATE + "?dryRun=true",
                estimate(usdc, "USDC", "BASE", 1_000_000, "0xabc")).invalidFields());
    }

    @Test
    void only_the_callers_own_accounts_are_found() {
        ApiClient other = TestServer.newPlatform(Environment.SANDBOX);
        String theirs = account(other, "USDC");
        var foreign = api.post(ESTIMATE, estimate(theirs, "USDC", "BASE", 1_000_000, "0xabc"));
        assertEquals(404, foreign.status());
        assertEquals("REFERENCE_NOT_FOUND", foreign.code());
        assertEquals(200, other.post(ESTIMATE, estimate(theirs, "USDC", "BASE", 1_000_000, "0xabc")).status());
        var unknown = api.post(ESTIMATE, estimate("InternalAccount:" + UUID.randomUUID(), "USDC", "BASE",
                1_000_000, "0xabc"));
        assertEquals(404, unknown.status());

        String platformOwn = (String) api.get("/platform/internal-accounts?currency=USDC").data().get(0).get("id");
        assertEquals(200, api.post(ESTIMATE, estimate(platformOwn, "USDC", "BASE", 1_000_000, "0xabc")).status(),
                "the platform's own account too");
    }

    @Test
    void a_production_platform_is_connected_to_no_network_yet() {
        ApiClient production = TestServer.newPlatform(Environment.PRODUCTION);
        String own = (String) production.get("/platform/internal-accounts?currency=USDC").data().get(0).get("id");
        var reply = production.post(ESTIMATE, estimate(own, "USDC", "BASE", 1_000_000, "0xabc"));
        assertEquals(501, reply.status(), reply.raw().body());
        assertEquals("NOT_IMPLEMENTED", reply.code());
    }

    @Test
    void each_look_up_needs_view() {
        String usdc = account(api, "USDC");
        ApiClient writer = TestServer.withPermissions(api, Permission.MANAGE, Permission.TRANSACT);
        for (var reply : List.of(writer.get("/uma-providers"), writer.get("/vasps"),
                writer.post(ESTIMATE, estimate(usdc, "USDC", "BASE", 1_000_000, "0xabc")))) {
            assertEquals(403, reply.status(), reply.raw().body());
            assertEquals("FORBIDDEN", reply.code());
        }
        ApiClient viewer = TestServer.withPermissions(api, Permission.VIEW);
        assertEquals(200, viewer.get("/uma-providers").status());
        assertEquals(200, viewer.get("/vasps").status());
        assertEquals(200, viewer.post(ESTIMATE, estimate(usdc, "USDC", "BASE", 1_000_000, "0xabc")).status());
    }
}
