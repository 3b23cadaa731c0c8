package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;
import payments.core.platform.Permission;

class PlatformApiTest {
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);

    @Test
    void the_configured_sandbox_token_reaches_the_default_sandbox_platform() {
        var config = TestServer.sandbox().get("/config");
        assertEquals(200, config.status());
        assertEquals("SANDBOX", config.body().get("environment"));
        assertEquals("sandbox.uma.money", config.body().get("umaDomain"));
    }

    @Test
    void a_token_secret_is_shown_once_and_the_token_works_until_deleted() {
        var created = api.post("/tokens", Map.of("name", "reporting", "permissions", List.of("VIEW")));
        assertEquals(201, created.status());
        String id = created.string("id");
        String secret = created.string("clientSecret");
        assertTrue(id.startsWith("Token:"));
        assertNotNull(secret);

        var fetched = api.get("/tokens/" + id);
        assertEquals(200, fetched.status());
        assertNull(fetched.body().get("clientSecret"));
        assertEquals(List.of("VIEW"), fetched.body().get("permissions"));
        assertTrue(api.get("/tokens?name=reporting").data().stream().anyMatch(t -> id.equals(t.get("id"))));

        ApiClient viewer = new ApiClient(TestServer.get().port(), created.string("clientId") + ":" + secret);
        assertEquals(200, viewer.get("/customers").status());
        assertEquals(403, viewer.post("/customers", Map.of("customerType", "INDIVIDUAL")).status());
        assertEquals(List.of("VIEW"), viewer.get("/tokens/" + id).body().get("permissions"), "VIEW reads tokens");
        assertNull(viewer.get("/tokens/" + id).body().get("clientSecret"));
        assertEquals(200, viewer.get("/tokens").status());
        assertEquals(403, viewer.delete("/tokens/" + id).status());
        ApiClient byFullId = new ApiClient(TestServer.get().port(), id + ":" + secret);
        assertEquals(200, byFullId.get("/customers").status());

        assertEquals(204, api.delete("/tokens/" + id).status());
        assertEquals(401, viewer.get("/customers").status());
        assertEquals(404, api.get("/tokens/" + id).status());
        assertEquals("TOKEN_NOT_FOUND", api.delete("/tokens/" + id).code());
    }

    @Test
    void token_requests_are_validated() {
        var reply = api.post("/tokens", Map.of("name", "", "permissions", List.of("ROOT")));
        assertEquals(400, reply.status());
        assertEquals(List.of("name", "permissions[0]"), reply.invalidFields().stream().sorted().toList());
        assertEquals(List.of("permissions"), api.post("/tokens", Map.of("name", "x")).invalidFields());
        assertEquals(403, TestServer.withPermissions(api, Permission.VIEW)
                .post("/tokens", Map.of("name", "x", "permissions", List.of("VIEW"))).status());
    }

    @Test
    void a_token_grants_at_most_the_permissions_of_the_token_that_creates_it() {
        ApiClient manager = TestServer.withPermissions(api, Permission.MANAGE);

        var escalated = manager.post("/tokens", Map.of("name", "mover", "permissions", List.of("TRANSACT")));
        assertEquals(403, escalated.status());
        assertEquals("FORBIDDEN", escalated.code());
        assertTrue(api.get("/tokens?name=mover").data().isEmpty(), "nothing written");
        assertEquals(201, manager.post("/tokens", Map.of("name", "helper", "permissions", List.of("MANAGE")))
                .status());
    }

    @Test
    void a_token_deletes_only_tokens_that_may_do_no_more_than_itself() {
        ApiClient manager = TestServer.withPermissions(api, Permission.MANAGE);
        String first = "Token:" + api.credentials().substring(0, api.credentials().indexOf(':'));
        String broader = api.post("/tokens", Map.of("name", "broader", "permissions", List.of("MANAGE", "VIEW")))
                .string("id");
        String peer = api.post("/tokens", Map.of("name", "peer", "permissions", List.of("MANAGE"))).string("id");

        var bootstrap = manager.delete("/tokens/" + first);
        var wider = manager.delete("/tokens/" + broader);

        assertEquals(403, bootstrap.status(), "the platform's first token holds every permission");
        assertEquals("FORBIDDEN", bootstrap.code());
        assertEquals(403, wider.status());
        assertEquals(200, api.get("/tokens/" + broader).status(), "nothing deleted");
        assertEquals(200, api.get("/config").status(), "the first token still works");
        assertEquals(204, manager.delete("/tokens/" + peer).status(), "a token no broader than the caller");
        assertEquals(204, api.delete("/tokens/" + broader).status(), "a token with every permission may");
    }

    @Test
    void a_webhook_endpoint_that_would_reach_inside_the_network_is_refused_when_saved() {
        ApiClient production = TestServer.newPlatform(Environment.PRODUCTION);
        for (String url : List.of("http://hooks.invalid/x", "https://127.0.0.1/x", "https://localhost/x",
                "https://10.0.0.8/x", "https://[::1]/x", "https://169.254.169.254/latest")) {
            var refused = production.patch("/config", Map.of("webhookEndpoint", url));
            assertEquals(400, refused.status(), url);
            assertEquals(List.of("webhookEndpoint"), refused.invalidFields(), url);
        }
        for (String url : List.of("https://169.254.169.254/latest", "http://[fe80::1]/x", "http://0.0.0.0:8080/")) {
            var refused = api.patch("/config", Map.of("webhookEndpoint", url));
            assertEquals(400, refused.status(), url + " from a sandbox platform too");
            assertEquals(List.of("webhookEndpoint"), refused.invalidFields(), url);
        }
        assertNull(production.get("/config").body().get("webhookEndpoint"), "nothing saved");

        assertEquals(200, production.patch("/config", Map.of("webhookEndpoint", "https://hooks.invalid/x")).status(),
                "a name that does not resolve yet: every connection is checked");
        assertEquals(200, api.patch("/config", Map.of("webhookEndpoint", "http://127.0.0.1:9/hooks")).status(),
                "a sandbox platform may call the developer's machine");
    }

    @Test
    void a_config_change_by_a_manage_only_token_is_answered_with_the_config_it_made() {
        ApiClient manager = TestServer.withPermissions(api, Permission.MANAGE);

        var patched = manager.patch("/config", Map.of("webhookEndpoint", "https://manager.example/hooks"));

        assertEquals(200, patched.status(), patched.raw().body());
        assertEquals("https://manager.example/hooks", patched.body().get("webhookEndpoint"));
        assertEquals(api.get("/config").body().get("webhookPublicKey"), patched.body().get("webhookPublicKey"));
        assertEquals(403, manager.get("/config").status(), "reading the config is VIEW's");
    }

    @Test
    void patching_the_config_changes_only_the_given_fields_and_opens_accounts_for_new_currencies() {
        var before = api.get("/config").body();
        List<Map<String, Object>> currencies = new java.util.ArrayList<>(
                (List<Map<String, Object>>) before.get("supportedCurrencies"));
        currencies.add(Map.of("currencyCode", "BRL", "minAmount", 100, "maxAmount", 1_000_000,
                "requiredCounterpartyFields", List.of(Map.of("name", "FULL_NAME", "mandatory", true)),
                "enabledTransactionTypes", List.of("OUTGOING")));
        var patched = api.patch("/config", Map.of("webhookEndpoint", "https://platform.example/hooks",
                "supportedCurrencies", currencies));
        assertEquals(200, patched.status());
        assertEquals("https://platform.example/hooks", patched.body().get("webhookEndpoint"));
        assertEquals(before.get("umaDomain"), patched.body().get("umaDomain"));
        assertEquals(1, api.get("/platform/internal-accounts?currency=BRL").data().size());
        assertFalse(api.get("/config").body().get("updatedAt").equals(before.get("updatedAt")));
    }

    @Test
    void a_null_webhook_endpoint_turns_webhooks_off_and_an_omitted_one_stays() {
        assertEquals(200, api.patch("/config", Map.of("webhookEndpoint", "https://platform.example/hooks")).status());
        assertEquals(200, api.patch("/config", Map.of("umaDomain", "platform.example")).status());
        assertEquals("https://platform.example/hooks", api.get("/config").body().get("webhookEndpoint"));
        Map<String, Object> off = new java.util.HashMap<>();
        off.put("webhookEndpoint", null);

        var patched = api.patch("/config", off);

        assertEquals(200, patched.status(), patched.raw().body());
        assertNull(patched.body().get("webhookEndpoint"));
        assertNull(api.get("/config").body().get("webhookEndpoint"));
        assertEquals("WEBHOOK_ENDPOINT_NOT_SET", api.post("/sandbox/webhooks/test", null).code());
    }

    @Test
    void invalid_config_changes_are_refused_without_a_partial_write() {
        var reply = api.patch("/config", Map.of("webhookEndpoint", "ftp://x.example", "umaDomain", "bad domain"));
        assertEquals(400, reply.status());
        assertEquals(List.of("umaDomain", "webhookEndpoint"), reply.invalidFields().stream().sorted().toList());
        for (String unusable : List.of("http://127.0.0.1:99999/hooks", "https://user:secret@hooks.example/x")) {
            assertEquals(List.of("webhookEndpoint"), api.patch("/config", Map.of("webhookEndpoint", unusable))
                    .invalidFields(), unusable);
        }
        var duplicate = api.patch("/config", Map.of("supportedCurrencies", List.of(
                currency("USD"), currency("USD"))));
        assertEquals(List.of("supportedCurrencies[1].currencyCode"), duplicate.invalidFields());
        var fee = api.patch("/config", Map.of("feeConfigs", List.of(Map.of("feeType", "CROSS_CURRENCY_TRANSACTION",
                "sourceCurrency", "EUR", "variableFeeBps", 10, "fixedFee", Map.of("amount", 1, "currency", "EUR")))));
        assertEquals(501, fee.status());
        assertEquals("NOT_IMPLEMENTED", fee.code());
        assertNull(api.get("/config").body().get("webhookEndpoint"));
        assertEquals(List.of(), api.get("/config").body().get("feeConfigs"));
    }

    private static Map<String, Object> currency(String code) {
        return Map.of("currencyCode", code, "minAmount", 1, "maxAmount", 10,
                "requiredCounterpartyFields", List.of(), "enabledTransactionTypes", List.of("INCOMING"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void concurrent_config_changes_each_keep_the_fields_they_change() throws Exception {
        for (int round = 0; round < 5; round++) {
            String endpoint = "https://round-" + round + ".example/hooks";
            List<Map<String, Object>> currencies = new java.util.ArrayList<>();
            for (Map<String, Object> c : (List<Map<String, Object>>) api.get("/config").body()
                    .get("supportedCurrencies")) {
                Map<String, Object> changed = new java.util.LinkedHashMap<>(c);
                changed.put("minAmount", 100 + round);
                currencies.add(changed);
            }
            List<ApiClient.Reply> patched = Concurrently.run(
                    () -> api.patch("/config", Map.of("webhookEndpoint", endpoint)),
                    () -> api.patch("/config", Map.of("supportedCurrencies", currencies)));
            assertEquals(List.of(200, 200), Concurrently.statuses(patched), patched.get(0).raw().body());
            Map<String, Object> after = api.get("/config").body();
            assertEquals(endpoint, after.get("webhookEndpoint"), "round " + round + ": neither change is lost");
            assertEquals(100 + round, ((Number) ((List<Map<String, Object>>) after.get("supportedCurrencies")).get(0)
                    .get("minAmount")).intValue(), "round " + round + ": neither change is lost");
        }
    }
}
