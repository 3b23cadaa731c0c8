package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;

/**
 * Agents over HTTP against the real database: the install flow, the bearer scheme, each permission, the policy's
 * limits (also under a race) and approvals, pause and deletion, and customer and platform isolation.
 */
class AgentApiTest {
    static final List<String> ALL = List.of("VIEW_TRANSACTIONS", "CREATE_TRANSFERS", "CREATE_QUOTES",
            "EXECUTE_QUOTES", "MANAGE_EXTERNAL_ACCOUNTS");
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);
    private final String customerId = api.post("/customers", CustomerApiTest.individual("agent-owner"))
            .string("id");
    private final String usdAccount = internal(customerId, "USD");

    @AfterEach
    void ledger_stays_balanced() {
        var check = api.get("/sandbox/ledger/check");
        assertEquals(true, check.body().get("balanced"), String.valueOf(check.body().get("violations")));
    }

    /** A policy granting {@code permissions} in {@code mode}, limits in USD: per transaction and more. */
    static Map<String, Object> policy(List<String> permissions, String mode, Map<String, Object> limits) {
        Map<String, Object> spending = new HashMap<>(Map.of("currency", "USD", "perTransactionLimit", 1_000_000));
        spending.putAll(limits);
        return new HashMap<>(Map.of("permissions", permissions, "defaultExecutionMode", mode,
                "spendingLimits", spending));
    }

    static Map<String, Object> auto() {
        return policy(ALL, "AUTO", Map.of());
    }

    private String internal(String customer, String currency) {
        return (String) api.get("/customers/internal-accounts?customerId=" + customer + "&currency=" + currency)
                .data().get(0).get("id");
    }

    private Map<String, Object> createAgent(Map<String, Object> policy) {
        var created = api.post("/agents", Map.of("name", "Budget bot", "customerId", customerId,
                "policy", policy));
        assertEquals(201, created.status(), created.raw().body());
        return created.body();
    }

    /** An agent of {@code policy}, installed: a client calling with its access token. */
    private ApiClient connect(Map<String, Object> policy) {
        return connectAs(api, createAgent(policy));
    }

    static ApiClient connectAs(ApiClient platform, Map<String, Object> created) {
        String code = (String) ((Map<?, ?>) created.get("deviceCode")).get("code");
        var redeemed = platform.exchange("POST", "/agents/device-codes/" + code + "/redeem", null, null, null);
        assertEquals(200, redeemed.status(), redeemed.raw().body());
        return platform.asAgent(redeemed.string("accessToken"));
    }

    private String agentId(ApiClient agent) {
        return agent.get("/agents/me").string("id");
    }

    private void fund(long amount) {
        assertEquals(200, api.post("/sandbox/internal-accounts/" + usdAccount + "/fund", Map.of("amount", amount))
                .status());
    }

    private String externalAccount(String accountNumber) {
        return api.post("/customers/external-accounts", AccountApiTest.usdAccount(customerId, accountNumber))
                .string("id");
    }

    private static Map<String, Object> transferOut(String source, String destination, long amount) {
        return Map.of("source", Map.of("accountId", source), "destination", Map.of("accountId", destination),
                "amount", amount);
    }

    private long balance() {
        var account = api.get("/customers/internal-accounts?customerId=" + customerId + "&currency=USD").data()
                .get(0);
        return (Long) ((Map<?, ?>) account.get("balance")).get("amount");
    }

    private static Map<?, ?> usage(ApiClient client, String path) {
        return (Map<?, ?>) client.get(path).body().get("usage");
    }

    @Test
    void the_install_flow_connects_the_agent_and_deletion_takes_its_access_at_once() {
        var created = createAgent(auto());
        var agent = (Map<?, ?>) created.get("agent");
        var deviceCode = (Map<?, ?>) created.get("deviceCode");
        String id = (String) agent.get("id");
        String code = (String) deviceCode.get("code");
        assertTrue(id.startsWith("Agent:"));
        assertEquals(false, agent.get("isConnected"));
        assertEquals(false, agent.get("isPaused"));
        assertEquals(customerId, agent.get("customerId"));
        assertTrue(code.matches("[B-Z2-9]{4}-[B-Z2-9]{4}"), code);
        assertEquals(false, deviceCode.get("redeemed"));
        assertEquals(Map.of("code", code, "redeemed", false),
                api.get("/agents/device-codes/" + code + "/status").body());

        // Typed by a person: lower case, without the dash.
        var redeemed = api.exchange("POST", "/agents/device-codes/" + code.replace("-", "").toLowerCase()
                + "/redeem", null, null, null);
        assertEquals(200, redeemed.status(), redeemed.raw().body());
        assertEquals(id, redeemed.string("agentId"));
        assertEquals("Budget bot", redeemed.string("agentName"));
        assertEquals(ALL, ((Map<?, ?>) redeemed.body().get("policy")).get("permissions"));
        assertEquals(true, api.get("/agents/device-codes/" + code + "/status").body().get("redeemed"));
        ApiClient bot = api.asAgent(redeemed.string("accessToken"));
        var me = bot.get("/agents/me");
        assertEquals(200, me.status());
        assertEquals(true, me.body().get("isConnected"));
        assertEquals(true, api.get("/agents/" + id).body().get("isConnected"));

        var again = api.exchange("POST", "/agents/device-codes/" + code + "/redeem", null, null, null);
        assertEquals(400, again.status());
        assertEquals("DEVICE_CODE_REDEEMED", again.code());
        var fresh = api.post("/agents/" + id + "/device-codes", null);
        assertEquals(409, fresh.status());
        assertEquals("AGENT_ALREADY_CONNECTED", fresh.code());

        assertEquals(204, api.delete("/agents/" + id).status());
        var gone = bot.get("/agents/me");
        assertEquals(401, gone.status());
        assertEquals("UNAUTHORIZED", gone.code());
        assertEquals(404, api.get("/agents/" + id).status());
        assertEquals(404, api.delete("/agents/" + id).status());
    }

    @Test
    void a_fresh_device_code_supersedes_the_unredeemed_one_and_codes_expire_by_the_sandbox_clock() {
        var created = createAgent(auto());
        String id = (String) ((Map<?, ?>) created.get("agent")).get("id");
        String first = (String) ((Map<?, ?>) created.get("deviceCode")).get("code");
        var fresh = api.post("/agents/" + id + "/device-codes", null);
        assertEquals(201, fresh.status(), fresh.raw().body());
        String second = fresh.string("code");
        assertNotEquals(first, second);
        var superseded = api.exchange("POST", "/agents/device-codes/" + first + "/redeem", null, null, null);
        assertEquals(400, superseded.status());
        assertEquals("DEVICE_CODE_EXPIRED", superseded.code());

        api.post("/sandbox/clock/advance", Map.of("seconds", 15 * 60));
        var expired = api.exchange("POST", "/agents/device-codes/" + second + "/redeem", null, null, null);
        assertEquals(400, expired.status());
        assertEquals("DEVICE_CODE_EXPIRED", expired.code());
        assertEquals(404, api.exchange("POST", "/agents/device-codes/BBBB-BBBB/redeem", null, null, null).status());
    }

    @Test
    void the_bearer_scheme_refuses_what_is_not_a_live_agent_token() {
        ApiClient bot = connect(auto());
        String token = bot.authorization().substring("Bearer ".length());
        String[] refused = {null, "Bearer", "Bearer ", "Bearer not-a-token", "Bearer " + UUID.randomUUID() + ".x",
            "Bearer " + token.substring(0, token.indexOf('.')) + ".wrong-secret", "Basic Zm9vOmJhcg==",
            api.authorization()};
        for (String authorization : refused) {
            var reply = api.exchange("GET", "/agents/me", null, null, authorization);
            assertEquals(401, reply.status(), String.valueOf(authorization));
            assertEquals("UNAUTHORIZED", reply.code());
        }
        // An agent's token calls the agent's routes only.
        for (String path : new String[] {"/customers", "/agents", "/transactions", "/config"}) {
            assertEquals(401, bot.get(path).status(), path);
        }
        assertEquals(401, bot.post("/transfer-out", Map.of()).status());
    }

    @Test
    void an_agent_transfer_out_is_the_platforms_transfer_made_for_it_and_counted() {
        fund(10_000);
        String external = externalAccount("123456789");
        ApiClient bot = connect(policy(ALL, "AUTO", Map.of("dailyLimit", 5_000)));
        var reply = bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 2_500));
        assertEquals(201, reply.status(), reply.raw().body());
        var action = reply.body();
        assertTrue(((String) action.get("id")).startsWith("AgentAction:"));
        assertEquals("APPROVED", action.get("status"));
        assertEquals("TRANSFER_OUT", action.get("type"));
        assertEquals("agent-owner", action.get("platformCustomerId"));
        assertEquals(Map.of("amount", 2_500L, "currency", "USD", "sourceAccountId", usdAccount,
                "destinationAccountId", external), action.get("transferDetails"));
        var transaction = (Map<?, ?>) action.get("transaction");
        assertEquals("COMPLETED", transaction.get("status"));
        assertEquals(agentId(bot), transaction.get("agentId"));
        assertEquals(7_500L, balance());

        var platformView = api.get("/transactions/" + transaction.get("id"));
        assertEquals(agentId(bot), platformView.body().get("agentId"));
        assertEquals(platformView.body(), bot.get("/agents/me/transactions/" + transaction.get("id")).body());
        assertEquals(transaction.get("id"), bot.get("/agents/me/transactions").data().get(0).get("id"));
        assertEquals(action.get("id"), bot.get("/agents/me/actions").data().get(0).get("id"));
        assertEquals("APPROVED", bot.get("/agents/me/actions/" + action.get("id")).body().get("status"));
        var usage = usage(bot, "/agents/me");
        assertEquals(1L, usage.get("dailyTransactionCount"));
        assertEquals(2_500L, usage.get("dailySpend"));
        assertEquals(2_500L, usage.get("monthlySpend"));

        var over = bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 2_501));
        assertEquals(403, over.status());
        assertEquals("AGENT_SPENDING_LIMIT_EXCEEDED", over.code());
        assertEquals(7_500L, balance(), "a refused payment moves nothing");
        assertEquals(2_500L, usage(bot, "/agents/me").get("dailySpend"));
    }

    @Test
    void a_payment_refused_for_its_balance_counts_nothing() {
        fund(1_000);
        ApiClient bot = connect(policy(ALL, "AUTO", Map.of("dailyLimit", 5_000)));
        var broke = bot.post("/agents/me/transfer-out", transferOut(usdAccount, externalAccount("123456789"), 2_000));
        assertEquals(400, broke.status(), broke.raw().body());
        var usage = usage(bot, "/agents/me");
        assertEquals(0L, usage.get("dailyTransactionCount"));
        assertEquals(0L, usage.get("dailySpend"));
        assertEquals(0, bot.get("/agents/me/actions").data().size(), "a refusal records no action");
    }

    @Test
    void an_idempotency_key_gives_an_agent_write_its_first_answer() {
        fund(10_000);
        String external = externalAccount("123456789");
        ApiClient bot = connect(auto()).withHeader("Idempotency-Key", UUID.randomUUID().toString());
        var first = bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 1_000));
        var second = bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 1_000));
        assertEquals(201, first.status(), first.raw().body());
        assertEquals(first.raw().body(), second.raw().body());
        assertEquals("true", second.raw().headers().firstValue("Idempotent-Replayed").orElse(null));
        assertEquals(9_000L, balance());
        assertEquals(1L, usage(bot, "/agents/me").get("dailyTransactionCount"));
    }

    @Test
    void each_operation_needs_its_permission() {
        fund(1_000);
        String external = externalAccount("123456789");
        ApiClient bot = connect(policy(List.of(), "AUTO", Map.of()));
        String quote = "Quote:" + UUID.randomUUID();
        List<ApiClient.Reply> replies = List.of(
                bot.get("/agents/me/transactions"),
                bot.get("/agents/me/transactions/Transaction:" + UUID.randomUUID()),
                bot.get("/agents/me/internal-accounts"),
                bot.post("/agents/me/quotes", Map.of("source", Map.of("sourceType", "ACCOUNT", "accountId",
                        usdAccount), "destination", Map.of("destinationType", "ACCOUNT", "accountId", external),
                        "lockedCurrencySide", "SENDING", "lockedCurrencyAmount", 100)),
                bot.get("/agents/me/quotes/" + quote),
                bot.post("/agents/me/quotes/" + quote + "/execute", null),
                bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 100)),
                bot.post("/agents/me/transfer-in", Map.of("source", Map.of("accountId", external),
                        "destination", Map.of("accountId", usdAccount), "amount", 100)),
                bot.get("/agents/me/external-accounts"),
                bot.post("/agents/me/external-accounts", externalBody("987654321")),
                bot.get("/agents/me/external-accounts/" + external),
                bot.delete("/agents/me/external-accounts/" + external));
        for (ApiClient.Reply reply : replies) {
            assertEquals(403, reply.status(), reply.raw().request().uri() + " " + reply.raw().body());
            assertEquals("AGENT_PERMISSION_DENIED", reply.code());
        }
        // What needs no permission: itself and its actions.
        assertEquals(200, bot.get("/agents/me").status());
        assertEquals(200, bot.get("/agents/me/actions").status());
        assertEquals(1_000L, balance());
    }

    private static Map<String, Object> externalBody(String accountNumber) {
        Map<String, Object> body = AccountApiTest.usdAccount(null, accountNumber);
        body.remove("customerId");
        return body;
    }

    @Test
    void an_agent_manages_its_customers_external_accounts_only() {
        ApiClient bot = connect(auto());
        var created = bot.post("/agents/me/external-accounts", externalBody("555000111"));
        assertEquals(201, created.status(), created.raw().body());
        String id = created.string("id");
        assertEquals(customerId, created.body().get("customerId"));
        assertEquals(id, bot.get("/agents/me/external-accounts").data().get(0).get("id"));
        assertEquals(200, bot.get("/agents/me/external-accounts/" + id).status());

        String other = api.post("/customers", CustomerApiTest.individual("someone-else")).string("id");
        String theirs = api.post("/customers/external-accounts", AccountApiTest.usdAccount(other, "444000111"))
                .string("id");
        assertEquals(404, bot.get("/agents/me/external-accounts/" + theirs).status());
        assertEquals(404, bot.delete("/agents/me/external-accounts/" + theirs).status());
        assertEquals(200, api.get("/customers/external-accounts/" + theirs).status());
        assertEquals(1, bot.get("/agents/me/external-accounts").data().size());

        assertEquals(204, bot.delete("/agents/me/external-accounts/" + id).status());
        assertEquals(0, bot.get("/agents/me/external-accounts").data().size());
    }

    @Test
    void another_customers_resources_do_not_exist_for_an_agent() {
        String other = api.post("/customers", CustomerApiTest.individual("neighbour")).string("id");
        String theirAccount = internal(other, "USD");
        api.post("/sandbox/internal-accounts/" + theirAccount + "/fund", Map.of("amount", 5_000));
        String theirExternal = api.post("/customers/external-accounts", AccountApiTest.usdAccount(other,
                "222000111")).string("id");
        String theirTransaction = api.post("/transfer-out", transferOut(theirAccount, theirExternal, 100))
                .string("id");
        fund(5_000);
        String mine = externalAccount("333000111");
        ApiClient bot = connect(auto());

        var fromTheirs = bot.post("/agents/me/transfer-out", transferOut(theirAccount, theirExternal, 100));
        assertEquals(404, fromTheirs.status(), fromTheirs.raw().body());
        var toTheirs = bot.post("/agents/me/transfer-out", transferOut(usdAccount, theirExternal, 100));
        assertEquals(400, toTheirs.status(), "the platform's own rule: the same owner at both ends");
        assertEquals(404, bot.get("/agents/me/transactions/" + theirTransaction).status());
        assertEquals(0, bot.get("/agents/me/transactions").data().size());
        var accounts = bot.get("/agents/me/internal-accounts").data();
        assertTrue(accounts.stream().allMatch(a -> customerId.equals(a.get("customerId"))), accounts.toString());
        var quote = bot.post("/agents/me/quotes", Map.of("source", Map.of("sourceType", "ACCOUNT", "accountId",
                theirAccount), "destination", Map.of("destinationType", "ACCOUNT", "accountId", mine),
                "lockedCurrencySide", "SENDING", "lockedCurrencyAmount", 100));
        assertEquals(404, quote.status(), quote.raw().body());
        assertEquals(5_000L - 100, (Long) ((Map<?, ?>) api.get("/customers/internal-accounts?customerId=" + other
                + "&currency=USD").data().get(0).get("balance")).get("amount"));

        // Another platform's agent ids are unknown here, and its agent reaches nothing of this platform.
        ApiClient elsewhere = TestServer.newPlatform(Environment.SANDBOX);
        String foreignCustomer = elsewhere.post("/customers", CustomerApiTest.individual("foreign")).string("id");
        var foreign = elsewhere.post("/agents", Map.of("name", "theirs", "customerId", foreignCustomer,
                "policy", auto())).body();
        String foreignId = (String) ((Map<?, ?>) foreign.get("agent")).get("id");
        assertEquals(404, api.get("/agents/" + foreignId).status());
        assertEquals(404, api.delete("/agents/" + foreignId).status());
        assertEquals(404, api.patch("/agents/" + foreignId, Map.of("isPaused", true)).status());
        assertEquals(0, api.get("/agents").data().stream().filter(a -> foreignId.equals(a.get("id"))).count());
        ApiClient foreignBot = connectAs(elsewhere, foreign);
        assertEquals(404, foreignBot.post("/agents/me/transfer-out", transferOut(usdAccount, mine, 100)).status());
        assertEquals(404, foreignBot.get("/agents/me/external-accounts/" + mine).status());
        var code = (String) ((Map<?, ?>) foreign.get("deviceCode")).get("code");
        assertEquals(404, api.get("/agents/device-codes/" + code + "/status").status());
        // A customer of another platform cannot be given an agent.
        assertEquals(404, api.post("/agents", Map.of("name", "x", "customerId", foreignCustomer, "policy", auto()))
                .status());
    }

    @Test
    void a_paused_agent_is_refused_until_resumed() {
        fund(1_000);
        String external = externalAccount("123456789");
        var created = createAgent(auto());
        String id = (String) ((Map<?, ?>) created.get("agent")).get("id");
        ApiClient bot = connectAs(api, created);
        var paused = api.patch("/agents/" + id, Map.of("isPaused", true));
        assertEquals(200, paused.status());
        assertEquals(true, paused.body().get("isPaused"));
        for (ApiClient.Reply reply : List.of(bot.get("/agents/me"),
                bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 100)))) {
            assertEquals(403, reply.status());
            assertEquals("AGENT_PAUSED", reply.code());
        }
        assertEquals(1, api.get("/agents?isPaused=true").data().stream()
                .filter(a -> id.equals(a.get("id"))).count());
        assertEquals(200, api.patch("/agents/" + id, Map.of("isPaused", false, "name", "Renamed")).status());
        assertEquals("Renamed", bot.get("/agents/me").body().get("name"));
        assertEquals(201, bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 100)).status());
        assertEquals(400, api.patch("/agents/" + id, Map.of()).status());
    }

    @Test
    void a_payment_waiting_for_approval_moves_nothing_until_approved() {
        fund(10_000);
        String external = externalAccount("123456789");
        ApiClient bot = connect(policy(ALL, "APPROVAL_REQUIRED", Map.of()));
        String id = agentId(bot);
        var pending = bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 4_000));
        assertEquals(201, pending.status(), pending.raw().body());
        assertEquals("PENDING_APPROVAL", pending.body().get("status"));
        assertNull(pending.body().get("transaction"));
        String actionId = pending.string("id");
        assertEquals(10_000L, balance());
        assertEquals(0L, usage(bot, "/agents/me").get("dailyTransactionCount"));
        var event = api.get("/webhooks/events?limit=5").data().stream()
                .filter(e -> "AGENT_ACTION.PENDING_APPROVAL".equals(e.get("type"))).findFirst().orElseThrow();
        assertEquals(actionId, ((Map<?, ?>) event.get("data")).get("id"));
        var waiting = api.get("/agents/approvals?agentId=" + id).data();
        assertEquals(List.of(actionId), waiting.stream().map(a -> a.get("id")).toList());

        var approved = api.post("/agents/" + id + "/actions/" + actionId + "/approve", null);
        assertEquals(200, approved.status(), approved.raw().body());
        assertEquals("APPROVED", approved.body().get("status"));
        assertEquals("COMPLETED", ((Map<?, ?>) approved.body().get("transaction")).get("status"));
        assertEquals(6_000L, balance());
        assertEquals(4_000L, usage(bot, "/agents/me").get("dailySpend"));
        assertEquals(0, api.get("/agents/approvals?agentId=" + id).data().size());
        var twice = api.post("/agents/" + id + "/actions/" + actionId + "/approve", null);
        assertEquals(409, twice.status());
        assertEquals("AGENT_ACTION_NOT_PENDING", twice.code());
        assertEquals(409, api.post("/agents/" + id + "/actions/" + actionId + "/reject", null).status());
        assertTrue(api.get("/webhooks/events?limit=5").data().stream()
                .anyMatch(e -> "AGENT_ACTION.APPROVED".equals(e.get("type"))));

        var another = bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 1_000)).string("id");
        var rejected = api.post("/agents/" + id + "/actions/" + another + "/reject", Map.of("reason", "Not today"));
        assertEquals(200, rejected.status(), rejected.raw().body());
        assertEquals("REJECTED", rejected.body().get("status"));
        assertEquals("Not today", rejected.body().get("rejectionReason"));
        assertEquals(6_000L, balance());
        assertEquals(409, api.post("/agents/" + id + "/actions/" + another + "/approve", null).status());
        assertEquals("REJECTED", bot.get("/agents/me/actions/" + another).body().get("status"));
        assertEquals(1, bot.get("/agents/me/actions?status=REJECTED").data().size());
        assertEquals(404, api.post("/agents/" + id + "/actions/AgentAction:" + UUID.randomUUID() + "/approve",
                null).status());
    }

    @Test
    void an_approval_whose_payment_was_never_made_fails_later_and_one_that_was_stays() throws Exception {
        fund(10_000);
        String external = externalAccount("123456789");
        ApiClient bot = connect(policy(ALL, "APPROVAL_REQUIRED", Map.of()));
        String id = agentId(bot);
        String made = bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 100)).string("id");
        String lost = bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 200)).string("id");
        assertEquals("APPROVED", api.post("/agents/" + id + "/actions/" + made + "/approve", null).body()
                .get("status"));
        assertEquals("APPROVED", api.post("/agents/" + id + "/actions/" + lost + "/approve", null).body()
                .get("status"));
        // As if the process had stopped between the approval and its payment: the action names no transaction.
        try (var db = java.sql.DriverManager.getConnection(payments.adapter.persistence.TestDatabase.url(),
                payments.adapter.persistence.TestDatabase.user(), payments.adapter.persistence.TestDatabase.password());
             var update = db.prepareStatement("update agent_actions set transaction_id = null where id = ?")) {
            update.setObject(1, UUID.fromString(lost.substring("AgentAction:".length())));
            assertEquals(1, update.executeUpdate());
        }
        api.post("/sandbox/clock/advance", Map.of("seconds", 300));
        var failed = bot.get("/agents/me/actions/" + lost).body();
        assertEquals("FAILED", failed.get("status"));
        assertEquals("INTERRUPTED", failed.get("failureReason"));
        assertEquals("APPROVED", bot.get("/agents/me/actions/" + made).body().get("status"));
        assertTrue(api.get("/webhooks/events?limit=5").data().stream()
                .anyMatch(e -> "AGENT_ACTION.FAILED".equals(e.get("type"))));
    }

    @Test
    void a_threshold_and_an_account_rule_ask_for_approval_even_in_auto() {
        fund(10_000);
        String external = externalAccount("123456789");
        Map<String, Object> withThreshold = policy(ALL, "AUTO", Map.of());
        withThreshold.put("approvalThresholds", Map.of("currency", "USD", "amount", 1_000));
        ApiClient bot = connect(withThreshold);
        assertEquals("APPROVED", bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 1_000))
                .body().get("status"));
        assertEquals("PENDING_APPROVAL", bot.post("/agents/me/transfer-out",
                transferOut(usdAccount, external, 1_001)).body().get("status"));

        Map<String, Object> ruled = policy(ALL, "AUTO", Map.of());
        ruled.put("accountRestrictions", Map.of("accountRules", List.of(Map.of("accountId", usdAccount,
                "executionMode", "APPROVAL_REQUIRED"))));
        ApiClient careful = connect(ruled);
        assertEquals("PENDING_APPROVAL", careful.post("/agents/me/transfer-out",
                transferOut(usdAccount, external, 10)).body().get("status"));
    }

    @Test
    void the_policys_account_list_and_per_account_limit_hold() {
        fund(10_000);
        String external = externalAccount("123456789");
        String eurAccount = internal(customerId, "EUR");
        Map<String, Object> restricted = policy(ALL, "AUTO", Map.of());
        restricted.put("accountRestrictions", Map.of("allowedAccountIds", List.of(eurAccount)));
        var refused = connect(restricted).post("/agents/me/transfer-out", transferOut(usdAccount, external, 10));
        assertEquals(403, refused.status());
        assertEquals("AGENT_ACCOUNT_NOT_ALLOWED", refused.code());

        Map<String, Object> capped = policy(ALL, "AUTO", Map.of());
        capped.put("accountRestrictions", Map.of("accountRules", List.of(Map.of("accountId", usdAccount,
                "perTransactionLimit", 50))));
        ApiClient bot = connect(capped);
        assertEquals(201, bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 50)).status());
        var over = bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 51));
        assertEquals(403, over.status());
        assertEquals("perTransactionLimit", ((Map<?, ?>) over.body().get("details")).get("limit"));
    }

    @Test
    void the_daily_count_holds_and_starts_over_the_next_day_by_the_platforms_clock() {
        fund(100_000);
        String external = externalAccount("123456789");
        ApiClient bot = connect(policy(ALL, "AUTO", Map.of("dailyTransactionLimit", 2)));
        assertEquals(201, bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 1_000)).status());
        assertEquals(201, bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 1_000)).status());
        var third = bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 1_000));
        assertEquals(403, third.status());
        assertEquals("dailyTransactionLimit", ((Map<?, ?>) third.body().get("details")).get("limit"));

        api.post("/sandbox/clock/advance", Map.of("seconds", 24 * 3600));
        var nextDay = usage(bot, "/agents/me");
        assertEquals(0L, nextDay.get("dailyTransactionCount"), "reported as of the platform's day");
        assertEquals(0L, nextDay.get("dailySpend"));
        assertEquals(201, bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 1_000)).status());
        assertEquals(1L, usage(bot, "/agents/me").get("dailyTransactionCount"));
    }

    @Test
    void the_monthly_limit_holds() {
        fund(100_000);
        String external = externalAccount("123456789");
        ApiClient bot = connect(policy(ALL, "AUTO", Map.of("monthlyLimit", 2_500)));
        assertEquals(201, bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 1_000)).status());
        assertEquals(201, bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 1_000)).status());
        var third = bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 1_000));
        assertEquals(403, third.status());
        assertEquals("monthlyLimit", ((Map<?, ?>) third.body().get("details")).get("limit"));
        assertEquals(2_000L, usage(bot, "/agents/me").get("monthlySpend"));
    }

    @Test
    void a_payment_that_fails_gives_its_amount_back_to_the_days_budget() {
        fund(10_000);
        String failing = externalAccount("123456005");
        ApiClient bot = connect(policy(ALL, "AUTO", Map.of("dailyLimit", 3_000)));
        var action = bot.post("/agents/me/transfer-out", transferOut(usdAccount, failing, 3_000));
        assertEquals(201, action.status(), action.raw().body());
        assertEquals(3_000L, usage(bot, "/agents/me").get("dailySpend"));
        assertEquals(403, bot.post("/agents/me/transfer-out", transferOut(usdAccount, failing, 1)).status());

        api.post("/sandbox/clock/advance", Map.of("seconds", 30));
        var transaction = (Map<?, ?>) action.body().get("transaction");
        assertEquals("FAILED", api.get("/transactions/" + transaction.get("id")).body().get("status"));
        var usage = usage(bot, "/agents/me");
        assertEquals(0L, usage.get("dailySpend"));
        assertEquals(0L, usage.get("dailyTransactionCount"));
        assertEquals(201, bot.post("/agents/me/transfer-out", transferOut(usdAccount,
                externalAccount("123456789"), 3_000)).status());
    }

    @Test
    void concurrent_agent_transfers_against_a_daily_limit_admit_exactly_those_that_fit() throws Exception {
        fund(1_000_000);
        String external = externalAccount("123456789");
        ApiClient bot = connect(policy(ALL, "AUTO", Map.of("dailyLimit", 3_000)));
        List<Callable<ApiClient.Reply>> calls = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            calls.add(() -> bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 1_000)));
        }
        @SuppressWarnings("unchecked")
        List<ApiClient.Reply> replies = Concurrently.run(calls.toArray(new Callable[0]));
        List<Integer> statuses = Concurrently.statuses(replies);
        assertEquals(3, statuses.stream().filter(s -> s == 201).count(), statuses.toString());
        assertEquals(9, statuses.stream().filter(s -> s == 403).count(), statuses.toString());
        assertEquals(1_000_000L - 3_000, balance());
        var usage = usage(bot, "/agents/me");
        assertEquals(3_000L, usage.get("dailySpend"));
        assertEquals(3L, usage.get("dailyTransactionCount"));
        assertEquals(3, bot.get("/agents/me/actions").data().size());
    }

    @Test
    void an_agent_quote_approved_after_it_expired_fails_and_one_in_time_executes() {
        fund(100_000);
        String eur = eurAccount();
        ApiClient bot = connect(policy(ALL, "APPROVAL_REQUIRED", Map.of()));
        String id = agentId(bot);
        var quote = bot.post("/agents/me/quotes", quoteBody(eur, 10_000));
        assertEquals(201, quote.status(), quote.raw().body());
        assertEquals(quote.body(), bot.get("/agents/me/quotes/" + quote.string("id")).body());
        var pending = bot.post("/agents/me/quotes/" + quote.string("id") + "/execute", null);
        assertEquals(200, pending.status(), pending.raw().body());
        assertEquals("PENDING_APPROVAL", pending.body().get("status"));
        assertEquals("EXECUTE_QUOTE", pending.body().get("type"));
        assertEquals(quote.string("id"), ((Map<?, ?>) pending.body().get("quote")).get("id"));

        api.post("/sandbox/clock/advance", Map.of("seconds", 3600));
        var late = api.post("/agents/" + id + "/actions/" + pending.string("id") + "/approve", null);
        assertEquals(200, late.status(), late.raw().body());
        assertEquals("FAILED", late.body().get("status"));
        assertEquals("QUOTE_EXPIRED", late.body().get("failureReason"));
        assertEquals(100_000L, balance());
        assertEquals(0L, usage(bot, "/agents/me").get("dailySpend"));

        var fresh = bot.post("/agents/me/quotes", quoteBody(eur, 10_000));
        var waiting = bot.post("/agents/me/quotes/" + fresh.string("id") + "/execute", null);
        var approved = api.post("/agents/" + id + "/actions/" + waiting.string("id") + "/approve", null);
        assertEquals("APPROVED", approved.body().get("status"), approved.raw().body());
        assertEquals(fresh.body().get("transactionId"), ((Map<?, ?>) approved.body().get("transaction")).get("id"));
        assertEquals(90_000L, balance());
        assertEquals(10_000L, usage(bot, "/agents/me").get("dailySpend"));
        assertEquals(id, api.get("/transactions/" + fresh.body().get("transactionId")).body().get("agentId"));
    }

    @Test
    void an_agent_executes_its_quote_at_once_in_auto_and_may_not_ask_for_immediate_execution() {
        fund(100_000);
        String eur = eurAccount();
        ApiClient bot = connect(auto());
        var quote = bot.post("/agents/me/quotes", quoteBody(eur, 10_000));
        ApiClient keyed = bot.withHeader("Idempotency-Key", UUID.randomUUID().toString());
        var executed = keyed.post("/agents/me/quotes/" + quote.string("id") + "/execute", null);
        assertEquals(200, executed.status(), executed.raw().body());
        assertEquals("APPROVED", executed.body().get("status"));
        assertEquals(quote.body().get("transactionId"), ((Map<?, ?>) executed.body().get("transaction")).get("id"));
        assertEquals(executed.raw().body(), keyed.post("/agents/me/quotes/" + quote.string("id") + "/execute", null)
                .raw().body());
        assertEquals(90_000L, balance());

        Map<String, Object> immediate = new HashMap<>(quoteBody(eur, 10_000));
        immediate.put("immediatelyExecute", true);
        var refused = connect(auto()).post("/agents/me/quotes", immediate);
        assertEquals(400, refused.status());
        assertEquals(List.of("immediatelyExecute"), refused.invalidFields());
    }

    @Test
    void an_agent_transfer_in_pulls_into_its_customers_account() {
        String external = externalAccount("123456789");
        ApiClient bot = connect(auto());
        var reply = bot.post("/agents/me/transfer-in", Map.of("source", Map.of("accountId", external),
                "destination", Map.of("accountId", usdAccount), "amount", 700));
        assertEquals(201, reply.status(), reply.raw().body());
        assertEquals("TRANSFER_IN", reply.body().get("type"));
        assertEquals("APPROVED", reply.body().get("status"));
        assertEquals(agentId(bot), ((Map<?, ?>) reply.body().get("transaction")).get("agentId"));
        assertEquals(700L, usage(bot, "/agents/me").get("dailySpend"));
    }

    @Test
    void a_policy_update_applies_to_the_agents_next_call() {
        fund(10_000);
        String external = externalAccount("123456789");
        var created = createAgent(auto());
        String id = (String) ((Map<?, ?>) created.get("agent")).get("id");
        ApiClient bot = connectAs(api, created);
        assertEquals(201, bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 100)).status());
        var updated = api.patch("/agents/" + id + "/policy", Map.of("permissions", List.of("VIEW_TRANSACTIONS"),
                "spendingLimits", Map.of("dailyLimit", 500)));
        assertEquals(200, updated.status(), updated.raw().body());
        var policy = (Map<?, ?>) updated.body().get("policy");
        assertEquals(List.of("VIEW_TRANSACTIONS"), policy.get("permissions"));
        assertEquals(Map.of("currency", "USD", "perTransactionLimit", 1_000_000L, "dailyLimit", 500L),
                policy.get("spendingLimits"));
        assertEquals(403, bot.post("/agents/me/transfer-out", transferOut(usdAccount, external, 100)).status());
        assertEquals(200, bot.get("/agents/me/transactions").status());

        var cleared = api.patch("/agents/" + id + "/policy", Map.of("spendingLimits", new HashMap<>(
                java.util.Collections.singletonMap("dailyLimit", null))));
        assertEquals(Map.of("currency", "USD", "perTransactionLimit", 1_000_000L),
                ((Map<?, ?>) cleared.body().get("policy")).get("spendingLimits"));
        var invalid = api.patch("/agents/" + id + "/policy", Map.of("approvalThresholds", Map.of("amount", 5)));
        assertEquals(400, invalid.status());
        assertEquals(List.of("approvalThresholds.currency"), invalid.invalidFields());
    }

    private String eurAccount() {
        var reply = api.post("/customers/external-accounts", Map.of("customerId", customerId, "currency", "EUR",
                "accountInfo", Map.of("accountType", "EUR_ACCOUNT", "iban", "DE89370400440532013000",
                        "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL", "fullName", "Ada Lovelace",
                                "countryOfResidence", "DE", "address",
                                Map.of("line1", "1 Main St", "postalCode", "10115", "country", "DE")))));
        assertEquals(201, reply.status(), reply.raw().body());
        return reply.string("id");
    }

    private Map<String, Object> quoteBody(String destination, long sending) {
        return Map.of("source", Map.of("sourceType", "ACCOUNT", "accountId", usdAccount),
                "destination", Map.of("destinationType", "ACCOUNT", "accountId", destination),
                "lockedCurrencySide", "SENDING", "lockedCurrencyAmount", sending);
    }
}
