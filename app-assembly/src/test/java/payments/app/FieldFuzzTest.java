package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import payments.core.customer.EndUserTerms;
import payments.core.page.PageCursor;
import payments.core.platform.Environment;

/**
 * Valid requests with one field made strange. {@link ApiFuzzTest} sends requests that are bad as a whole, refused
 * before any field is read; here every request starts as one the API accepts (each is checked once), and one leaf of
 * its JSON body, one array or object in it, or one query parameter of a list GET, is replaced with an edge value:
 * U+0000, lone surrogates, 4-byte UTF-8, empty, boundary-length and over-long text, extreme numbers, far dates, wrong
 * types, long arrays. So the value gets past the JSON checks to the validators and, where they let it through, to
 * PostgreSQL. Any 2xx or well-formed 4xx is fine; a 5xx, or a 4xx without the spec's error body, is a failure.
 *
 * <p>Seeded and reproducible: {@code -Dfieldfuzz.seed=..}; the count is {@code -Dfieldfuzz.requests=..} (1,500 by
 * default, so CI stays fast). The server logs the stack trace of every 500 with its request id (in surefire's
 * {@code payments.app.FieldFuzzTest-output.txt}); the failure report carries the same id in the reply body.
 */
class FieldFuzzTest {
    private static final long SEED = Long.getLong("fieldfuzz.seed", 20261124L);
    private static final int REQUESTS = Integer.getInteger("fieldfuzz.requests", 1_500);
    private static final int MAX_FAILURES = 20;
    private static final String INVITER = "$fuzz.inviter@test.example";
    /** The discard port on loopback: nothing listens, so webhook deliveries fail at once and go nowhere. */
    private static final String WEBHOOK_ENDPOINT = "http://127.0.0.1:9/hooks";
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    /** Reads any JSON number, however large (ApiClient.JSON reads integers as longs only). */
    private static final ObjectMapper READER = new ObjectMapper();

    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);
    /**
     * PATCH /config gets a platform of its own: an accepted mutation (another currency list or UMA domain) would
     * otherwise change what the other base requests mean, and they would drift into refusals.
     */
    private final ApiClient configApi = TestServer.newPlatform(Environment.SANDBOX);
    /** Stablecoins get a platform of their own: their setup moves its sandbox clock. */
    private final ApiClient coinApi = TestServer.newPlatform(Environment.SANDBOX);
    /** Claims invitations: the claimer is another platform, with a UMA domain of its own. */
    private final ApiClient invitee = TestServer.newPlatform(Environment.SANDBOX, "beta.example");
    /** Makes ids the API wants unique (platformCustomerId, UMA address, account number) unique per request. */
    private int serial;

    @Test
    void one_strange_field_in_a_valid_request_gets_a_2xx_or_a_well_formed_4xx_never_a_5xx() {
        List<Base> bases = checkedBases(bases());
        Random random = new Random(SEED);
        List<String> failures = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        Map<String, int[]> outcomes = new TreeMap<>();
        for (int i = 0; i < REQUESTS && failures.size() < MAX_FAILURES; i++) {
            Base base = bases.get(random.nextInt(bases.size()));
            Mutated request = base.method().equals("GET") ? mutateQuery(random, base) : mutateBody(random, base);
            Failure failure = send(base, request, outcomes);
            // One line per route, field and status: a single bug should not fill the report by itself.
            if (failure != null && seen.add(base.route() + " " + request.field() + " " + failure.status())) {
                failures.add(failure.line());
            }
        }
        for (ApiClient platform : List.of(api, coinApi)) {
            var ledger = platform.get("/sandbox/ledger/check");
            if (!Boolean.TRUE.equals(ledger.body().get("balanced"))) {
                failures.add("ledger unbalanced after fuzzing: " + abbreviate(ledger.raw().body(), 400));
            }
        }
        outcomes.forEach((route, counts) -> System.out.printf("%-45s 2xx=%d 4xx=%d other=%d%n", route,
                counts[0], counts[1], counts[2]));
        assertEquals(List.of(), failures, "seed " + SEED + ", " + failures.size() + " failures");
    }

    // ---- the base requests ----

    /** A valid request; {@code path} and {@code body} build it afresh each time (unique ids, new setup). */
    private record Base(String route, ApiClient client, String method, Supplier<String> path,
                        Supplier<Object> body, boolean optional) {
        static Base post(String route, ApiClient client, String path, Supplier<Object> body) {
            return new Base(route, client, "POST", () -> path, body, false);
        }

        static Base get(String route, ApiClient client, String pathAndQuery) {
            return new Base(route, client, "GET", () -> pathAndQuery, () -> null, false);
        }

        /** A route the platform may not offer (its config may not allow it): skipped if its base is refused. */
        Base optionalRoute() {
            return new Base(route, client, method, path, body, true);
        }
    }

    private List<Base> bases() {
        String payer = created(api.post("/customers", individual("fuzz-payer", "$fuzz.payer@test.example")));
        Map<String, Object> inviter = CustomerApiTest.individual("fuzz-inviter");
        inviter.put("umaAddress", INVITER);
        created(api.post("/customers", inviter));
        String patchedIndividual = created(api.post("/customers", CustomerApiTest.individual("fuzz-patched")));
        String patchedBusiness = created(api.post("/customers", CustomerApiTest.business("fuzz-patched-biz")));
        String usd = (String) api.get("/customers/internal-accounts?customerId=" + payer + "&currency=USD").data()
                .get(0).get("id");
        for (int i = 0; i < 3; i++) {
            assertEquals(200, api.post("/sandbox/internal-accounts/" + usd + "/fund",
                    Map.of("amount", 100_000_000_000L)).status());
        }
        String usdExternal = created(api.post("/customers/external-accounts",
                AccountApiTest.usdAccount(payer, "123456789")));
        String slowExternal = created(api.post("/customers/external-accounts",
                AccountApiTest.usdAccount(payer, "000000005")));
        String eurExternal = created(api.post("/customers/external-accounts",
                eurAccount(payer, "DE89370400440532013000")));
        String completed = created(api.post("/transfer-out", transferOut(usd, usdExternal)));
        created(api.post("/transfer-out", transferOut(usd, usdExternal)));
        created(api.post("/tokens", Map.of("name", "fuzz-token", "permissions", List.of("VIEW"))));
        // Second pages: a cursor is a query value like any other, and the database reads what it decodes to.
        String customersCursor = api.get("/customers?limit=1").string("nextCursor");
        String transactionsCursor = api.get("/transactions?limit=1").string("nextCursor");
        // Where a list has no second page here: any position is a valid cursor, and "now" lists everything.
        String now = new PageCursor(Instant.now(), new UUID(0, 0)).encode();

        Map<String, Object> owner = Map.of("customerId", patchedBusiness, "roles", List.of("UBO", "CONTROL_PERSON"),
                "ownershipPercentage", 0, "personalInfo", Map.of("firstName", "Grace", "lastName", "Hopper",
                        "birthDate", "1970-01-02", "nationality", "US", "address", Map.of("line1", "1 Main St",
                                "postalCode", "10001", "country", "US"), "idType", "SSN", "identifier", "123-45-6789"));
        String patchedOwner = created(api.post("/beneficial-owners", owner));
        Map<String, Object> policy = agentPolicy();
        String patchedAgent = (String) ((Map<?, ?>) api.post("/agents", Map.of("name", "fuzz-patched",
                "customerId", payer, "policy", policy)).body().get("agent")).get("id");
        ApiClient agent = AgentApiTest.connectAs(api, api.post("/agents", Map.of("name", "fuzz-agent",
                "customerId", payer, "policy", policy)).body());
        ApiClient careful = AgentApiTest.connectAs(api, api.post("/agents", Map.of("name", "fuzz-careful",
                "customerId", payer, "policy", AgentApiTest.policy(AgentApiTest.ALL, "APPROVAL_REQUIRED",
                        Map.of()))).body());
        String waiting = careful.get("/agents/me").string("id");

        List<Base> agents = List.of(
                Base.post("POST /agents", api, "/agents", () -> Map.of("name", "fuzz-" + next(),
                        "customerId", payer, "policy", agentPolicy())),
                new Base("PATCH /agents/{id}", api, "PATCH", () -> "/agents/" + patchedAgent,
                        () -> Map.of("name", "renamed", "isPaused", false), false),
                new Base("PATCH /agents/{id}/policy", api, "PATCH", () -> "/agents/" + patchedAgent + "/policy",
                        FieldFuzzTest::agentPolicy, false),
                new Base("POST /agents/{id}/actions/{id}/reject", api, "POST", () -> "/agents/" + waiting
                        + "/actions/" + created(careful.post("/agents/me/transfer-out", transferOut(usd,
                        usdExternal))) + "/reject", () -> Map.of("reason", "not now"), false),
                Base.get("GET /agents", api, query("/agents", "customerId", payer, "isPaused", "false",
                        "isConnected", "true", "createdAfter", "2000-01-01T00:00:00Z",
                        "createdBefore", "2999-01-01T00:00:00Z", "updatedAfter", "2000-01-01T00:00:00Z",
                        "updatedBefore", "2999-01-01T00:00:00Z", "limit", "5", "cursor", now)),
                Base.get("GET /agents/approvals", api, query("/agents/approvals", "agentId", waiting,
                        "customerId", payer, "startDate", "2000-01-01T00:00:00Z", "endDate", "2999-01-01T00:00:00Z",
                        "sortOrder", "asc", "limit", "5", "cursor", now)),
                Base.post("POST /agents/me/transfer-out", agent, "/agents/me/transfer-out",
                        () -> transferOut(usd, usdExternal)),
                Base.post("POST /agents/me/transfer-in", agent, "/agents/me/transfer-in", () -> Map.of(
                        "source", Map.of("accountId", usdExternal), "destination", Map.of("accountId", usd),
                        "amount", 100, "description", "fuzzed top-up")),
                Base.post("POST /agents/me/quotes", agent, "/agents/me/quotes", () -> accountQuote(usd, eurExternal)),
                Base.post("POST /agents/me/external-accounts", agent, "/agents/me/external-accounts", () -> {
                    Map<String, Object> body = new HashMap<>(usdExternalAccount(payer));
                    body.remove("customerId");
                    return body;
                }),
                Base.get("GET /agents/me/transactions", agent, query("/agents/me/transactions",
                        "accountIdentifier", usd, "senderAccountIdentifier", usd, "receiverAccountIdentifier",
                        usdExternal, "status", "COMPLETED", "type", "OUTGOING", "reference", "REF-1",
                        "startDate", "2000-01-01T00:00:00Z", "endDate", "2999-01-01T00:00:00Z", "sortOrder", "asc",
                        "limit", "10")),
                Base.get("GET /agents/me/actions", agent, query("/agents/me/actions", "status", "APPROVED",
                        "limit", "5", "cursor", now)),
                Base.get("GET /agents/me/external-accounts", agent, query("/agents/me/external-accounts",
                        "currency", "USD", "limit", "5", "cursor", now)));

        List<Base> all = new ArrayList<>(agents);
        all.addAll(cardBases());
        all.addAll(List.of(
                Base.post("POST /beneficial-owners", api, "/beneficial-owners", () -> owner),
                new Base("PATCH /beneficial-owners/{id}", api, "PATCH", () -> "/beneficial-owners/" + patchedOwner,
                        () -> Map.of("roles", List.of("DIRECTOR"), "ownershipPercentage", 0,
                                "personalInfo", Map.of("middleName", "Brewster", "email", "grace@test.example")),
                        false),
                Base.post("POST /verifications", api, "/verifications", () -> Map.of("customerId", payer)),
                new Base("POST /customers/{id}/verify-email/confirm", api, "POST", () -> {
                    String european = created(api.post("/customers", Map.of("customerType", "INDIVIDUAL",
                            "region", "FR", "email", "fuzz" + next() + "@test.example")));
                    assertEquals(204, api.post("/customers/" + european + "/verify-email", null).status());
                    return "/customers/" + european + "/verify-email/confirm";
                }, () -> Map.of("code", "123456"), false),
                Base.get("GET /beneficial-owners", api, query("/beneficial-owners", "customerId", patchedBusiness,
                        "limit", "5", "cursor", now)),
                Base.get("GET /verifications", api, query("/verifications", "customerId", payer,
                        "verificationStatus", "RESOLVE_ERRORS", "limit", "5", "cursor", now)),
                Base.post("POST /customers (individual)", api, "/customers", () -> {
                    int n = next();
                    return individual("fuzz-" + n, "$fuzz" + n + "@test.example");
                }),
                Base.post("POST /customers (business)", api, "/customers", () -> business("fuzz-biz-" + next())),
                new Base("PATCH /customers/{id} (individual)", api, "PATCH", () -> "/customers/" + patchedIndividual,
                        FieldFuzzTest::individualUpdate, false),
                new Base("PATCH /customers/{id} (business)", api, "PATCH", () -> "/customers/" + patchedBusiness,
                        FieldFuzzTest::businessUpdate, false),
                Base.post("POST /customers/external-accounts (USD)", api, "/customers/external-accounts",
                        () -> usdExternalAccount(payer)),
                Base.post("POST /customers/external-accounts (EUR)", api, "/customers/external-accounts",
                        () -> eurAccount(payer, iban())),
                Base.post("POST /platform/external-accounts", api, "/platform/external-accounts",
                        () -> AccountApiTest.usdAccount(null, accountNumber())),
                Base.post("POST /transfer-out", api, "/transfer-out", () -> transferOut(usd, usdExternal)),
                Base.post("POST /transfer-in", api, "/transfer-in", () -> Map.of(
                        "source", Map.of("accountId", usdExternal), "destination", Map.of("accountId", usd),
                        "amount", 100, "description", "fuzzed top-up")).optionalRoute(),
                Base.post("POST /quotes (account)", api, "/quotes", () -> accountQuote(usd, eurExternal)),
                Base.post("POST /quotes (real-time funding)", api, "/quotes", () -> Map.of(
                        "source", Map.of("sourceType", "REALTIME_FUNDING", "currency", "USD", "customerId", payer),
                        "destination", Map.of("destinationType", "ACCOUNT", "accountId", eurExternal),
                        "lockedCurrencySide", "RECEIVING", "lockedCurrencyAmount", 2_000)),
                new Base("PATCH /config", configApi, "PATCH", () -> "/config", config(), false),
                Base.post("POST /tokens", api, "/tokens",
                        () -> Map.of("name", "fuzz-token", "permissions", List.of("VIEW", "TRANSACT"))),
                Base.post("POST /invitations", api, "/invitations", () -> Map.of("inviterUma", INVITER,
                        "firstName", "Bob", "amountToSend", 2_500,
                        "expiresAt", Instant.now().plusSeconds(86_400).toString())).optionalRoute(),
                new Base("POST /invitations/{code}/claim", invitee, "POST",
                        () -> "/invitations/" + api.post("/invitations", Map.of("inviterUma", INVITER)).string("code")
                                + "/claim", () -> Map.of("inviteeUma", "$bob@beta.example"), true),
                Base.post("POST /webhooks/keys/rotate", api, "/webhooks/keys/rotate",
                        () -> Map.of("overlapSeconds", 3_600)),
                Base.post("POST /sandbox/internal-accounts/{id}/fund", api,
                        "/sandbox/internal-accounts/" + usd + "/fund", () -> Map.of("amount", 10_000)),
                Base.post("POST /transactions/{id}/confirm", api, "/transactions/" + completed + "/confirm",
                        () -> Map.of("receiptDeliveryConfirmedAt", "2026-01-02T03:04:05Z")),
                new Base("POST /transactions/{id}/cancel", api, "POST", () -> "/transactions/"
                        + created(api.post("/transfer-out", transferOut(usd, slowExternal))) + "/cancel",
                        () -> Map.of("reason", "changed mind"), false),
                Base.post("POST /sandbox/uma/receive", api, "/sandbox/uma/receive", () -> Map.of(
                        "senderUmaAddress", "$jane.doe@sandbox.uma.money", "customerId", payer,
                        "receivingCurrencyCode", "USD", "receivingCurrencyAmount", 1_234)),
                Base.get("GET /customers", api, query("/customers", "platformCustomerId", "fuzz-payer",
                        "customerType", "INDIVIDUAL", "createdAfter", "2000-01-01T00:00:00Z",
                        "createdBefore", "2999-01-01T00:00:00Z", "updatedAfter", "2000-01-01T00:00:00Z",
                        "updatedBefore", "2999-01-01T00:00:00Z", "region", "US", "currency", "USD",
                        "umaAddress", "$fuzz.payer@test.example", "isIncludingDeleted", "true", "limit", "10")),
                Base.get("GET /customers (page 2)", api, query("/customers", "limit", "1",
                        "cursor", customersCursor)),
                Base.get("GET /transactions", api, query("/transactions", "customerId", payer,
                        "platformCustomerId", "fuzz-payer", "accountIdentifier", usd,
                        "senderAccountIdentifier", usd, "receiverAccountIdentifier", usdExternal,
                        "status", "COMPLETED", "type", "OUTGOING", "reference", "REF-1",
                        "startDate", "2000-01-01T00:00:00Z", "endDate", "2999-01-01T00:00:00Z",
                        "sortOrder", "asc", "limit", "10")),
                Base.get("GET /transactions (page 2)", api, query("/transactions", "limit", "1",
                        "cursor", transactionsCursor)),
                Base.get("GET /tokens", api, query("/tokens", "name", "fuzz-token",
                        "createdAfter", "2000-01-01T00:00:00Z", "createdBefore", "2999-01-01T00:00:00Z",
                        "updatedAfter", "2000-01-01T00:00:00Z", "updatedBefore", "2999-01-01T00:00:00Z",
                        "limit", "5", "cursor", now)),
                Base.get("GET /customers/internal-accounts", api, query("/customers/internal-accounts",
                        "customerId", payer, "currency", "USD", "type", "INTERNAL_FIAT", "limit", "5",
                        "cursor", now)),
                Base.get("GET /customers/external-accounts", api, query("/customers/external-accounts",
                        "customerId", payer, "currency", "USD", "limit", "5", "cursor", now)),
                Base.get("GET /sandbox/ledger/entries", api, query("/sandbox/ledger/entries", "accountId", usd,
                        "limit", "5")),
                Base.get("GET /webhooks/events", api, query("/webhooks/events", "type", "CUSTOMER.KYC_PENDING",
                        "status", "NOT_SENT", "resourceId", payer, "limit", "5", "cursor", now))));
        all.addAll(lookups());
        all.addAll(stablecoinBases(now));
        return all;
    }

    /**
     * The stablecoin routes on {@link #coinApi}: an enabled coin whose treasury holds tokens to burn, and links
     * rotated on an account of their own (the coin's link stays as it is).
     */
    private List<Base> stablecoinBases(String now) {
        String coin = (String) StablecoinApiTest.enabledCoin(coinApi).get("id");
        String treasury = StablecoinApiTest.platformAccount(coinApi, "SBUSD");
        String bank = StablecoinApiTest.bankAccount(coinApi, "800000099");
        StablecoinApiTest.create(coinApi, "/stablecoins/" + coin + "/mints",
                StablecoinApiTest.balanceMint(1_000_000 * StablecoinApiTest.DOLLAR, treasury));
        StablecoinApiTest.advance(coinApi, 120);
        Map<String, Object> link = StablecoinApiTest.linkBody("fuzz-link_multi", "fuzz-secret");
        link.put("providerAccountId", ((List<?>) ((Map<?, ?>) StablecoinApiTest.create(coinApi,
                "/stablecoin-provider-accounts", link).body().get("details")).get("choices")).get(0));
        String linkId = created(StablecoinApiTest.create(coinApi, "/stablecoin-provider-accounts", link));
        Map<String, Object> mint = new HashMap<>(StablecoinApiTest.wireMint(StablecoinApiTest.DOLLAR, treasury));
        return List.of(
                Base.post("POST /stablecoin-provider-accounts", coinApi, "/stablecoin-provider-accounts", () -> link),
                Base.post("POST /stablecoins", coinApi, "/stablecoins", () -> StablecoinApiTest.registerBody(linkId)),
                Base.post("POST /stablecoins/{id}/mints", coinApi, "/stablecoins/" + coin + "/mints", () -> mint),
                Base.post("POST /stablecoins/{id}/burns", coinApi, "/stablecoins/" + coin + "/burns",
                        () -> StablecoinApiTest.internalBurn(StablecoinApiTest.DOLLAR, treasury, bank)),
                Base.get("GET /stablecoin-provider-accounts", coinApi, query("/stablecoin-provider-accounts",
                        "provider", StablecoinApiTest.PROVIDER, "status", "ACTIVE", "limit", "5", "cursor", now)),
                Base.get("GET /stablecoins", coinApi, query("/stablecoins", "issuanceStatus", "PROVISIONED",
                        "serviceOperationsStatus", "ENABLED", "provider", StablecoinApiTest.PROVIDER, "limit", "5",
                        "cursor", now)),
                Base.get("GET /stablecoins/{id}/operations", coinApi, query("/stablecoins/" + coin + "/operations",
                        "operationType", "MINT", "limit", "5", "cursor", now)));
    }

    /** Cards and the card network's simulators, on a funded holder's cards (one to change, one to use). */
    private List<Base> cardBases() {
        Map<String, Object> body = CustomerApiTest.individual("fuzz-cardholder");
        body.put("kycStatus", "APPROVED");
        String holder = created(api.post("/customers", body));
        String account = (String) api.get("/customers/internal-accounts?customerId=" + holder + "&currency=USD")
                .data().get(0).get("id");
        assertEquals(200, api.post("/sandbox/internal-accounts/" + account + "/fund",
                Map.of("amount", 100_000_000_000L)).status());
        Supplier<Object> card = () -> new HashMap<>(Map.of("cardholderId", holder, "form", "VIRTUAL",
                "fundingSources", List.of(account), "maxSpendPerTransaction", 1_000_000,
                "platformCardId", "fuzz-card-" + next()));
        String changed = created(api.post("/cards", card.get()));
        String used = created(api.post("/cards", card.get()));
        assertEquals(200, api.post("/sandbox/clock/advance", Map.of("seconds", 5)).status());
        String simulate = "/sandbox/cards/" + used + "/simulate/";
        Supplier<Object> authorization = () -> Map.of("amount", 1_000, "currency", "USD",
                "merchant", Map.of("descriptor", "FUZZ SHOP", "mcc", "5812", "country", "US"));
        Supplier<String> authorized = () -> api.post(simulate + "authorization", authorization.get())
                .string("cardTransactionId");
        Supplier<String> settled = () -> {
            String t = authorized.get();
            api.post(simulate + "clearing", Map.of("cardTransactionId", t, "amount", 1_000));
            return t;
        };
        List<Base> bases = new ArrayList<>(List.of(
                Base.post("POST /cards", api, "/cards", card),
                new Base("PATCH /cards/{id}", api, "PATCH", () -> "/cards/" + changed,
                        () -> Map.of("state", "ACTIVE", "fundingSources", List.of(account),
                                "maxSpendPerTransaction", 5_000), false),
                Base.get("GET /cards", api, query("/cards", "cardholderId", holder, "accountId", account,
                        "platformCardId", "fuzz-card-1", "state", "ACTIVE", "sortOrder", "asc", "limit", "5")),
                Base.post("POST .../simulate/balance_inquiry", api, simulate + "balance_inquiry",
                        () -> Map.of("merchant", Map.of("descriptor", "FUZZ ATM"))),
                Base.post("POST .../simulate/clearing", api, simulate + "clearing",
                        () -> Map.of("cardTransactionId", authorized.get(), "amount", 500)),
                Base.post("POST .../simulate/authorization_advice", api, simulate + "authorization_advice",
                        () -> Map.of("cardTransactionId", authorized.get(), "amount", 1_500)),
                Base.post("POST .../simulate/return", api, simulate + "return",
                        () -> Map.of("cardTransactionId", settled.get(), "amount", 400)),
                Base.post("POST .../simulate/return_reversal", api, simulate + "return_reversal", () -> {
                    String t = settled.get();
                    api.post(simulate + "return", Map.of("cardTransactionId", t, "amount", 1_000));
                    return Map.of("cardTransactionId", t);
                })));
        bases.addAll(delegatedKeyBases());
        for (String message : List.of("authorization", "credit_authorization", "financial_authorization",
                "financial_credit_authorization", "credit_authorization_advice")) {
            bases.add(Base.post("POST .../simulate/" + message, api, simulate + message, authorization));
        }
        return bases;
    }

    /**
     * Delegated keys, on a platform of their own whose embedded wallets are in USD (a card's currency): the first
     * leg of a creation, and the list.
     */
    private List<Base> delegatedKeyBases() {
        ApiClient wallets = TestServer.newPlatform(Environment.SANDBOX);
        assertEquals(200, wallets.patch("/config", Map.of("embeddedWalletConfig", Map.of("enabled", true,
                "currency", "USD"))).status());
        Map<String, Object> body = CustomerApiTest.individual("fuzz-wallet-holder");
        body.put("kycStatus", "APPROVED");
        String holder = created(wallets.post("/customers", body));
        String wallet = (String) wallets.get("/customers/internal-accounts?type=EMBEDDED_WALLET&customerId="
                + holder).data().get(0).get("id");
        String card = created(wallets.post("/cards", Map.of("cardholderId", holder, "form", "VIRTUAL",
                "fundingSources", List.of(wallet))));
        return List.of(Base.post("POST /auth/delegated-keys", wallets, "/auth/delegated-keys",
                        () -> Map.of("cardId", card, "internalAccountId", wallet, "nickname", "fuzz key")),
                Base.get("GET /auth/delegated-keys", wallets, query("/auth/delegated-keys", "accountId", wallet)));
    }

    /** The look-ups: the two directories at their second page, and a withdrawal's estimate from a USDC account. */
    private List<Base> lookups() {
        Map<String, Object> holder = CustomerApiTest.individual("fuzz-usdc");
        holder.put("currencies", List.of("USDC"));
        String usdcHolder = created(api.post("/customers", holder));
        String usdc = (String) api.get("/customers/internal-accounts?customerId=" + usdcHolder + "&currency=USDC")
                .data().get(0).get("id");
        return List.of(
                Base.get("GET /uma-providers", api, query("/uma-providers", "countryCode", "US",
                        "currencyCode", "USD", "hasBlockedProviders", "true", "sortOrder", "asc", "limit", "5",
                        "cursor", api.get("/uma-providers?limit=1").string("nextCursor"))),
                Base.get("GET /vasps", api, query("/vasps", "limit", "5",
                        "cursor", api.get("/vasps?limit=1").string("nextCursor"))),
                Base.post("POST /crypto/estimate-withdrawal-fee", api, "/crypto/estimate-withdrawal-fee",
                        () -> Map.of("internalAccountId", usdc, "currency", "USDC", "cryptoNetwork", "BASE",
                                "amount", 1_000_000, "destinationAddress", "0xfuzz")));
    }

    /** A policy with every part, for an agent that may do everything a fuzzed request might. */
    private static Map<String, Object> agentPolicy() {
        Map<String, Object> policy = AgentApiTest.policy(AgentApiTest.ALL, "AUTO", Map.of("dailyLimit",
                100_000_000_000L, "dailyTransactionLimit", 1_000_000, "monthlyLimit", 100_000_000_000L));
        policy.put("accountRestrictions", Map.of("accountRules", List.of(Map.of("accountId",
                "InternalAccount:" + UUID.randomUUID(), "executionMode", "AUTO", "perTransactionLimit", 500))));
        policy.put("approvalThresholds", Map.of("currency", "USD", "amount", 100_000_000L));
        return policy;
    }

    /**
     * The bases that answer 2xx unchanged, so a refusal of a mutated one is about the mutated field. A required base
     * that fails is a broken test; an optional one is left out.
     */
    private List<Base> checkedBases(List<Base> bases) {
        List<Base> usable = new ArrayList<>();
        List<String> broken = new ArrayList<>();
        for (Base base : bases) {
            Reply reply;
            try {
                reply = exchange(base.client(), base.method(), base.path().get(), json(base.body().get()));
            } catch (IOException e) {
                throw new IllegalStateException(base.route(), e);
            }
            if (reply.status() / 100 == 2) {
                usable.add(base);
            } else if (base.optional()) {
                System.out.println("skipped, its base is refused: " + base.route() + " -> " + reply.status() + " "
                        + abbreviate(reply.text(), 200));
            } else {
                broken.add(base.route() + " -> " + reply.status() + " " + abbreviate(reply.text(), 300));
            }
        }
        assertEquals(List.of(), broken, "base requests must succeed before they are mutated");
        return usable;
    }

    private int next() {
        return ++serial;
    }

    /** An individual with every profile field set, so that each can be mutated. */
    private static Map<String, Object> individual(String platformCustomerId, String umaAddress) {
        Map<String, Object> body = CustomerApiTest.individual(platformCustomerId);
        body.put("umaAddress", umaAddress);
        body.put("nationality", "GB");
        body.put("idType", "SSN");
        body.put("countryOfIssuance", "US");
        body.put("address", Map.of("line1", "1 Main St", "line2", "Apt 2", "city", "New York", "state", "NY",
                "postalCode", "10001", "country", "US"));
        body.put("sourceOfFundsCategories", List.of("SALARY", "OTHER"));
        body.put("sourceOfFundsOtherDescription", "Royalties");
        body.put("sourceOfWealthCategories", List.of("SAVINGS", "OTHER"));
        body.put("sourceOfWealthOtherDescription", "Prize");
        body.put("purposeOfAccount", "OTHER");
        body.put("purposeOfAccountOtherDescription", "Research");
        body.put("expectedMonthlyTransactionCount", "COUNT_UNDER_10");
        body.put("expectedMonthlyTransactionVolume", "VOLUME_UNDER_10K");
        body.put("annualIncomeRange", "UNDER_50K");
        body.put("netWorthRange", "UNDER_100K");
        body.put("pepStatus", "NONE");
        body.put("kycStatus", "PENDING");
        body.put("endUserTermsConsent", Map.of("acceptedAt", "2025-01-02T03:04:05Z", "ipAddress", "203.0.113.7",
                "termsVersion", EndUserTerms.VERSION, "acceptanceMethod", "CHECKBOX"));
        return body;
    }

    private static Map<String, Object> business(String platformCustomerId) {
        Map<String, Object> info = new HashMap<>(Map.of("legalName", "Acme Inc", "doingBusinessAs", "Acme",
                "country", "US", "registrationNumber", "REG-100", "incorporatedOn", "2001-02-03",
                "entityType", "LLC", "taxId", "12-3456789", "countriesOfOperation", List.of("US", "MX"),
                "businessType", "INFORMATION", "purposeOfAccount", "OTHER"));
        info.putAll(Map.of("purposeOfAccountOtherDescription", "Licensing", "sourceOfFunds", "Revenue",
                "expectedMonthlyTransactionCount", "COUNT_10_TO_100",
                "expectedMonthlyTransactionVolume", "VOLUME_10K_TO_100K", "expectedRecipientJurisdictions",
                List.of("MX"), "naicsCode", "5112", "sourceOfFundsCategories", List.of("OPERATING_REVENUE", "OTHER"),
                "sourceOfFundsOtherDescription", "Grants", "expectedCounterpartyCountries", List.of("MX", "DE")));
        info.putAll(Map.of("primaryContactFirstName", "Grace", "primaryContactLastName", "Hopper"));
        Map<String, Object> body = new HashMap<>(CustomerApiTest.business(platformCustomerId));
        body.put("businessInfo", info);
        body.put("kybStatus", "PENDING");
        body.put("currencies", List.of("USD", "MXN"));
        body.put("email", "ops@acme.example");
        body.put("phoneNumber", "+15555550199");
        body.put("region", "US");
        return body;
    }

    private static Object individualUpdate() {
        return Map.of("customerType", "INDIVIDUAL", "fullName", "Ada King", "email", "ada.king@example.com",
                "phoneNumber", "+15555550101", "birthDate", "1815-12-10", "currencies", List.of("USD", "EUR"),
                "address", Map.of("line1", "2 Main St", "postalCode", "10002", "country", "US"),
                "kycStatus", "PENDING", "pepStatus", "NONE");
    }

    private static Object businessUpdate() {
        return Map.of("customerType", "BUSINESS", "businessInfo", Map.of("doingBusinessAs", "Acme",
                        "incorporatedOn", "2001-02-03", "naicsCode", "5112"),
                "currencies", List.of("USD", "MXN"), "kybStatus", "PENDING");
    }

    private Map<String, Object> usdExternalAccount(String customer) {
        Map<String, Object> body = AccountApiTest.usdAccount(customer, accountNumber());
        body.put("platformAccountId", "acct-" + serial);
        body.put("ownershipType", "FIRST_PARTY");
        body.put("defaultUmaDepositAccount", false);
        return body;
    }

    /** Unique, and ending in 99: no sandbox magic suffix (002..005, 102..107) changes the outcome. */
    private String accountNumber() {
        return String.format("8%06d99", next());
    }

    /** A unique German IBAN with valid check digits, ending in 99 (no sandbox magic suffix). */
    private String iban() {
        String bban = "37040044" + String.format("%08d99", next());
        int check = 98 - new java.math.BigInteger(bban + "131400").mod(java.math.BigInteger.valueOf(97)).intValue();
        return String.format("DE%02d%s", check, bban);
    }

    private static Map<String, Object> eurAccount(String customer, String iban) {
        return Map.of("customerId", customer, "currency", "EUR", "accountInfo", Map.of("accountType", "EUR_ACCOUNT",
                "iban", iban, "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL", "fullName", "Ada Lovelace",
                        "countryOfResidence", "DE",
                        "address", Map.of("line1", "1 Main St", "postalCode", "10115", "country", "DE"))));
    }

    private static Map<String, Object> transferOut(String from, String to) {
        return Map.of("source", Map.of("accountId", from), "destination", Map.of("accountId", to,
                        "paymentRail", "ACH"), "amount", 1, "remittanceInformation", "INV-1",
                "purposeOfPayment", "GOODS_OR_SERVICES", "description", "fuzzed payout");
    }

    private static Map<String, Object> accountQuote(String from, String to) {
        Map<String, Object> body = new HashMap<>();
        body.put("source", Map.of("sourceType", "ACCOUNT", "accountId", from));
        body.put("destination", Map.of("destinationType", "ACCOUNT", "accountId", to, "paymentRail", "SEPA_INSTANT"));
        body.put("lockedCurrencySide", "SENDING");
        body.put("lockedCurrencyAmount", 1_000);
        body.put("immediatelyExecute", false);
        body.put("description", "fuzzed quote");
        body.put("remittanceInformation", "INV-2");
        body.put("purposeOfPayment", "GIFT");
        body.put("platformFeeOverride", Map.of("platformFixedFee", Map.of("amount", 0, "currency", "USD"),
                "platformVariableFeeBps", 0));
        body.put("senderCustomerInfo", Map.of("FULL_NAME", "Ada Lovelace", "AGE", 36));
        return body;
    }

    /** Every config field set; the supported currencies are the platform's own, so the base changes nothing. */
    private Supplier<Object> config() {
        List<Map<String, Object>> currencies = new ArrayList<>();
        for (Object c : (List<?>) configApi.get("/config").body().get("supportedCurrencies")) {
            Map<String, Object> currency = new LinkedHashMap<>();
            for (String field : List.of("currencyCode", "minAmount", "maxAmount", "requiredCounterpartyFields",
                    "enabledTransactionTypes")) {
                currency.put(field, ((Map<?, ?>) c).get(field));
            }
            currencies.add(currency);
        }
        currencies.set(0, new LinkedHashMap<>(currencies.get(0)));
        currencies.get(0).put("requiredCounterpartyFields", List.of(Map.of("name", "FULL_NAME", "mandatory", true)));
        Map<String, Object> body = new HashMap<>();
        body.put("umaDomain", "fuzz.example");
        body.put("webhookEndpoint", WEBHOOK_ENDPOINT);
        body.put("supportedCurrencies", currencies);
        body.put("embeddedWalletConfig", Map.of("appName", "Fuzz Wallet", "otpLength", 6, "alphanumeric", false,
                "expirationSeconds", 300, "sendFromEmailAddress", "wallet@fuzz.example",
                "sendFromEmailSenderName", "Fuzz", "replyToEmailAddress", "help@fuzz.example",
                "logoUrl", "https://fuzz.example/logo.png", "enabled", true, "currency", "USD"));
        body.put("cardTokenization2faConfig", Map.of("displayName", "Fuzz", "logoUrl", "https://fuzz.example/l.png",
                "email", Map.of("fromAddress", "cards@fuzz.example", "fromName", "Fuzz Cards",
                        "replyToAddress", "help@fuzz.example", "subject", "Your code", "bodyText", "Code: {code}"),
                "sms", Map.of("templateSid", "HX123", "bodyText", "Code: {code}")));
        body.put("feeConfigs", List.of(Map.of("feeType", "CROSS_CURRENCY_TRANSACTION", "sourceCurrency", "USD",
                "variableFeeBps", 10, "fixedFee", Map.of("amount", 1, "currency", "USD"))));
        return () -> body;
    }

    /** A path with a query string of the given name/value pairs, each value percent-encoded. */
    private static String query(String path, String... pairs) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < pairs.length; i += 2) {
            parts.add(pairs[i] + "=" + urlEncode(pairs[i + 1]));
        }
        return path + "?" + String.join("&", parts);
    }

    private static String created(ApiClient.Reply reply) {
        assertEquals(201, reply.status(), reply.raw().body());
        return reply.string("id");
    }

    // ---- mutation ----

    /** A request as sent, with the field that was changed and what it was changed to (as written on the wire). */
    private record Mutated(String path, String body, String field, String value) {
    }

    /** A place in a body's JSON tree that can take another value: a leaf, an array or an object below the root. */
    private record Target(String path, JsonNode container, String field, int index, JsonNode value) {
        void replace(JsonNode replacement) {
            if (container instanceof ObjectNode object) {
                object.set(field, replacement);
            } else {
                ((ArrayNode) container).set(index, replacement);
            }
        }
    }

    private Mutated mutateBody(Random random, Base base) {
        JsonNode tree = ApiClient.JSON.valueToTree(base.body().get());
        List<Target> targets = new ArrayList<>();
        collect(tree, "", targets);
        // Map.of iterates in an order that changes from JVM to JVM: sorted, a seed picks the same field every run.
        targets.sort(java.util.Comparator.comparing(Target::path));
        Target target = targets.get(random.nextInt(targets.size()));
        String edge = EdgeValues.forBody(random, target.value());
        // Written raw, so lone surrogates and number literals such as 1e30 reach the server exactly as written.
        target.replace(ApiClient.JSON.getNodeFactory().rawValueNode(new RawValue(edge)));
        return new Mutated(base.path().get(), json(tree), target.path(), edge);
    }

    private static void collect(JsonNode node, String path, List<Target> into) {
        if (node instanceof ObjectNode object) {
            for (var field : object.properties()) {
                String at = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
                into.add(new Target(at, object, field.getKey(), -1, field.getValue()));
                collect(field.getValue(), at, into);
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                String at = path + "[" + i + "]";
                into.add(new Target(at, array, null, i, array.get(i)));
                collect(array.get(i), at, into);
            }
        }
    }

    private static Mutated mutateQuery(Random random, Base base) {
        String[] pathAndQuery = base.path().get().split("\\?", 2);
        String[] parameters = pathAndQuery[1].split("&");
        int i = random.nextInt(parameters.length);
        String[] nameAndValue = parameters[i].split("=", 2);
        String original = java.net.URLDecoder.decode(nameAndValue[1], StandardCharsets.UTF_8);
        String edge = EdgeValues.forQuery(random, original);
        parameters[i] = nameAndValue[0] + "=" + edge;
        // A cursor is opaque: the report names the position it stands for.
        String shown = EdgeValues.isCursor(edge) ? "cursor at " + PageCursor.decode(edge).createdAt() + ": " + edge
                : edge;
        return new Mutated(pathAndQuery[0] + "?" + String.join("&", parameters), null, "?" + nameAndValue[0], shown);
    }

    /** A reply that breaks the rules: its status (0 if there was none) and the report's line. */
    private record Failure(int status, String line) {
    }

    /** Sends one mutated request; what is wrong with its reply, or null. Counts the outcome per route. */
    private static Failure send(Base base, Mutated request, Map<String, int[]> outcomes) {
        String line = base.route() + " [" + request.field() + " = " + label(request.value()) + "] -> ";
        Reply reply;
        try {
            reply = exchange(base.client(), base.method(), request.path(), request.body());
        } catch (IOException e) {
            outcomes.computeIfAbsent(base.route(), r -> new int[3])[2]++;
            return new Failure(0, line + e);
        }
        int kind = reply.status() / 100 == 2 ? 0 : reply.status() / 100 == 4 ? 1 : 2;
        outcomes.computeIfAbsent(base.route(), r -> new int[3])[kind]++;
        String problem = problem(reply);
        return problem == null ? null : new Failure(reply.status(),
                line + reply.status() + " " + problem + " " + abbreviate(reply.text(), 300));
    }

    /** A reply as received; {@code body} is its JSON object, or empty when it is none. */
    private record Reply(int status, String text, Map<String, Object> body) {
    }

    /**
     * Like {@link ApiClient#exchange}, but keeps a reply whose body is not what ApiClient reads: a 2xx may echo a
     * mutated number beyond a long (ApiClient reads integers as longs), and a broken 4xx may not be JSON at all.
     */
    private static Reply exchange(ApiClient client, String method, String path, String body) throws IOException {
        var request = HttpRequest.newBuilder(URI.create("http://localhost:" + TestServer.get().port()
                        + "/2025-10-13" + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body))
                .header("Authorization", client.authorization());
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (method.equals("POST") && path.startsWith("/stablecoin")) { // the reference requires a key there
            request.header("Idempotency-Key", UUID.randomUUID().toString());
        }
        try {
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            Map<String, Object> parsed = Map.of();
            try {
                parsed = READER.readValue(response.body(), new TypeReference<>() { });
            } catch (IOException notJson) {
                // Left empty: problem() reports the missing error body of a 4xx; a 2xx may answer no body.
            }
            return new Reply(response.statusCode(), response.body(), parsed);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Null when the reply is a 2xx or a well-formed 4xx; else what is wrong with it. */
    private static String problem(Reply reply) {
        int status = reply.status();
        if (status / 100 == 2) {
            return null;
        }
        // 501 NOT_IMPLEMENTED is a designed answer (say, fee configs for a non-USD source; PlatformApiTest).
        boolean designed = status == 501 && "NOT_IMPLEMENTED".equals(reply.body().get("code"));
        if (status / 100 != 4 && !designed) {
            return "not a 2xx or 4xx";
        }
        if (!(reply.body().get("status") instanceof Number n) || n.intValue() != status) {
            return "status field differs";
        }
        if (!(reply.body().get("code") instanceof String code) || code.isEmpty()) {
            return "no code";
        }
        return reply.body().get("message") instanceof String ? null : "no message";
    }

    private static String json(Object value) {
        try {
            return value == null ? null : ApiClient.JSON.writeValueAsString(value);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String urlEncode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** A value for the report: short values whole, long ones by their start and length; printable ASCII only. */
    private static String label(String value) {
        String shown = value.length() <= 120 ? value : value.substring(0, 40) + "...(" + value.length() + " chars)";
        StringBuilder b = new StringBuilder();
        shown.chars().forEach(c -> b.append(c >= 0x20 && c < 0x7f ? Character.toString(c)
                : String.format("\\u%04X", c)));
        return b.toString();
    }

    private static String abbreviate(String s, int max) {
        return s.length() > max ? s.substring(0, max) + "..." : s;
    }

    // ---- edge values ----

    /**
     * The values a field is replaced with. Half the time one suited to the field's original (a number for a number,
     * the original text made strange for a text), so that more of them pass the type checks and reach the rules and
     * the database behind; otherwise any of them, to test the type checks too.
     */
    static final class EdgeValues {
        private static final Pattern DATE = Pattern.compile("^\\d{4}-\\d{2}-\\d{2}$");
        private static final Pattern DATE_TIME = Pattern.compile("^\\d{4}-\\d{2}-\\d{2}T.*");
        private static final Pattern INTEGER = Pattern.compile("^-?\\d{1,18}$");
        /** Lengths at which column sizes and schema limits (32, 45, 64, 80, 100, 255, 500, 1000...) change. */
        private static final int[] BOUNDARY_LENGTHS = {32, 33, 45, 46, 64, 65, 80, 81, 100, 101, 255, 256, 480, 481,
            500, 501, 1000, 1001, 1100, 2000, 2001, 10_000};

        static final List<String> TEXTS = List.of("", " ", "\t\n", "\0", "a\0b", "\uD800", "\uDFFF", "x\uD800y",
                "\uDBFF\uDFFF", "\uD83D\uDE00\uD83D\uDC4D\uD83C\uDFFD", "\u202Eevil", "\uFEFF", "\uFFFF", "\u0085",
                "\u00A0", "'; drop table customers; --", "\\", "\"", "%s%n%x", "${jndi:ldap://127.0.0.1/a}",
                "<script>alert(1)</script>", "NaN", "Infinity", "null", "true", "12", "-0", "USD", "usd",
                "Customer:00000000-0000-4000-8000-000000000000", "InternalAccount:" + new UUID(1, 1),
                "Transaction:not-a-uuid", "$a@b.co", "a".repeat(1_100), "a".repeat(10_000), "\u00E9".repeat(300),
                "\uD83D\uDE00".repeat(300), "a".repeat(2_000) + "\0", "\uD83D\uDE00".repeat(5_000));
        static final List<String> DATES = List.of("0000-01-01", "0001-01-01", "9999-12-31", "+10000-01-01",
                "-0001-01-01", "-200000-01-01", "2025-02-30", "2024-02-29", "1900-02-29", "2025-13-01", "2025-1-1",
                "1815-12-10T00:00:00Z");
        static final List<String> DATE_TIMES = List.of("0000-01-01T00:00:00Z", "0001-01-01T00:00:00Z",
                "0001-01-01T00:00:00+01:00", "0001-01-01T00:00:00-14:00", "9999-12-31T23:59:59Z",
                "9999-12-31T23:59:59.999999Z", "9999-12-31T23:59:59.9999999Z", "9999-12-31T20:00:00-05:00",
                "+10000-01-01T00:00:00Z", "-200000-01-01T00:00:00Z", "+300000-01-01T00:00:00Z",
                "1970-01-01T00:00:00Z", "2026-01-01T00:00:00", "2026-01-01T00:00:00.123456789Z",
                "2026-02-30T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T00:00:60Z", "2026-01-01T00:00:00+18:00",
                "2026-01-01T00:00:00+25:00", "2026-01-01");
        static final List<String> NUMBERS = List.of("0", "-1", "1", "1.5", "-0", "0.0", "1e30", "1E+2", "-1e-7",
                "2147483648", "9007199254740993", "100000000001", "9000000000000000", "9000000000000001",
                "9000000000000000000",
                "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
                "1" + "0".repeat(40), "123456789012345678901234567890.5");
        /** JSON texts that are no text, date or number: other types, odd escapes, big and deep structures. */
        static final List<String> STRUCTURES = List.of("true", "false", "null", "[]", "{}", "[null]", "[[]]", "[\"\"]",
                "{\"\":\"\"}", "{\"zz\":1}", "{\"a\\u0000\":1}", "\"\\uD83D\\uDE00\"", "\"\\u0000\"", "\"a\\/b\"",
                list(1_000, i -> Integer.toString(i)), list(1_000, i -> "\"USD\""), list(51, i -> "\"x" + i + "\""),
                "[".repeat(31) + "]".repeat(31), "[".repeat(40) + "]".repeat(40));
        /** Percent-encoded query values that no encoder would make: NUL, surrogates, bad and overlong UTF-8. */
        static final List<String> RAW_QUERY = List.of("%00", "a%00b", "%ED%A0%80", "%C0%80", "%FF%FE", "%E2%82",
                "%F0%9F%98%80", "%2B10000-01-01T00:00:00Z", "2026-01-01T00:00:00+01:00", "a%26b%3Dc", "%25",
                "%2525", "+", "%0A", "%22%27%3B", "a+b", "%EF%BF%BF", "");
        /**
         * Well-formed page cursors no list ever hands out: positions at the ends of Java's and PostgreSQL's time,
         * and at the edges of the four-digit years that requests are held to.
         */
        static final List<String> CURSORS = java.util.stream.Stream.of(Instant.MIN, Instant.MAX, Instant.EPOCH,
                        Instant.parse("-4714-11-23T00:00:00Z"), Instant.parse("0000-12-31T23:59:59Z"),
                        Instant.parse("0001-01-01T00:00:00Z"), Instant.parse("9999-12-31T23:59:59.999999999Z"),
                        Instant.parse("+10000-01-01T00:00:00Z"), Instant.parse("+294277-01-01T00:00:00Z"),
                        Instant.ofEpochSecond(9_999_999_999_999L), Instant.ofEpochSecond(-9_999_999_999_999L))
                .map(at -> new PageCursor(at, new UUID(0, 0)).encode()).toList();
        private static final List<String> ALL_BODY = all();

        private EdgeValues() {
        }

        static String forBody(Random random, JsonNode original) {
            List<String> suited = suitedToBody(original);
            return random.nextBoolean() && !suited.isEmpty() ? pick(random, suited) : pick(random, ALL_BODY);
        }

        static String forQuery(Random random, String original) {
            if (random.nextInt(4) == 0) {
                return pick(random, RAW_QUERY);
            }
            List<String> texts = new ArrayList<>(random.nextBoolean() ? suitedTexts(original) : allTexts());
            return urlEncode(pick(random, texts));
        }

        private static List<String> suitedToBody(JsonNode original) {
            if (original.isIntegralNumber()) {
                long n = original.asLong();
                return concat(NUMBERS, List.of(Long.toString(n + 1), Long.toString(n - 1), Long.toString(-n),
                        n + ".0", n + "e0", Long.toString(n * 1_000), "\"" + n + "\""));
            }
            if (original.isTextual()) {
                return suitedTexts(original.asText()).stream().map(EdgeValues::jsonString).toList();
            }
            if (original.isArray()) {
                String first = original.isEmpty() ? "\"x\"" : json(original.get(0));
                return List.of("[]", "[null]", "[" + first + "," + first + "]", list(51, i -> first),
                        list(1_000, i -> first), list(1_000, i -> "\"x" + i + "\""), "{}", "null");
            }
            if (original.isObject()) {
                return List.of("{}", "null", "[]", "{\"zz\":1}", "\"\"");
            }
            return original.isBoolean() ? List.of("\"true\"", "1", "0", "null", "[true]") : List.of();
        }

        /** Texts made from the original (at boundary lengths, with a NUL or a surrogate) and its kind's edges. */
        private static List<String> suitedTexts(String original) {
            List<String> texts = new ArrayList<>(List.of(original + "\0", original + "\uD800", "\uDC00" + original,
                    original + "\uD83D\uDE00", " " + original, original + " ", original.toLowerCase(),
                    original.toUpperCase(), original.replace('e', '\u00E9')));
            for (int length : BOUNDARY_LENGTHS) {
                if (length > original.length()) {
                    texts.add(original + "x".repeat(length - original.length()));
                }
            }
            if (isCursor(original)) {
                texts.addAll(CURSORS);
            } else if (DATE.matcher(original).matches()) {
                texts.addAll(DATES);
            } else if (DATE_TIME.matcher(original).matches()) {
                texts.addAll(DATE_TIMES);
            } else if (INTEGER.matcher(original).matches()) {
                texts.addAll(NUMBERS);
            } else {
                texts.addAll(TEXTS);
            }
            return texts;
        }

        static boolean isCursor(String value) {
            try {
                PageCursor.decode(value);
                return true;
            } catch (RuntimeException notACursor) {
                return false;
            }
        }

        private static List<String> allTexts() {
            return concat(concat(TEXTS, DATES), concat(DATE_TIMES, NUMBERS));
        }

        private static List<String> all() {
            List<String> all = new ArrayList<>();
            concat(concat(TEXTS, DATES), DATE_TIMES).forEach(t -> all.add(jsonString(t)));
            all.addAll(NUMBERS);
            all.addAll(STRUCTURES);
            return List.copyOf(all);
        }

        /**
         * A JSON string literal for any Java text. Unlike Jackson's writer it escapes a lone surrogate as
         * {@code \}{@code uD800}: written raw, the HTTP client's UTF-8 encoder would turn it into "?". Paired
         * surrogates stay raw, so 4-byte UTF-8 goes on the wire too.
         */
        static String jsonString(String s) {
            StringBuilder b = new StringBuilder("\"");
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    b.append(c).append(s.charAt(++i));
                } else if (c == '"' || c == '\\') {
                    b.append('\\').append(c);
                } else if (c < 0x20 || Character.isSurrogate(c)) {
                    b.append(String.format("\\u%04X", (int) c));
                } else {
                    b.append(c);
                }
            }
            return b.append('"').toString();
        }

        private static String list(int size, java.util.function.IntFunction<String> item) {
            List<String> items = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                items.add(item.apply(i));
            }
            return "[" + String.join(",", items) + "]";
        }

        private static List<String> concat(List<String> a, List<String> b) {
            List<String> both = new ArrayList<>(a);
            both.addAll(b);
            return both;
        }

        private static String pick(Random random, List<String> values) {
            return values.get(random.nextInt(values.size()));
        }
    }
}
