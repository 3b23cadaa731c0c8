package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;
import net.jqwik.api.statistics.Statistics;
import payments.core.cardnetwork.CardTransaction;
import payments.core.platform.Environment;

/**
 * Generated bad requests across every route (a jqwik property): wrong or missing credentials, malformed JSON, wrong
 * types, absurd numbers, unknown fields and parameters, oversized bodies, malformed, unknown and other platforms'
 * ids. Every one must get a well-formed 4xx, and after all of them nothing has changed on either platform. Seeded
 * and reproducible (the seed is the property's); the count is {@code -Djqwik.tries.default=..} (3,000 in CI, from
 * junit-platform.properties; docs/RELIABILITY.md has the full run). A failing request is shrunk to the simplest
 * one that still fails.
 */
class ApiFuzzTest {
    private static final String[] KINDS = {"Customer", "InternalAccount", "ExternalAccount", "Transaction", "Quote",
        "Token", "AuthMethod", "Session", "Lookup", "PlatformConfig", "Agent", "AgentAction", "Card",
        "CardTransaction", "DelegatedKey", "CardFundingSource", "Stablecoin", "StablecoinOperation",
        "StablecoinProviderAccount"};
    private static final List<String> ROUTES = TestServer.get().routes();
    private static final String REDEEM = "POST /agents/device-codes/{code}/redeem";
    /** How many of the victim's records the ids name ({@link #victimRecords}). */
    private static final int VICTIM_RECORDS = 11;

    private final ApiClient attacker = TestServer.newPlatform(Environment.SANDBOX);
    private final ApiClient victim = TestServer.newPlatform(Environment.SANDBOX);
    /** The attacker's agent: its token is what the agent's routes ({@code /agents/me/**}) take. */
    private ApiClient attackerAgent;
    private List<String> victimIds;
    private Map<String, Object> attackerBefore;
    private Map<String, Object> victimBefore;

    /** The kinds of badness; the ones about ids only on routes that take one. */
    enum Kind {
        NO_CREDENTIALS, WRONG_SECRET, MALFORMED_JSON, UNKNOWN_FIELD, WRONG_ROOT, UNKNOWN_QUERY_PARAMETER,
        ABSURD_NUMBER, OVERSIZED_BODY, MALFORMED_ID, FOREIGN_OR_UNKNOWN_ID
    }

    /**
     * One generated request: the route (an index into the server's route table), its kind of badness, the id that
     * fills the path's placeholders ({@code victim:<n>} for one of the other platform's real ids) and what the kind
     * varies (the bad JSON, the unknown name, ...).
     */
    record Bad(int route, Kind kind, String id, String detail) {
    }

    private record Request(String method, String path, String body, String authorization) {
    }

    @BeforeProperty
    void rememberBothPlatforms() {
        attackerAgent = agentOf(attacker, AgentApiTest.auto());
        victimIds = victimRecords();
        attackerBefore = snapshot(attacker);
        victimBefore = snapshot(victim);
    }

    /**
     * The seed is fixed here; the number of tries is {@code jqwik.tries.default} (junit-platform.properties). No
     * edge cases: the generated parts are bad values already, and jqwik's edge cases of the combined request (the
     * first route with extreme ids, thousands of them) would take every try before a random one is drawn.
     */
    @Property(seed = "20261122", edgeCases = EdgeCasesMode.NONE)
    void bad_requests_on_every_route_get_well_formed_4xx(@ForAll("badRequests") Bad bad) {
        Request request = render(bad);
        Statistics.collect(bad.kind());
        var reply = attacker.exchange(request.method(), request.path(), request.body(), "application/json",
                request.authorization());
        assertEquals(null, problem(reply), () -> request.method() + " " + request.path() + " [" + bad.kind()
                + "] -> " + reply.status() + " " + abbreviate(reply.raw().body()));
    }

    @AfterProperty
    void nothing_changed_on_either_platform() {
        assertEquals(attackerBefore, snapshot(attacker));
        assertEquals(victimBefore, snapshot(victim));
    }

