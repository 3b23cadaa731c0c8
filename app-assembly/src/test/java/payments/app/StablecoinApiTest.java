package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;
import payments.core.platform.Permission;

/**
 * Stablecoins over HTTP against the real database: provider links and their credentials, registration and its way
 * to service operations on the sandbox clock, mints and burns with every magic value and refusal, their ledger
 * postings, idempotency, permissions and isolation.
 */
class StablecoinApiTest {
    static final String PROVIDER = "PAYMENTS_SANDBOX";
    /** One dollar in the sandbox token's units (6 decimals). */
    static final long DOLLAR = 1_000_000;
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);

    @AfterEach
    void ledger_stays_balanced() {
        var check = api.get("/sandbox/ledger/check");
        assertEquals(true, check.body().get("balanced"), String.valueOf(check.body().get("violations")));
    }

    // ---- helpers, shared with the fuzzers ----

    /** A create call with a fresh Idempotency-Key. */
    static ApiClient.Reply create(ApiClient client, String path, Object body) {
        return client.withHeader("Idempotency-Key", UUID.randomUUID().toString()).post(path, body);
    }

    static Map<String, Object> linkBody(String clientId, String secret) {
        return new HashMap<>(Map.of("provider", PROVIDER, "apiClientId", clientId, "apiClientSecret", secret));
    }

    /** A new ACTIVE link of {@code client}'s platform; its id. */
    static String link(ApiClient client) {
        var linked = create(client, "/stablecoin-provider-accounts", linkBody("client-" + UUID.randomUUID(),
                "secret-" + UUID.randomUUID()));
        assertEquals(201, linked.status(), linked.raw().body());
        return linked.string("id");
    }

    static Map<String, Object> registerBody(String linkId) {
        Map<String, Object> body = new HashMap<>(Map.of("providerTokenIdentifier", "tok-" + UUID.randomUUID(),
                "networkTokenIdentifier", "btkn1" + UUID.randomUUID().toString().replace("-", ""),
                "network", "SPARK"));
        if (linkId != null) {
            body.put("stablecoinProviderAccountId", linkId);
        }
        return body;
    }

    static void advance(ApiClient client, long seconds) {
        assertEquals(200, client.post("/sandbox/clock/advance", Map.of("seconds", seconds)).status());
    }

    /**
     * A coin of {@code client}'s platform through a new link, PROVISIONED and ENABLED (the platform's first coin of
     * the sandbox token), with the platform holding its currency; the coin's JSON.
     */
    static Map<String, Object> enabledCoin(ApiClient client) {
        return enabledCoin(client, link(client));
    }

    /** {@link #enabledCoin(ApiClient)} through the link {@code linkId}. */
    static Map<String, Object> enabledCoin(ApiClient client, String linkId) {
        var registered = create(client, "/stablecoins", registerBody(linkId));
        assertEquals(201, registered.status(), registered.raw().body());
        String id = registered.string("id");
        for (int step = 0; step < 4; step++) {
            advance(client, 60);
        }
        var coin = client.get("/stablecoins/" + id).body();
        assertEquals("ENABLED", coin.get("serviceOperationsStatus"), coin.toString());
        client.configureCurrency("SBUSD", 1, 9_000_000_000_000_000L, "INCOMING", "OUTGOING");
        return coin;
    }

    /** The platform's internal account in {@code currency}. */
    static String platformAccount(ApiClient client, String currency) {
        return (String) client.get("/platform/internal-accounts?currency=" + currency).data().get(0).get("id");
    }

    static Map<String, Object> wireMint(long amount, String destination) {
        return Map.of("amount", Long.toString(amount), "fundingSource", Map.of("type", "WIRE"),
                "destination", Map.of("accountId", destination), "description", "treasury top-up");
    }

    static Map<String, Object> balanceMint(long amount, String destination) {
        return Map.of("amount", Long.toString(amount), "fundingSource", Map.of("type",
                "PROVIDER_INTERNAL_BALANCE", "sourceTokenIdentifier", "usd-balance", "cryptoNetwork", "SPARK"),
                "destination", Map.of("accountId", destination));
    }

    static Map<String, Object> internalBurn(long amount, String source, String bankAccount) {
        return Map.of("amount", Long.toString(amount), "source", Map.of("type", "SERVICE_INTERNAL_ACCOUNT",
                "accountId", source), "destination", Map.of("type", "EXTERNAL_ACCOUNT", "externalAccountId",
                bankAccount, "rail", "ACH_CREDIT"), "description", "redemption");
    }

    /** A platform bank account in USD; its id. */
    static String bankAccount(ApiClient client, String accountNumber) {
        var created = client.post("/platform/external-accounts", AccountApiTest.usdAccount(null, accountNumber));
        assertEquals(201, created.status(), created.raw().body());
        return created.string("id");
    }

    private static long[] balances(ApiClient client, String accountId) {
        for (var account : client.get("/platform/internal-accounts").data()) {
            if (account.get("id").equals(accountId)) {
                return new long[] {(Long) ((Map<?, ?>) account.get("balance")).get("amount"),
                        (Long) ((Map<?, ?>) account.get("totalBalance")).get("amount")};
            }
        }
        throw new AssertionError("no account " + accountId);
    }

    private String status(String operationId) {
        return api.get("/stablecoin-operations/" + operationId).string("status");
    }

    private static void assertRefused(ApiClient.Reply reply, int status, String code) {
        assertEquals(status, reply.status(), reply.raw().body());
        assertEquals(code, reply.code(), reply.raw().body());
    }

    // ---- provider accounts ----

    @Test
    void linking_checks_the_credentials_stores_the_secret_sealed_and_never_shows_it() {
        String secret = "s3cret-" + UUID.randomUUID();
        var linked = create(api, "/stablecoin-provider-accounts", linkBody("issuer-app", secret));
        assertEquals(201, linked.status(), linked.raw().body());
        var link = linked.body();
        String id = (String) link.get("id");
        assertTrue(id.startsWith("StablecoinProviderAccount:"), id);
        assertEquals(PROVIDER, link.get("provider"));
        assertTrue(((String) link.get("providerAccountId")).startsWith("acct_"), link.toString());
        assertEquals("SANDBOX", link.get("providerEnvironment"));
        assertEquals("ACTIVE", link.get("status"));
        assertNotNull(link.get("lastVerifiedAt"));
        assertFalse(linked.raw().body().contains(secret));
        assertFalse(link.containsKey("apiClientSecret"));
        assertEquals(link, api.get("/stablecoin-provider-accounts/" + id).body());

        // At rest: sealed for its row, not the secret's bytes.
        byte[] stored = (byte[]) TestServer.get().wiring().db().ctx().fetchValue("select api_client_secret from "
                + "stablecoin_provider_accounts where id = ?::uuid", id.split(":")[1]);
        assertFalse(new String(stored, StandardCharsets.ISO_8859_1).contains(secret));
        assertEquals(1, stored[0]); // SecretBox's version byte

        var invalid = create(api, "/stablecoin-provider-accounts", linkBody("other-app", "wrong_invalid")).body();
        assertEquals("INVALID", invalid.get("status"));
        assertNull(invalid.get("lastVerifiedAt"));
        var revoked = create(api, "/stablecoin-provider-accounts", linkBody("third-app", "old_revoked")).body();
        assertEquals("REVOKED", revoked.get("status"));

        var all = api.get("/stablecoin-provider-accounts?provider=" + PROVIDER).body();
        assertEquals(3L, all.get("totalCount"));
        assertEquals(false, all.get("hasMore"));
        var active = api.get("/stablecoin-provider-accounts?status=ACTIVE").body();
        assertEquals(1L, active.get("totalCount"));
        assertEquals(id, ((List<?>) active.get("data")).stream().map(a -> ((Map<?, ?>) a).get("id")).findFirst()
                .orElseThrow());
        var page = api.get("/stablecoin-provider-accounts?limit=2");
        assertEquals(true, page.body().get("hasMore"));
        assertEquals(1, api.get("/stablecoin-provider-accounts?limit=2&cursor=" + page.string("nextCursor"))
                .data().size());
    }

    @Test
    void credentials_reaching_several_accounts_need_one_named_and_linking_an_account_again_rotates_its_credentials() {
        var several = create(api, "/stablecoin-provider-accounts", linkBody("treasury_multi", "secret"));
        assertRefused(several, 400, "STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED");
        List<?> choices = (List<?>) ((Map<?, ?>) several.body().get("details")).get("choices");
        assertEquals(3, choices.size());

        Map<String, Object> body = linkBody("treasury_multi", "secret");
        body.put("providerAccountId", "acct_not_reached");
        assertEquals(List.of("providerAccountId"), create(api, "/stablecoin-provider-accounts", body)
                .invalidFields());
        body.put("providerAccountId", choices.get(1));
        var first = create(api, "/stablecoin-provider-accounts", body);
        assertEquals(201, first.status(), first.raw().body());
        assertEquals(choices.get(1), first.string("providerAccountId"));

        // The same account linked again keeps its link: new credentials, the provider's new word on them.
        body.put("apiClientSecret", "rotated_revoked");
        var rotated = create(api, "/stablecoin-provider-accounts", body);
        assertEquals(201, rotated.status());
        assertEquals(first.string("id"), rotated.string("id"));
        assertEquals("REVOKED", rotated.string("status"));
        assertEquals(first.body().get("lastVerifiedAt"), rotated.body().get("lastVerifiedAt"));
        assertEquals(1L, api.get("/stablecoin-provider-accounts").body().get("totalCount"));
    }

    @Test
    void a_provider_that_is_down_refuses_the_link_with_503_and_stores_nothing() {
        var down = create(api, "/stablecoin-provider-accounts", linkBody("app", "any_down"));
        assertRefused(down, 503, "SERVICE_UNAVAILABLE");
        assertEquals("30", down.raw().headers().firstValue("Retry-After").orElseThrow());
        assertEquals(0L, api.get("/stablecoin-provider-accounts").body().get("totalCount"));
    }

    @Test
    void every_create_requires_an_idempotency_key_and_a_replay_answers_the_first_response() {
        String linkId = link(api);
        for (String path : List.of("/stablecoin-provider-accounts", "/stablecoins",
                "/stablecoins/Stablecoin:" + UUID.randomUUID() + "/mints",
                "/stablecoins/Stablecoin:" + UUID.randomUUID() + "/burns")) {
            var missing = api.post(path, Map.of());
            assertEquals(List.of("Idempotency-Key"), missing.invalidFields(), path);
            assertEquals(List.of("Idempotency-Key"), api.withHeader("Idempotency-Key", "x".repeat(256))
                    .post(path, Map.of()).invalidFields(), path);
        }

        ApiClient keyed = api.withHeader("Idempotency-Key", UUID.randomUUID().toString());
        Map<String, Object> body = registerBody(linkId);
        var first = keyed.post("/stablecoins", body);
        assertEquals(201, first.status(), first.raw().body());
        var again = keyed.post("/stablecoins", body);
        assertEquals(201, again.status());
        assertEquals(first.raw().body(), again.raw().body());
        assertEquals("true", again.raw().headers().firstValue("Idempotent-Replayed").orElseThrow());
        assertRefused(keyed.post("/stablecoins", registerBody(linkId)), 409, "CONFLICT");
        assertEquals(1L, api.get("/stablecoins").body().get("totalCount"));

        // A refusal keeps nothing under its key: the same key works once the request is right.
        ApiClient retried = api.withHeader("Idempotency-Key", UUID.randomUUID().toString());
        Map<String, Object> unknownToken = registerBody(linkId);
        unknownToken.put("providerTokenIdentifier", "tok_unknown");
        assertEquals(List.of("providerTokenIdentifier"), retried.post("/stablecoins", unknownToken).invalidFields());
        assertEquals(201, retried.post("/stablecoins", registerBody(linkId)).status());
    }

    // ---- stablecoins ----

    @Test
    void a_registered_coin_is_reviewed_provisioned_and_enabled_on_the_sandbox_clock() {
        String linkId = link(api);
        var registered = create(api, "/stablecoins", registerBody(null));
        assertEquals(201, registered.status(), registered.raw().body());
        var coin = registered.body();
        String id = (String) coin.get("id");
        assertTrue(id.startsWith("Stablecoin:"), id);
        assertEquals("Sandbox USD", coin.get("name"));
        assertEquals("SBUSD", coin.get("symbol"));
        assertEquals("USD", coin.get("baseCurrency"));
        assertEquals(6L, coin.get("decimals"));
        assertEquals("SPARK", coin.get("network"));
        assertEquals(PROVIDER, coin.get("provider"));
        assertEquals(linkId, coin.get("stablecoinProviderAccountId"));
        assertEquals("SANDBOX", coin.get("providerEnvironment"));
        assertEquals("PENDING_REVIEW", coin.get("issuanceStatus"));
        assertEquals("NOT_ENABLED", coin.get("serviceOperationsStatus"));
        assertNull(coin.get("currency"));

        String[][] steps = {{"PROVISIONING", "NOT_ENABLED"}, {"PROVISIONED", "PENDING_APPROVAL"},
            {"PROVISIONED", "ENABLING"}, {"PROVISIONED", "ENABLED"}};
        for (String[] step : steps) {
            advance(api, 60);
            var now = api.get("/stablecoins/" + id).body();
            assertEquals(step[0], now.get("issuanceStatus"), now.toString());
            assertEquals(step[1], now.get("serviceOperationsStatus"), now.toString());
        }
        assertEquals("SBUSD", api.get("/stablecoins/" + id).string("currency"));

        // A second coin of the same token symbol is provisioned but waits: the currency holds the first.
        String second = create(api, "/stablecoins", registerBody(null)).string("id");
        for (int step = 0; step < 4; step++) {
            advance(api, 60);
        }
        assertEquals("PENDING_APPROVAL", api.get("/stablecoins/" + second).string("serviceOperationsStatus"));
        assertNull(api.get("/stablecoins/" + second).string("currency"));

        assertEquals(1L, api.get("/stablecoins?serviceOperationsStatus=ENABLED").body().get("totalCount"));
        assertEquals(2L, api.get("/stablecoins?issuanceStatus=PROVISIONED&provider=" + PROVIDER).body()
                .get("totalCount"));
        assertEquals(0L, api.get("/stablecoins?issuanceStatus=REJECTED").body().get("totalCount"));
        assertEquals(List.of("issuanceStatus"), api.get("/stablecoins?issuanceStatus=DONE").invalidFields());
        assertEquals(List.of("provider"), api.get("/stablecoins?provider=OTHER").invalidFields());
    }

    @Test
    void the_provider_can_reject_or_fail_a_token_and_a_turned_down_token_can_be_registered_again() {
        link(api);
        Map<String, Object> rejectedBody = registerBody(null);
        rejectedBody.put("providerTokenIdentifier", "tok_rejected");
        String rejected = create(api, "/stablecoins", rejectedBody).string("id");
        Map<String, Object> failedBody = registerBody(null);
        failedBody.put("providerTokenIdentifier", "tok_failed");
        String failed = create(api, "/stablecoins", failedBody).string("id");
        advance(api, 60);
        assertEquals("REJECTED", api.get("/stablecoins/" + rejected).string("issuanceStatus"));
        assertEquals("PROVISIONING", api.get("/stablecoins/" + failed).string("issuanceStatus"));
        advance(api, 60);
        assertEquals("FAILED", api.get("/stablecoins/" + failed).string("issuanceStatus"));
        assertEquals("NOT_ENABLED", api.get("/stablecoins/" + failed).string("serviceOperationsStatus"));

        // The same network token again: taken while registered, free once the provider turned it down.
        Map<String, Object> again = registerBody(null);
        again.put("networkTokenIdentifier", rejectedBody.get("networkTokenIdentifier"));
        assertEquals(201, create(api, "/stablecoins", again).status());
        assertRefused(create(api, "/stablecoins", again), 409, "CONFLICT");
    }

    @Test
    void registration_needs_one_usable_link() {
        assertRefused(create(api, "/stablecoins", registerBody(null)), 404, "STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND");
        assertRefused(create(api, "/stablecoins", registerBody("StablecoinProviderAccount:" + UUID.randomUUID())),
                404, "STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND");
        assertEquals(List.of("stablecoinProviderAccountId"), create(api, "/stablecoins",
                registerBody("Stablecoin:" + UUID.randomUUID())).invalidFields());

        String invalid = create(api, "/stablecoin-provider-accounts", linkBody("a", "x_invalid")).string("id");
        assertRefused(create(api, "/stablecoins", registerBody(invalid)), 400, "STABLECOIN_PROVIDER_ACCOUNT_INVALID");
        // With no ACTIVE link, the newest link says why.
        assertRefused(create(api, "/stablecoins", registerBody(null)), 400, "STABLECOIN_PROVIDER_ACCOUNT_INVALID");
        String revoked = create(api, "/stablecoin-provider-accounts", linkBody("b", "x_revoked")).string("id");
        assertRefused(create(api, "/stablecoins", registerBody(revoked)), 400, "STABLECOIN_PROVIDER_ACCOUNT_REVOKED");

        String one = link(api);
        assertEquals(one, create(api, "/stablecoins", registerBody(null)).string("stablecoinProviderAccountId"));
        String two = link(api);
        assertRefused(create(api, "/stablecoins", registerBody(null)), 400,
                "STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED");
        assertEquals(two, create(api, "/stablecoins", registerBody(two)).string("stablecoinProviderAccountId"));

        Map<String, Object> down = registerBody(one);
        down.put("providerTokenIdentifier", "tok_down");
        assertRefused(create(api, "/stablecoins", down), 503, "SERVICE_UNAVAILABLE");
        Map<String, Object> bad = registerBody(one);
        bad.put("network", "SOLANA");
        bad.put("zz", 1);
        assertEquals(List.of("network", "zz"), create(api, "/stablecoins", bad).invalidFields().stream().sorted()
                .toList());
        assertEquals(2L, api.get("/stablecoins").body().get("totalCount"));
    }

    // ---- mints and burns ----

    @Test
    void a_wire_mint_credits_the_internal_account_once_completed_and_a_burn_debits_it() {
        String coin = (String) enabledCoin(api).get("id");
        String treasury = platformAccount(api, "SBUSD");
        String bank = bankAccount(api, "123456789");

        var minted = create(api, "/stablecoins/" + coin + "/mints", wireMint(25 * DOLLAR, treasury));
        assertEquals(201, minted.status(), minted.raw().body());
        var mint = minted.body();
        String mintId = (String) mint.get("id");
        assertTrue(mintId.startsWith("StablecoinOperation:"), mintId);
        assertEquals(coin, mint.get("stablecoinId"));
        assertEquals("MINT", mint.get("operationType"));
        assertEquals("PENDING_FUNDING", mint.get("status"));
        assertEquals("25000000", mint.get("amount"));
        assertEquals(Map.of("type", "WIRE"), mint.get("source"));
        assertEquals(Map.of("accountId", treasury), mint.get("destination"));
        var wire = (Map<?, ?>) mint.get("fundingInstructions");
        assertEquals("WIRE", wire.get("rail"));
        assertEquals("2500", wire.get("amount"));
        assertEquals("USD", wire.get("currency"));
        assertNotNull(mint.get("expiresAt"));
        assertEquals("treasury top-up", mint.get("description"));
        assertEquals("AWAITING_FUNDS", mint.get("providerStatus"));

        advance(api, 60);
        assertEquals("PROCESSING", status(mintId));
        assertEquals(0L, balances(api, treasury)[1]);
        advance(api, 60);
        assertEquals("COMPLETED", status(mintId));
        assertEquals(25 * DOLLAR, balances(api, treasury)[1]);

        var burned = create(api, "/stablecoins/" + coin + "/burns", internalBurn(10 * DOLLAR, treasury, bank));
        assertEquals(201, burned.status(), burned.raw().body());
        var burn = burned.body();
        assertEquals("BURN", burn.get("operationType"));
        assertEquals("PENDING_PROVIDER", burn.get("status"));
        assertEquals(Map.of("type", "SERVICE_INTERNAL_ACCOUNT", "accountId", treasury), burn.get("source"));
        assertEquals(Map.of("accountId", bank, "rail", "ACH_CREDIT"), burn.get("destination"));
        assertEquals(Map.of("rail", "ACH_CREDIT", "amount", "1000", "currency", "USD", "timing",
                "1-3 business days"), burn.get("estimatedDelivery"));
        assertNull(burn.get("fundingInstructions"));
        // Held at once: no longer available, still in the total until the provider completes it.
        assertEquals(15 * DOLLAR, balances(api, treasury)[0]);
        assertEquals(25 * DOLLAR, balances(api, treasury)[1]);
        advance(api, 60);
        assertEquals("PROCESSING", status((String) burn.get("id")));
        advance(api, 60);
        assertEquals("COMPLETED", status((String) burn.get("id")));
        assertEquals(15 * DOLLAR, balances(api, treasury)[0]);
        assertEquals(15 * DOLLAR, balances(api, treasury)[1]);

        var operations = api.get("/stablecoins/" + coin + "/operations").body();
        assertEquals(2L, operations.get("totalCount"));
        assertEquals(burn.get("id"), ((Map<?, ?>) ((List<?>) operations.get("data")).get(0)).get("id"));
        assertEquals(1L, api.get("/stablecoins/" + coin + "/operations?operationType=MINT").body()
                .get("totalCount"));
        var firstPage = api.get("/stablecoins/" + coin + "/operations?limit=1");
        assertEquals(true, firstPage.body().get("hasMore"));
        assertEquals(mintId, api.get("/stablecoins/" + coin + "/operations?limit=1&cursor="
                + firstPage.string("nextCursor")).data().get(0).get("id"));
    }

    @Test
    void mints_to_spark_wallets_and_burns_of_tokens_sent_back_move_the_supply_held_outside() {
        String coin = (String) enabledCoin(api).get("id");
        String wallet = api.post("/platform/external-accounts", Map.of("currency", "USDC", "accountInfo",
                Map.of("accountType", "SPARK_WALLET", "address", "sprt1qissuerwallet"))).string("id");
        String bank = bankAccount(api, "123456789");
        String mint = create(api, "/stablecoins/" + coin + "/mints", Map.of("amount", "5000000", "fundingSource",
                Map.of("type", "ACH_DEBIT", "externalAccountId", bank), "destination", Map.of("accountId", wallet)))
                .string("id");
        assertEquals("PENDING_PROVIDER", status(mint));
        var burned = create(api, "/stablecoins/" + coin + "/burns", Map.of("amount", "2000000", "source",
                Map.of("type", "EXTERNAL_ACCOUNT"), "destination", Map.of("type", "EXTERNAL_ACCOUNT",
                        "externalAccountId", bank, "rail", "RTP_CREDIT")));
        assertEquals("PENDING_FUNDING", burned.string("status"));
        var deposit = (Map<?, ?>) burned.body().get("fundingInstructions");
        assertEquals("SPARK", deposit.get("network"));
        assertTrue(((String) deposit.get("address")).startsWith("sprt1"), deposit.toString());
        assertNotNull(deposit.get("valueType"));
        var other = create(api, "/stablecoins/" + coin + "/burns", Map.of("amount", "1000000", "source",
                Map.of("type", "PROVIDER_INTERNAL_BALANCE"), "destination", Map.of("type", "EXTERNAL_ACCOUNT",
                        "externalAccountId", bank, "rail", "WIRE")));
        assertEquals("PENDING_PROVIDER", other.string("status"));
        advance(api, 60);
        advance(api, 60);
        for (String id : List.of(mint, burned.string("id"), other.string("id"))) {
            assertEquals("COMPLETED", status(id));
        }
        // The ledger check compares the supply (5 - 2 - 1 tokens) with the coin's ISSUED account: see @AfterEach.
        assertEquals(0L, balances(api, platformAccount(api, "SBUSD"))[1]);
    }

    @Test
    void magic_amounts_fail_expire_or_find_the_provider_down() {
        String coin = (String) enabledCoin(api).get("id");
        String treasury = platformAccount(api, "SBUSD");
        String bank = bankAccount(api, "123456789");
        String funded = create(api, "/stablecoins/" + coin + "/mints", balanceMint(100 * DOLLAR, treasury))
                .string("id");
        advance(api, 60);
        advance(api, 60);
        assertEquals("COMPLETED", status(funded));

        // Cents ending 002: the provider rejects it after processing; the burn's hold goes back.
        String rejected = create(api, "/stablecoins/" + coin + "/burns", internalBurn(10_020_000, treasury, bank))
                .string("id");
        assertEquals(100 * DOLLAR - 10_020_000, balances(api, treasury)[0]);
        // Cents ending 003: a wire that never comes expires after a day; an ACH debit that fails is FAILED.
        String unfunded = create(api, "/stablecoins/" + coin + "/mints", wireMint(30_000, treasury)).string("id");
        String returned = create(api, "/stablecoins/" + coin + "/mints", Map.of("amount", "30000",
                "fundingSource", Map.of("type", "SAME_DAY_ACH_DEBIT", "externalAccountId", bank),
                "destination", Map.of("accountId", treasury))).string("id");
        advance(api, 60);
        advance(api, 60);
        var failed = api.get("/stablecoin-operations/" + rejected).body();
        assertEquals("FAILED", failed.get("status"));
        assertEquals("PROVIDER_REJECTED", failed.get("failureReason"));
        assertEquals("REJECTED", failed.get("providerStatus"));
        assertEquals(100 * DOLLAR, balances(api, treasury)[0]);
        assertEquals("FUNDING_FAILED", api.get("/stablecoin-operations/" + returned).string("failureReason"));
        assertEquals("PENDING_FUNDING", status(unfunded));
        advance(api, 24 * 3600);
        var expired = api.get("/stablecoin-operations/" + unfunded).body();
        assertEquals("EXPIRED", expired.get("status"));
        assertEquals("FUNDING_EXPIRED", expired.get("failureReason"));
        assertEquals(100 * DOLLAR, balances(api, treasury)[1]);

        // Cents ending 503: the provider is down; nothing is written, and the key can be used again.
        long before = (Long) api.get("/stablecoins/" + coin + "/operations").body().get("totalCount");
        ApiClient keyed = api.withHeader("Idempotency-Key", UUID.randomUUID().toString());
        var down = keyed.post("/stablecoins/" + coin + "/burns", internalBurn(5_030_000, treasury, bank));
        assertRefused(down, 503, "SERVICE_UNAVAILABLE");
        assertTrue(down.raw().headers().firstValue("Retry-After").isPresent());
        assertRefused(create(api, "/stablecoins/" + coin + "/mints", wireMint(5_030_000, treasury)), 503,
                "SERVICE_UNAVAILABLE");
        assertEquals(before, api.get("/stablecoins/" + coin + "/operations").body().get("totalCount"));
        assertEquals(100 * DOLLAR, balances(api, treasury)[0]);
        assertEquals(201, keyed.post("/stablecoins/" + coin + "/burns", internalBurn(5_000_000, treasury, bank))
                .status());
    }

    @Test
    void a_mint_funded_from_an_internal_account_holds_its_fiat_then_moves_it_to_the_coins_reserve() {
        String coin = (String) enabledCoin(api).get("id");
        String treasury = platformAccount(api, "SBUSD");
        String usd = platformAccount(api, "USD");
        api.post("/sandbox/internal-accounts/" + usd + "/fund", Map.of("amount", 1_000));
        Map<String, Object> mint = Map.of("amount", Long.toString(8 * DOLLAR), "fundingSource",
                Map.of("type", "SERVICE_INTERNAL_ACCOUNT", "accountId", usd), "destination",
                Map.of("accountId", treasury));
        String id = create(api, "/stablecoins/" + coin + "/mints", mint).string("id");
        assertEquals(200L, balances(api, usd)[0]);
        assertRefused(create(api, "/stablecoins/" + coin + "/mints", mint), 400, "INSUFFICIENT_BALANCE");
        advance(api, 60);
        advance(api, 60);
        assertEquals("COMPLETED", status(id));
        assertEquals(200L, balances(api, usd)[1]);
        assertEquals(8 * DOLLAR, balances(api, treasury)[1]);
    }

    @Test
    void mints_and_burns_refuse_what_cannot_be_done_and_write_nothing() {
        String unknown = "/stablecoins/Stablecoin:" + UUID.randomUUID();
        String bank = bankAccount(api, "123456789");
        assertRefused(create(api, unknown + "/mints", wireMint(DOLLAR, "InternalAccount:" + UUID.randomUUID())),
                404, "REFERENCE_NOT_FOUND");
        assertRefused(api.get(unknown + "/operations"), 404, "REFERENCE_NOT_FOUND");
        assertRefused(api.get(unknown), 404, "REFERENCE_NOT_FOUND");
        assertRefused(api.get("/stablecoin-operations/StablecoinOperation:" + UUID.randomUUID()), 404,
                "REFERENCE_NOT_FOUND");

        // On a platform of its own: a coin not provisioned yet, then provisioned but not enabled.
        ApiClient early = TestServer.newPlatform(Environment.SANDBOX);
        link(early);
        String pending = create(early, "/stablecoins", registerBody(null)).string("id");
        assertRefused(create(early, "/stablecoins/" + pending + "/mints", wireMint(DOLLAR, platformAccount(early,
                "USD"))), 409, "CONFLICT");
        advance(early, 60);
        advance(early, 60);
        // PROVISIONED, not enabled yet: a Spark wallet may get its tokens, an internal account may not hold them.
        assertEquals(List.of("destination.accountId"), create(early, "/stablecoins/" + pending + "/mints",
                wireMint(DOLLAR, platformAccount(early, "USD"))).invalidFields());
        assertEquals(0L, early.get("/stablecoins/" + pending + "/operations").body().get("totalCount"));

        String coin = (String) enabledCoin(api).get("id");
        String treasury = platformAccount(api, "SBUSD");
        String mints = "/stablecoins/" + coin + "/mints";
        assertEquals(List.of("amount"), create(api, mints, wireMint(DOLLAR + 1, treasury)).invalidFields());
        assertEquals(List.of("amount"), create(api, mints, Map.of("amount", "0", "fundingSource", Map.of("type",
                "WIRE"), "destination", Map.of("accountId", treasury))).invalidFields());
        assertEquals(List.of("amount"), create(api, mints, Map.of("amount", "9".repeat(30), "fundingSource",
                Map.of("type", "WIRE"), "destination", Map.of("accountId", treasury))).invalidFields());
        assertEquals(List.of("amount"), create(api, mints, Map.of("amount", "-5", "fundingSource", Map.of("type",
                "WIRE"), "destination", Map.of("accountId", treasury))).invalidFields());
        assertEquals(List.of("fundingSource.externalAccountId"), create(api, mints, Map.of("amount", "1000000",
                "fundingSource", Map.of("type", "ACH_DEBIT"), "destination", Map.of("accountId", treasury)))
                .invalidFields());
        assertEquals(List.of("destination.accountId"), create(api, mints, wireMint(DOLLAR, "Customer:"
                + UUID.randomUUID())).invalidFields());
        assertRefused(create(api, mints, wireMint(DOLLAR, "InternalAccount:" + UUID.randomUUID())), 404,
                "REFERENCE_NOT_FOUND");
        assertEquals(List.of("destination.accountId"), create(api, mints, wireMint(DOLLAR, platformAccount(api,
                "USD"))).invalidFields());
        assertEquals(List.of("destination.accountId"), create(api, mints, wireMint(DOLLAR, bank)).invalidFields());
        assertRefused(create(api, mints, Map.of("amount", "1000000", "fundingSource", Map.of("type", "ACH_DEBIT",
                "externalAccountId", "ExternalAccount:" + UUID.randomUUID()), "destination",
                Map.of("accountId", treasury))), 404, "REFERENCE_NOT_FOUND");

        String burns = "/stablecoins/" + coin + "/burns";
        assertRefused(create(api, burns, internalBurn(DOLLAR, treasury, bank)), 400, "INSUFFICIENT_BALANCE");
        assertEquals(List.of("source.accountId"), create(api, burns, internalBurn(DOLLAR, platformAccount(api,
                "USD"), bank)).invalidFields());
        String eur = api.post("/platform/external-accounts", Map.of("currency", "EUR", "accountInfo",
                Map.of("accountType", "EUR_ACCOUNT", "iban", "DE89370400440532013000", "beneficiary",
                        Map.of("beneficiaryType", "INDIVIDUAL", "fullName", "Ada Lovelace", "countryOfResidence",
                                "DE", "address", Map.of("line1", "1 Main St", "postalCode", "10115",
                                        "country", "DE"))))).string("id");
        assertEquals(List.of("destination.externalAccountId"), create(api, burns, internalBurn(DOLLAR, treasury,
                eur)).invalidFields());
        Map<String, Object> badRail = new HashMap<>(internalBurn(DOLLAR, treasury, bank));
        badRail.put("destination", Map.of("type", "EXTERNAL_ACCOUNT", "externalAccountId", bank, "rail", "SEPA"));
        assertEquals(List.of("destination.rail"), create(api, burns, badRail).invalidFields());
        assertEquals(0L, api.get("/stablecoins/" + coin + "/operations").body().get("totalCount"));
    }

    @Test
    void a_revoked_link_stops_the_mints_and_burns_of_its_coins_until_it_is_linked_again() {
        String clientId = "rotating-" + UUID.randomUUID();
        String linkId = create(api, "/stablecoin-provider-accounts", linkBody(clientId, "first")).string("id");
        String coin = (String) enabledCoin(api, linkId).get("id");
        String treasury = platformAccount(api, "SBUSD");
        // The same client (so the same provider account) with a secret the provider has revoked.
        assertEquals("REVOKED", create(api, "/stablecoin-provider-accounts", linkBody(clientId, "x_revoked"))
                .string("status"));
        assertRefused(create(api, "/stablecoins/" + coin + "/mints", wireMint(DOLLAR, treasury)), 400,
                "STABLECOIN_PROVIDER_ACCOUNT_REVOKED");
        assertEquals("INVALID", create(api, "/stablecoin-provider-accounts", linkBody(clientId, "x_invalid"))
                .string("status"));
        assertRefused(create(api, "/stablecoins/" + coin + "/burns", internalBurn(DOLLAR, treasury,
                bankAccount(api, "123456789"))), 400, "STABLECOIN_PROVIDER_ACCOUNT_INVALID");
        assertEquals("ACTIVE", create(api, "/stablecoin-provider-accounts", linkBody(clientId, "fresh"))
                .string("status"));
        assertEquals(201, create(api, "/stablecoins/" + coin + "/mints", wireMint(DOLLAR, treasury)).status());
    }

    // ---- the ledger ----

    @Test
    void twenty_concurrent_mints_and_burns_keep_the_coins_supply_equal_to_the_ledger() throws Exception {
        String coin = (String) enabledCoin(api).get("id");
        String treasury = platformAccount(api, "SBUSD");
        String bank = bankAccount(api, "123456789");
        create(api, "/stablecoins/" + coin + "/mints", balanceMint(5 * DOLLAR, treasury));
        advance(api, 120);
        assertEquals(5 * DOLLAR, balances(api, treasury)[0]);

        // Ten mints (not completed yet, so they fund nothing) race ten burns the five tokens cover half of.
        List<java.util.concurrent.Callable<ApiClient.Reply>> calls = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            calls.add(() -> create(api, "/stablecoins/" + coin + "/mints", balanceMint(DOLLAR, treasury)));
            calls.add(() -> create(api, "/stablecoins/" + coin + "/burns", internalBurn(DOLLAR, treasury, bank)));
        }
        @SuppressWarnings("unchecked")
        List<ApiClient.Reply> replies = Concurrently.run(calls.toArray(java.util.concurrent.Callable[]::new));
        assertEquals(15, replies.stream().filter(r -> r.status() == 201).count(), () -> replies.stream()
                .map(r -> r.status() + " " + r.raw().body()).toList().toString());
        assertEquals(5, replies.stream().filter(r -> "INSUFFICIENT_BALANCE".equals(r.code())).count());
        assertEquals(0L, balances(api, treasury)[0]);
        assertEquals(5 * DOLLAR, balances(api, treasury)[1]);

        // Ten more race the clock's advance, which settles the first ones meanwhile.
        List<java.util.concurrent.Callable<ApiClient.Reply>> more = new java.util.ArrayList<>();
        for (int i = 0; i < 9; i++) {
            more.add(() -> create(api, "/stablecoins/" + coin + "/mints", balanceMint(DOLLAR, treasury)));
        }
        more.add(() -> api.post("/sandbox/clock/advance", Map.of("seconds", 120)));
        @SuppressWarnings("unchecked")
        List<ApiClient.Reply> racing = Concurrently.run(more.toArray(java.util.concurrent.Callable[]::new));
        assertTrue(racing.stream().allMatch(r -> r.status() / 100 == 2), () -> racing.stream()
                .map(r -> r.status() + " " + r.raw().body()).toList().toString());
        advance(api, 120);

        long supply = 0;
        var operations = api.get("/stablecoins/" + coin + "/operations?limit=100").data();
        assertEquals(25, operations.size());
        for (var op : operations) {
            assertEquals("COMPLETED", op.get("status"), op.toString());
            long amount = Long.parseLong((String) op.get("amount"));
            supply += "MINT".equals(op.get("operationType")) ? amount : -amount;
        }
        // Every token was minted into, and burnt from, the treasury: its balance is the supply, and the ledger
        // check (@AfterEach) finds the coin's ISSUED account at minus that supply.
        assertEquals(5 * DOLLAR + 10 * DOLLAR - 5 * DOLLAR + 9 * DOLLAR, supply);
        assertEquals(supply, balances(api, treasury)[0]);
        assertEquals(supply, balances(api, treasury)[1]);
    }

    @Test
    void the_ledger_check_finds_an_operation_that_the_ledger_does_not_show() {
        String coin = (String) enabledCoin(api).get("id");
        String treasury = platformAccount(api, "SBUSD");
        String completed = create(api, "/stablecoins/" + coin + "/mints", balanceMint(3 * DOLLAR, treasury))
                .string("id");
        advance(api, 120);
        String pending = create(api, "/stablecoins/" + coin + "/burns", internalBurn(DOLLAR, treasury,
                bankAccount(api, "123456789"))).string("id");
        var db = TestServer.get().wiring().db().ctx();
        String operation = "update stablecoin_operations set %s where id = '%s'";
        String[][] tamperings = {
            {"amount = amount + 1000000", "amount = amount - 1000000", completed,
                "stablecoin supply differs from its ISSUED ledger account"},
            {"status = 'COMPLETED'", "status = 'PENDING_PROVIDER'", pending,
                "completed stablecoin operation without a journal"},
            {"status = 'FAILED'", "status = 'PENDING_PROVIDER'", pending,
                "stablecoin operation whose hold does not match its status"}};
        for (String[] tampering : tamperings) {
            String id = tampering[2].split(":")[1];
            assertEquals(1, db.execute(String.format(operation, tampering[0], id)), tampering[0]);
            try {
                var check = api.get("/sandbox/ledger/check").body();
                assertEquals(false, check.get("balanced"), tampering[0]);
                assertTrue(check.get("violations").toString().contains(tampering[3]),
                        String.valueOf(check.get("violations")));
            } finally {
                db.execute(String.format(operation, tampering[1], id));
            }
        }
        assertEquals(true, api.get("/sandbox/ledger/check").body().get("balanced"));
    }

    // ---- permissions and isolation ----

    @Test
    void links_and_coins_need_manage_mints_and_burns_transact_reads_view() {
        ApiClient manager = TestServer.withPermissions(api, Permission.MANAGE);
        ApiClient trader = TestServer.withPermissions(api, Permission.TRANSACT);
        ApiClient viewer = TestServer.withPermissions(api, Permission.VIEW);
        ApiClient keyedManager = manager.withHeader("Idempotency-Key", UUID.randomUUID().toString());
        Map<String, Object> body = linkBody("perm-app", "secret");
        var linked = keyedManager.post("/stablecoin-provider-accounts", body);
        assertEquals(201, linked.status(), linked.raw().body());
        // The replay reaches the MANAGE token that made it.
        assertEquals(linked.raw().body(), keyedManager.post("/stablecoin-provider-accounts", body).raw().body());
        assertRefused(create(trader, "/stablecoin-provider-accounts", linkBody("t", "s")), 403, "FORBIDDEN");
        assertRefused(create(viewer, "/stablecoins", registerBody(null)), 403, "FORBIDDEN");
        String coin = create(manager, "/stablecoins", registerBody(null)).string("id");
        assertRefused(create(manager, "/stablecoins/" + coin + "/mints", wireMint(DOLLAR, platformAccount(api,
                "USD"))), 403, "FORBIDDEN");
        assertRefused(create(viewer, "/stablecoins/" + coin + "/burns", Map.of()), 403, "FORBIDDEN");
        assertRefused(trader.get("/stablecoins"), 403, "FORBIDDEN");
        assertEquals(200, viewer.get("/stablecoins/" + coin).status());
        assertEquals(200, viewer.get("/stablecoin-provider-accounts").status());
        assertEquals(200, viewer.get("/stablecoins/" + coin + "/operations").status());
    }

    @Test
    void another_platforms_links_coins_and_operations_do_not_exist() {
        var coin = enabledCoin(api);
        String id = (String) coin.get("id");
        String treasury = platformAccount(api, "SBUSD");
        String mint = create(api, "/stablecoins/" + id + "/mints", wireMint(DOLLAR, treasury)).string("id");
        ApiClient other = TestServer.newPlatform(Environment.SANDBOX);
        assertRefused(other.get("/stablecoins/" + id), 404, "REFERENCE_NOT_FOUND");
        assertRefused(other.get("/stablecoins/" + id + "/operations"), 404, "REFERENCE_NOT_FOUND");
        assertRefused(other.get("/stablecoin-operations/" + mint), 404, "REFERENCE_NOT_FOUND");
        assertRefused(other.get("/stablecoin-provider-accounts/" + coin.get("stablecoinProviderAccountId")), 404,
                "STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND");
        assertRefused(create(other, "/stablecoins/" + id + "/mints", wireMint(DOLLAR, treasury)), 404,
                "REFERENCE_NOT_FOUND");
        assertRefused(create(other, "/stablecoins", registerBody((String) coin.get("stablecoinProviderAccountId"))),
                404, "STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND");
        assertEquals(0L, other.get("/stablecoins").body().get("totalCount"));
        assertEquals(0L, other.get("/stablecoin-provider-accounts").body().get("totalCount"));
    }

    @Test
    void production_platforms_have_no_provider_connected_yet() {
        ApiClient production = TestServer.newPlatform(Environment.PRODUCTION);
        assertRefused(create(production, "/stablecoin-provider-accounts", linkBody("app", "secret")), 501,
                "NOT_IMPLEMENTED");
        assertEquals(0L, production.get("/stablecoin-provider-accounts").body().get("totalCount"));
    }
}