    @Example
    void every_route_refuses_missing_and_wrong_credentials() {
        String wrong = "Basic " + Base64.getEncoder().encodeToString((UUID.randomUUID() + ":nope").getBytes());
        for (String route : ROUTES) {
            String[] parts = route.split(" ", 2);
            String path = parts[1].replaceAll("\\{[^}]+}", "Customer:" + UUID.randomUUID());
            if (route.equals(REDEEM)) {
                // Its credential is the code itself: an unknown one is not found, whoever asks.
                assertEquals(404, attacker.exchange(parts[0], path, null, null, null).status());
                continue;
            }
            for (String authorization : new String[] {null, wrong, "Basic " + Base64.getEncoder()
                    .encodeToString("not-a-token:secret".getBytes())}) {
                var reply = attacker.exchange(parts[0], path, "{}", "application/json", authorization);
                assertEquals(401, reply.status(), route + " with " + authorization);
                assertEquals("UNAUTHORIZED", reply.code(), route);
            }
        }
    }

    /**
     * The bearer scheme of the agents' routes: a missing, malformed, revoked or foreign-platform token, or the
     * platform's own API token, is 401 on every one; another agent's token finds none of this agent's records (404).
     */
    @Example
    void every_agent_route_refuses_what_is_not_its_agents_token() {
        ApiClient platform = TestServer.newPlatform(Environment.SANDBOX);
        var created = platform.post("/agents", Map.of("name", "revoked", "customerId", platform.post("/customers",
                CustomerApiTest.individual("revoked-owner")).string("id"), "policy", AgentApiTest.auto())).body();
        ApiClient revoked = AgentApiTest.connectAs(platform, created);
        platform.delete("/agents/" + ((Map<?, ?>) created.get("agent")).get("id"));
        String token = revoked.authorization();
        String[] refused = {null, "Bearer", "Bearer  ", "Bearer x", "Bearer " + UUID.randomUUID() + ".x",
            token, token + "x", "Token " + token.substring(7), platform.authorization()};
        List<String> agentRoutes = ROUTES.stream().filter(r -> r.split(" ", 2)[1].startsWith("/agents/me"))
                .toList();
        assertEquals(15, agentRoutes.size(), agentRoutes.toString());
        for (String route : agentRoutes) {
            String[] parts = route.split(" ", 2);
            String path = parts[1].replaceAll("\\{[^}]+}", "Transaction:" + UUID.randomUUID());
            for (String authorization : refused) {
                var reply = platform.exchange(parts[0], path, "{}", "application/json", authorization);
                assertEquals(401, reply.status(), route + " with " + authorization);
                assertEquals("UNAUTHORIZED", reply.code(), route);
            }
        }

        // Another agent of the same platform (for another customer) names the first agent's records: none exists.
        String customer = platform.post("/customers", CustomerApiTest.individual("victim-owner")).string("id");
        String account = (String) platform.get("/customers/internal-accounts?customerId=" + customer
                + "&currency=USD").data().get(0).get("id");
        platform.post("/sandbox/internal-accounts/" + account + "/fund", Map.of("amount", 10_000));
        String external = platform.post("/customers/external-accounts", AccountApiTest.usdAccount(customer,
                "123456789")).string("id");
        var victimAgent = AgentApiTest.connectAs(platform, platform.post("/agents", Map.of("name", "victim agent",
                "customerId", customer, "policy", AgentApiTest.policy(AgentApiTest.ALL, "APPROVAL_REQUIRED",
                        Map.of()))).body());
        String action = victimAgent.post("/agents/me/transfer-out", Map.of("source", Map.of("accountId", account),
                "destination", Map.of("accountId", external), "amount", 100)).string("id");
        String transaction = platform.post("/transfer-out", Map.of("source", Map.of("accountId", account),
                "destination", Map.of("accountId", external), "amount", 100)).string("id");
        String eur = platform.post("/customers/external-accounts", Map.of("customerId", customer, "currency", "EUR",
                "accountInfo", Map.of("accountType", "EUR_ACCOUNT", "iban", "DE89370400440532013000",
                        "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL", "fullName", "Ada Lovelace",
                                "countryOfResidence", "DE", "address", Map.of("line1", "1 Main St",
                                        "postalCode", "10115", "country", "DE"))))).string("id");
        String quote = victimAgent.post("/agents/me/quotes", Map.of("source", Map.of("sourceType", "ACCOUNT",
                "accountId", account), "destination", Map.of("destinationType", "ACCOUNT", "accountId", eur),
                "lockedCurrencySide", "SENDING", "lockedCurrencyAmount", 1_000)).string("id");
        ApiClient other = agentOf(platform, AgentApiTest.auto());
        List<String[]> foreign = List.of(new String[] {"GET", "/agents/me/actions/" + action},
                new String[] {"GET", "/agents/me/transactions/" + transaction},
                new String[] {"GET", "/agents/me/quotes/" + quote},
                new String[] {"POST", "/agents/me/quotes/" + quote + "/execute"},
                new String[] {"GET", "/agents/me/external-accounts/" + external},
                new String[] {"DELETE", "/agents/me/external-accounts/" + external});
        for (String[] call : foreign) {
            var reply = other.exchange(call[0], call[1], null, null, other.authorization());
            assertEquals(404, reply.status(), call[0] + " " + call[1] + " " + reply.raw().body());
        }
        assertEquals("PENDING_APPROVAL", victimAgent.get("/agents/me/actions/" + action).body().get("status"));
        assertEquals(200, victimAgent.get("/agents/me/external-accounts/" + external).status());
    }

    /** An agent of a new customer of {@code platform}, connected. */
    private static ApiClient agentOf(ApiClient platform, Map<String, Object> policy) {
        String customer = platform.post("/customers", CustomerApiTest.individual("agent-" + UUID.randomUUID()))
                .string("id");
        return AgentApiTest.connectAs(platform, platform.post("/agents", Map.of("name", "fuzzed",
                "customerId", customer, "policy", policy)).body());
    }

    @Provide
    Arbitrary<Bad> badRequests() {
        return Combinators.combine(uniform(0, ROUTES.size() - 1), kinds(), ids())
                .filter((route, kind, id) -> ROUTES.get(route).contains("{")
                        || (kind != Kind.MALFORMED_ID && kind != Kind.FOREIGN_OR_UNKNOWN_ID))
                .flatAs((route, kind, id) -> detail(kind).map(detail -> new Bad(route, kind, id, detail)));
    }

    /** Every kind equally often but oversized bodies (a megabyte each), one in about a hundred requests. */
    private static Arbitrary<Kind> kinds() {
        List<Tuple.Tuple2<Integer, Kind>> weighted = java.util.Arrays.stream(Kind.values())
                .map(k -> Tuple.of(k == Kind.OVERSIZED_BODY ? 1 : 10, k)).toList();
        return Arbitraries.frequency(weighted);
    }

    /** Any of {@code min..max} equally often (jqwik's default distribution of integers is biased). */
    private static Arbitrary<Integer> uniform(int min, int max) {
        return Arbitraries.integers().between(min, max).withDistribution(RandomDistribution.uniform());
    }

    /** One of the other platform's real ids, or a well-formed id of any kind that exists nowhere. */
    private static Arbitrary<String> ids() {
        return Arbitraries.oneOf(uniform(0, VICTIM_RECORDS - 1).map(i -> "victim:" + i),
                Combinators.combine(Arbitraries.of(KINDS), uuids()).as((kind, uuid) -> kind + ":" + uuid));
    }

    private static Arbitrary<UUID> uuids() {
        return Combinators.combine(Arbitraries.longs(), Arbitraries.longs()).as(UUID::new);
    }

    private static Arbitrary<String> detail(Kind kind) {
        return switch (kind) {
            case NO_CREDENTIALS, OVERSIZED_BODY -> Arbitraries.just("");
            case WRONG_SECRET -> uuids().map(UUID::toString);
            case MALFORMED_JSON -> Arbitraries.of("{", "{\"a\":}", "[1,", "nul", "{\"a\":1}}", "\u0000", "{'a':1}",
                    "{\"a\":\"\\u0000\"}");
            case UNKNOWN_FIELD -> Combinators.combine(words(), values(), values())
                    .as((word, value, amount) -> "{\"" + word + "\":" + value + ",\"amount\":" + amount + "}");
            case WRONG_ROOT -> Arbitraries.of("[]", "\"text\"", "42", "true", "null", "[{}]");
            case UNKNOWN_QUERY_PARAMETER -> Combinators.combine(words(), values())
                    .as((word, value) -> word + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8));
            case ABSURD_NUMBER -> Combinators.combine(Arbitraries.of("1e400", "-99999999999999999999999",
                    "0.0000001", "NaN", "9223372036854775808"), words())
                    .as((number, word) -> "{\"amount\":" + number + ",\"" + word + "\":1}");
            case MALFORMED_ID -> Arbitraries.of("x", "Customer:123", "Quote:" + "f".repeat(300), "%00",
                    "Transaction:6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5fx");
            case FOREIGN_OR_UNKNOWN_ID -> words();
        };
    }

    private static Arbitrary<String> words() {
        return Arbitraries.integers().between(0, 999_999).map(n -> "zz" + Integer.toString(n, 36));
    }

    private static Arbitrary<String> values() {
        return Arbitraries.of("1", "-1", "\"s\"", "true", "null", "[]", "{}", "1.5", "99999999999999999999");
    }

    private Request render(Bad bad) {
        String[] route = ROUTES.get(bad.route()).split(" ", 2);
        String method = route[0];
        String template = route[1];
        String id = bad.id().startsWith("victim:")
                ? victimIds.get(Integer.parseInt(bad.id().substring("victim:".length()))) : bad.id();
        String path = template.replaceAll("\\{[^}]+}", template.contains("{") ? id : "");
        String body = "{}";
        boolean byAgent = template.startsWith("/agents/me");
        String authorization = byAgent ? attackerAgent.authorization() : attacker.authorization();
        switch (bad.kind()) {
            case NO_CREDENTIALS -> authorization = null;
            case WRONG_SECRET -> authorization = byAgent ? "Bearer " + bad.detail() + ".x" : "Basic " + Base64
                    .getEncoder().encodeToString((bad.detail() + ":x").getBytes(StandardCharsets.UTF_8));
            case MALFORMED_JSON, UNKNOWN_FIELD -> body = bad.detail();
            case WRONG_ROOT -> {
                body = bad.detail();
                path = path + "?zz" + bad.route() + "=1";
            }
            case UNKNOWN_QUERY_PARAMETER -> path = path + "?" + bad.detail();
            case ABSURD_NUMBER -> body = bad.detail();
            case OVERSIZED_BODY -> body = "{\"x\":\"" + "a".repeat(1_100_000) + "\"}";
            case MALFORMED_ID -> {
                path = template.replaceAll("\\{[^}]+}", bad.detail());
                body = "{\"zzfield\":1}";
            }
            case FOREIGN_OR_UNKNOWN_ID -> body = "{\"" + bad.detail() + "\":1}";
        }
        boolean aboutTheRequest = bad.kind() != Kind.NO_CREDENTIALS && bad.kind() != Kind.WRONG_SECRET;
        if (method.equals("GET") && aboutTheRequest && !path.contains("?")) {
            // A GET reads no body: an unknown parameter is what makes it a bad request.
            path = path + "?zzparameter=1";
        }
        return new Request(method, path, body, authorization);
    }

    /** Null when the reply is a well-formed 4xx error; else what is wrong with it. */
    private static String problem(ApiClient.Reply reply) {
        if (reply.status() < 400 || reply.status() >= 500) {
            return "not a 4xx";
        }
        Object status = reply.body().get("status");
        if (!(status instanceof Number n) || n.intValue() != reply.status()) {
            return "status field differs";
        }
        if (!(reply.body().get("code") instanceof String code) || code.isEmpty()) {
            return "no code";
        }
        return reply.body().get("message") instanceof String ? null : "no message";
    }

    private List<String> victimRecords() {
        String customer = victim.post("/customers", CustomerApiTest.individual("victim")).string("id");
        String account = (String) victim.get("/customers/internal-accounts?customerId=" + customer
                + "&currency=USD").data().get(0).get("id");
        victim.post("/sandbox/internal-accounts/" + account + "/fund", Map.of("amount", 10_000));
        String external = victim.post("/customers/external-accounts",
                AccountApiTest.usdAccount(customer, "123456789")).string("id");
        String transaction = victim.post("/transfer-out", Map.of("source", Map.of("accountId", account),
                "destination", Map.of("accountId", external), "amount", 100)).string("id");
        String token = victim.post("/tokens", Map.of("name", "victim", "permissions", List.of("VIEW")))
                .string("id");
        String agent = (String) ((Map<?, ?>) victim.post("/agents", Map.of("name", "victim", "customerId",
                customer, "policy", AgentApiTest.auto())).body().get("agent")).get("id");
        Map<String, Object> holder = CustomerApiTest.individual("victim-cardholder");
        holder.put("kycStatus", "APPROVED");
        String cardholder = victim.post("/customers", holder).string("id");
        String cardAccount = (String) victim.get("/customers/internal-accounts?customerId=" + cardholder
                + "&currency=USD").data().get(0).get("id");
        victim.post("/sandbox/internal-accounts/" + cardAccount + "/fund", Map.of("amount", 10_000));
        String card = victim.post("/cards", Map.of("cardholderId", cardholder, "form", "VIRTUAL",
                "fundingSources", List.of(cardAccount))).string("id");
        victim.post("/sandbox/clock/advance", Map.of("seconds", 5));
        String cardTransaction = victim.post("/sandbox/cards/" + card + "/simulate/authorization", Map.of(
                "amount", 100, "currency", "USD", "merchant", Map.of("descriptor", "VICTIM SHOP")))
                .string("cardTransactionId");
        // A stablecoin's link, the coin (provisioned) and a mint waiting a day for its wire (cents ending 003).
        String link = StablecoinApiTest.link(victim);
        String coin = StablecoinApiTest.create(victim, "/stablecoins", StablecoinApiTest.registerBody(link))
                .string("id");
        StablecoinApiTest.advance(victim, 120);
        String wallet = victim.post("/platform/external-accounts", Map.of("currency", "USDC", "accountInfo",
                Map.of("accountType", "SPARK_WALLET", "address", "sprt1qvictim"))).string("id");
        String mint = StablecoinApiTest.create(victim, "/stablecoins/" + coin + "/mints",
                StablecoinApiTest.wireMint(30_000, wallet)).string("id");
        List<String> ids = List.of(customer, account, external, transaction, token, agent, card, cardTransaction,
                link, coin, mint);
        assertEquals(VICTIM_RECORDS, ids.stream().filter(java.util.Objects::nonNull).count());
        return ids;
    }

    private static Map<String, Object> snapshot(ApiClient client) {
        return Map.of(
                "customers", client.get("/customers?isIncludingDeleted=true").body().get("totalCount"),
                "transactions", client.get("/transactions").body().get("totalCount"),
                "externalAccounts", client.get("/customers/external-accounts").body().get("totalCount"),
                "tokens", client.get("/tokens").body().get("totalCount"),
                "agents", List.of(client.get("/agents").raw().body().hashCode(),
                        client.get("/agents/approvals").body().get("totalCount")),
                "cards", client.get("/cards?limit=100").raw().body().hashCode(),
                "balances", client.get("/customers/internal-accounts?limit=100").raw().body().hashCode(),
                "config", client.get("/config").raw().body().hashCode(),
                "stablecoins", List.of(client.get("/stablecoin-provider-accounts").body().get("totalCount"),
                        client.get("/stablecoins").body().get("totalCount"), client.get("/stablecoins").data()
                        .stream().mapToLong(c -> (Long) client.get("/stablecoins/" + c.get("id") + "/operations")
                                .body().get("totalCount")).sum()),
                "ledger", client.get("/sandbox/ledger/check").body().get("balanced"));
    }

    private static String abbreviate(String s) {
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }
}
