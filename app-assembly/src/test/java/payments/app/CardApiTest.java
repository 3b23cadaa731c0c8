package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import payments.core.card.CardNumbers;
import payments.core.cardnetwork.CardTransaction;
import payments.core.platform.Environment;

/**
 * Cards over HTTP against the real database: issuing and provisioning, the platform's changes, the reveal page,
 * and the sandbox's card network (authorizations on the funding sources in order, clearings, advices, returns,
 * each magic descriptor), with the ledger checked after every test.
 */
class CardApiTest {
    private static final Pattern PAN = Pattern.compile("id=\"pan\">([0-9 ]+)<");
    private static final Pattern CVV = Pattern.compile("id=\"cvv\">([0-9]+)<");
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);
    private final String holder = customer("card-holder", "APPROVED");
    private final String usd = account(holder, "USD");

    @AfterEach
    void ledger_stays_balanced() {
        var check = api.get("/sandbox/ledger/check");
        assertEquals(true, check.body().get("balanced"), String.valueOf(check.body().get("violations")));
    }

    private String customer(String platformCustomerId, String kycStatus) {
        Map<String, Object> body = CustomerApiTest.individual(platformCustomerId);
        body.put("kycStatus", kycStatus);
        var created = api.post("/customers", body);
        assertEquals(201, created.status(), created.raw().body());
        return created.string("id");
    }

    private String account(String customer, String currency) {
        return (String) api.get("/customers/internal-accounts?customerId=" + customer + "&currency=" + currency)
                .data().get(0).get("id");
    }

    private void fund(String account, long amount) {
        assertEquals(200, api.post("/sandbox/internal-accounts/" + account + "/fund", Map.of("amount", amount))
                .status());
    }

    private long available(String account) {
        return available(holder, account);
    }

    private long available(String customer, String account) {
        var found = api.get("/customers/internal-accounts?customerId=" + customer).data().stream()
                .filter(a -> a.get("id").equals(account)).findFirst().orElseThrow();
        return (Long) ((Map<?, ?>) found.get("balance")).get("amount");
    }

    private Map<String, Object> create(Map<String, Object> body) {
        var created = api.post("/cards", body);
        assertEquals(201, created.status(), created.raw().body());
        return created.body();
    }

    private static Map<String, Object> cardBody(String holder, List<String> sources) {
        Map<String, Object> body = new HashMap<>();
        body.put("cardholderId", holder);
        body.put("form", "VIRTUAL");
        body.put("fundingSources", sources);
        return body;
    }

    /** A card funded by {@code sources}, provisioned (ACTIVE). */
    private String activeCard(List<String> sources) {
        String id = (String) create(cardBody(holder, sources)).get("id");
        advance(5);
        assertEquals("ACTIVE", api.get("/cards/" + id).body().get("state"));
        return id;
    }

    private void advance(long seconds) {
        assertEquals(200, api.post("/sandbox/clock/advance", Map.of("seconds", seconds)).status());
    }

    private static Map<String, Object> authorization(long amount, String descriptor) {
        return Map.of("amount", amount, "currency", "USD", "merchant", Map.of("descriptor", descriptor,
                "mcc", "5812", "country", "US"));
    }

    private ApiClient.Reply simulate(String card, String message, Map<String, Object> body) {
        var reply = api.post("/sandbox/cards/" + card + "/simulate/" + message, body);
        assertEquals(202, reply.status(), reply.raw().body());
        assertTrue(reply.string("issuerTransactionToken").startsWith("itx_"));
        return reply;
    }

    /** An approved authorization's card transaction id. */
    private String authorize(String card, long amount, String descriptor) {
        var reply = simulate(card, "authorization", authorization(amount, descriptor));
        assertEquals(true, reply.body().get("approved"), reply.raw().body());
        return reply.string("cardTransactionId");
    }

    private Map<String, Object> cardTransaction(String id) {
        var reply = api.get("/transactions/" + id);
        assertEquals(200, reply.status(), reply.raw().body());
        return reply.body();
    }

    private static long amount(Map<String, Object> t, String field) {
        return (Long) ((Map<?, ?>) t.get(field)).get("amount");
    }

    private List<Map<String, Object>> events(String type) {
        return api.get("/webhooks/events?limit=100").data().stream().filter(e -> type.equals(e.get("type")))
                .toList();
    }

    @Test
    void a_card_is_provisioned_by_its_issuer_and_its_number_is_shown_once_on_the_reveal_page() throws Exception {
        var card = create(cardBody(holder, List.of(usd)));
        String id = (String) card.get("id");
        assertTrue(id.startsWith("Card:"));
        assertEquals("PROCESSING", card.get("state"));
        assertEquals("USD", card.get("currency"));
        assertEquals(List.of(usd), card.get("fundingSources"));
        assertTrue(card.containsKey("maxSpendPerTransaction"));
        assertNull(card.get("maxSpendPerTransaction"));
        assertTrue(((String) card.get("platformCardId")).startsWith("card_"));
        assertEquals(409, api.post("/cards/" + id + "/reveal", null).status(), "no number before provisioning");

        advance(5);
        var active = api.get("/cards/" + id).body();
        assertEquals("ACTIVE", active.get("state"));
        assertEquals("VISA", active.get("brand"));
        assertTrue(((String) active.get("last4")).matches("[0-9]{4}"));
        assertTrue(((Number) active.get("expYear")).intValue() > 2000);
        var changes = events("CARD.STATE_CHANGE");
        assertEquals(1, changes.size());
        assertEquals("ACTIVE", ((Map<?, ?>) changes.get(0).get("data")).get("state"));

        var reveal = api.post("/cards/" + id + "/reveal", null);
        assertEquals(200, reveal.status(), reveal.raw().body());
        String url = reveal.string("panEmbedUrl");
        assertTrue(url.contains("/card-reveal/"), url);
        var page = visit(url);
        assertEquals(200, page.statusCode());
        assertEquals("no-store", page.headers().firstValue("Cache-Control").orElse(null));
        assertTrue(page.headers().firstValue("Content-Security-Policy").orElse("").contains("default-src 'none'"));
        Matcher pan = PAN.matcher(page.body());
        assertTrue(pan.find(), page.body());
        String number = pan.group(1).replace(" ", "");
        assertTrue(number.startsWith("400000") && number.length() == 16, number);
        assertTrue(CardNumbers.luhnValid(number), number);
        assertTrue(number.endsWith((String) active.get("last4")));
        assertTrue(CVV.matcher(page.body()).find());
        assertEquals(410, visit(url).statusCode(), "shown once");
        assertEquals(404, visit(url.substring(0, url.lastIndexOf('/') + 1) + "not-a-token").statusCode());

        // The number is nowhere else: not in the card, a list, an event.
        String everything = api.get("/cards/" + id).raw().body() + api.get("/cards").raw().body()
                + api.get("/webhooks/events?limit=100").raw().body();
        assertFalse(everything.contains(number));
        assertFalse(everything.contains(number.substring(0, 12)));
    }

    static HttpResponse<String> visit(String url) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void issuing_refuses_a_holder_without_approved_kyc_and_funding_sources_that_are_not_eligible() {
        String pending = customer("pending-holder", "PENDING");
        var refused = api.post("/cards", cardBody(pending, List.of(account(pending, "USD"))));
        assertEquals(400, refused.status());
        assertEquals("CARDHOLDER_KYC_NOT_APPROVED", refused.code());

        String other = customer("other-holder", "APPROVED");
        assertEquals("FUNDING_SOURCE_INELIGIBLE", api.post("/cards", cardBody(holder,
                List.of(account(other, "USD")))).code(), "another customer's account");
        assertEquals("FUNDING_SOURCE_INELIGIBLE", api.post("/cards", cardBody(holder,
                List.of(usd, account(holder, "EUR")))).code(), "two currencies");
        assertEquals("FUNDING_SOURCE_INELIGIBLE", api.post("/cards", cardBody(holder,
                List.of("InternalAccount:" + java.util.UUID.randomUUID()))).code());
        assertEquals(List.of("fundingSources"), api.post("/cards", cardBody(holder, List.of(usd, usd)))
                .invalidFields());
        assertEquals(List.of("fundingSources"), api.post("/cards", cardBody(holder, List.of())).invalidFields());
        assertEquals(404, api.post("/cards", cardBody("Customer:" + java.util.UUID.randomUUID(), List.of(usd)))
                .status());

        Map<String, Object> named = cardBody(holder, List.of(usd));
        named.put("platformCardId", "my-card-1");
        create(named);
        assertEquals(409, api.post("/cards", named).status(), "platformCardId is unique on the platform");

        ApiClient production = TestServer.newPlatform(Environment.PRODUCTION);
        assertEquals(501, production.post("/cards", cardBody(holder, List.of(usd))).status());
        assertEquals("NOT_IMPLEMENTED", production.get("/cards").code());
    }

    @Test
    void an_issuer_refusal_closes_the_card() {
        Map<String, Object> body = cardBody(holder, List.of(usd));
        body.put("platformCardId", "refused-002");
        String id = (String) create(body).get("id");
        advance(5);
        var card = api.get("/cards/" + id).body();
        assertEquals("CLOSED", card.get("state"));
        assertEquals("ISSUER_REJECTED", card.get("stateReason"));
        assertEquals(List.of(), card.get("fundingSources"));
    }

    @Test
    void the_platform_freezes_unfreezes_rebinds_and_closes_a_card_and_each_change_is_an_event() {
        String processing = (String) create(cardBody(holder, List.of(usd))).get("id");
        assertEquals("INVALID_STATE_TRANSITION", api.patch("/cards/" + processing, Map.of("state", "FROZEN"))
                .code(), "a card is provisioned first");
        String id = activeCard(List.of(usd));
        fund(usd, 10_000);

        assertEquals(400, api.patch("/cards/" + id, Map.of()).status());
        assertEquals("FROZEN", api.patch("/cards/" + id, Map.of("state", "FROZEN")).body().get("state"));
        var declined = simulate(id, "authorization", authorization(100, "COFFEE"));
        assertEquals(false, declined.body().get("approved"));
        assertEquals("CARD_PAUSED", declined.body().get("declineReason"));
        assertEquals("ACTIVE", api.patch("/cards/" + id, Map.of("state", "ACTIVE")).body().get("state"));

        assertEquals("FUNDING_SOURCE_INELIGIBLE", api.patch("/cards/" + id, Map.of("fundingSources",
                List.of(account(holder, "EUR")))).code(), "not in the card's currency");
        var rebound = api.patch("/cards/" + id, Map.of("fundingSources", List.of(usd),
                "maxSpendPerTransaction", 500));
        assertEquals(200, rebound.status(), rebound.raw().body());
        assertEquals(List.of(usd), rebound.body().get("fundingSources"));
        assertEquals(500L, rebound.body().get("maxSpendPerTransaction"));
        assertEquals("SPEND_LIMIT_EXCEEDED", simulate(id, "authorization", authorization(501, "SHOP"))
                .body().get("declineReason"));
        assertEquals(true, simulate(id, "authorization", authorization(500, "SHOP")).body().get("approved"),
                "the limit itself is allowed");
        Map<String, Object> clear = new HashMap<>();
        clear.put("maxSpendPerTransaction", null);
        assertNull(api.patch("/cards/" + id, clear).body().get("maxSpendPerTransaction"));
        assertEquals(0, events("CARD.FUNDING_SOURCE_CHANGE").size(), "the same sources: no change");

        assertEquals(400, api.patch("/cards/" + id, Map.of("state", "CLOSED", "fundingSources", List.of(usd)))
                .status(), "closing takes no other change");
        var closed = api.patch("/cards/" + id, Map.of("state", "CLOSED")).body();
        assertEquals("CLOSED", closed.get("state"));
        assertEquals("CLOSED_BY_PLATFORM", closed.get("stateReason"));
        assertEquals(List.of(), closed.get("fundingSources"));
        assertEquals("CARD_ALREADY_CLOSED", api.patch("/cards/" + id, Map.of("state", "CLOSED")).code());
        assertEquals("CARD_NOT_MUTABLE", api.patch("/cards/" + id, Map.of("state", "ACTIVE")).code());
        assertEquals("CARD_NOT_ACTIVE", simulate(id, "authorization", authorization(1, "SHOP")).body()
                .get("declineReason"));
        List<Object> states = events("CARD.STATE_CHANGE").stream().map(e -> (Map<?, ?>) e.get("data"))
                .filter(card -> id.equals(card.get("id"))).map(card -> card.get("state")).map(Object.class::cast)
                .toList();
        assertEquals(List.of("ACTIVE", "FROZEN", "ACTIVE", "CLOSED"), reversed(states));
    }

    private static List<Object> reversed(List<Object> newestFirst) {
        List<Object> list = new ArrayList<>(newestFirst);
        java.util.Collections.reverse(list);
        return list;
    }

    /**
     * A holder with two USD accounts, its service-held one and its embedded wallet (the platform's wallets made in
     * USD, which fund a card through a delegated key): {@code [holder, fiat, wallet]}.
     */
    private List<String> holderWithTwoAccounts(String platformCustomerId) {
        var configured = api.patch("/config", Map.of("embeddedWalletConfig", Map.of("enabled", true,
                "currency", "USD")));
        assertEquals(200, configured.status(), configured.raw().body());
        String id = customer(platformCustomerId, "APPROVED");
        var accounts = api.get("/customers/internal-accounts?customerId=" + id + "&currency=USD").data();
        assertEquals(2, accounts.size());
        String fiat = null;
        String wallet = null;
        for (var a : accounts) {
            if ("EMBEDDED_WALLET".equals(a.get("type"))) {
                wallet = (String) a.get("id");
            } else {
                fiat = (String) a.get("id");
            }
        }
        return List.of(id, fiat, wallet);
    }

    @Test
    void cards_are_listed_with_filters_and_pages_and_isolated_per_platform() {
        String a = activeCard(List.of(usd));
        String other = customer("second-holder", "APPROVED");
        String b = (String) create(cardBody(other, List.of(account(other, "USD")))).get("id");
        assertEquals(List.of(a), ids(api.get("/cards?cardholderId=" + holder)));
        assertEquals(List.of(a), ids(api.get("/cards?accountId=" + usd)));
        assertEquals(List.of(b), ids(api.get("/cards?state=PROCESSING")));
        var first = api.get("/cards?limit=1&sortOrder=asc");
        assertEquals(List.of(a), ids(first));
        assertEquals(true, first.body().get("hasMore"));
        assertEquals(2L, first.body().get("totalCount"));
        assertEquals(List.of(b), ids(api.get("/cards?limit=1&sortOrder=asc&cursor=" + first.string("nextCursor"))));

        ApiClient stranger = TestServer.newPlatform(Environment.SANDBOX);
        assertEquals(404, stranger.get("/cards/" + a).status());
        assertEquals(0, stranger.get("/cards").data().size());
        assertEquals(404, stranger.post("/sandbox/cards/" + a + "/simulate/authorization",
                authorization(1, "SHOP")).status());
        assertEquals(404, stranger.patch("/cards/" + a, Map.of("state", "FROZEN")).status());
    }

    private static List<Object> ids(ApiClient.Reply reply) {
        return reply.data().stream().map(c -> c.get("id")).map(Object.class::cast).toList();
    }

    @Test
    void an_authorization_holds_on_the_first_funding_source_that_covers_it_and_lists_as_a_card_transaction() {
        var two = holderWithTwoAccounts("two-accounts");
        String first = two.get(1);
        String second = two.get(2);
        fund(first, 1_000);
        fund(second, 50_000);
        String card = (String) create(cardBody(two.get(0), List.of(first, second))).get("id");
        advance(5);
        assertEquals("INSUFFICIENT_FUNDS", simulate(card, "authorization", authorization(5_000, "GROCER"))
                .body().get("declineReason"), "the wallet pays only through a delegated key");
        DelegatedKeyApiTest.delegate(api, card, second);

        String t = authorize(card, 5_000, "GROCER 123");
        var held = cardTransaction(t);
        assertEquals("CARD", held.get("type"));
        assertEquals("AUTHORIZED", held.get("status"));
        assertEquals("DEBIT", held.get("direction"));
        assertEquals(second, held.get("accountId"), "the first source does not cover 5,000");
        assertEquals(5_000L, amount(held, "authorizedAmount"));
        assertEquals("two-accounts", held.get("platformCustomerId"));
        assertEquals(45_000L, available(two.get(0), second));
        assertEquals(1_000L, available(two.get(0), first));
        var rebound = api.patch("/cards/" + card, Map.of("fundingSources", List.of(second, first)));
        assertEquals(List.of(second, first), rebound.body().get("fundingSources"));
        assertEquals(1, events("CARD.FUNDING_SOURCE_CHANGE").size());

        assertEquals(List.of(t), ids(api.get("/transactions?type=CARD")));
        assertEquals(List.of(t), ids(api.get("/transactions?accountIdentifier=" + second)));
        assertEquals(List.of(), ids(api.get("/transactions?status=COMPLETED&type=CARD")));
        assertTrue(ids(api.get("/transactions")).contains(t));
        assertEquals(List.of(t), ids(api.get("/transactions?reference=" + held.get("issuerTransactionToken"))));
        assertEquals(1, events("CARD_TRANSACTION.AUTHORIZED").size());

        var refused = simulate(card, "authorization", authorization(60_000, "GROCER"));
        assertEquals("INSUFFICIENT_FUNDS", refused.body().get("declineReason"));
        assertNull(refused.body().get("cardTransactionId"));
        assertEquals("INSUFFICIENT_FUNDS", simulate(card, "authorization", authorization(10, "SHOP-002"))
                .body().get("declineReason"), "magic 002");
        assertEquals("CARD_PAUSED", simulate(card, "authorization", authorization(10, "SHOP-003"))
                .body().get("declineReason"), "magic 003");
        assertEquals(1, api.get("/transactions?type=CARD").data().size(), "declines record nothing");
        assertEquals(400, api.post("/sandbox/cards/" + card + "/simulate/authorization", Map.of("amount", 10,
                "currency", "EUR", "merchant", Map.of("descriptor", "SHOP"))).status(), "the card is in USD");
        var inquiry = simulate(card, "balance_inquiry", Map.of("merchant", Map.of("descriptor", "ATM")));
        assertEquals(true, inquiry.body().get("approved"));
        assertNull(inquiry.body().get("cardTransactionId"));
    }

    @Test
    void clearings_settle_in_parts_expire_and_pull_more_after_the_fact() {
        fund(usd, 10_000);
        String card = activeCard(List.of(usd));
        String t = authorize(card, 3_000, "HOTEL");
        var partial = clearing(card, t, 1_000);
        assertEquals("PARTIALLY_SETTLED", partial.get("status"));
        assertEquals(1_000L, amount(partial, "settledAmount"));
        assertEquals(7_000L, available(usd), "2,000 still held");
        var whole = clearing(card, t, 2_000);
        assertEquals("SETTLED", whole.get("status"));
        assertEquals(Map.of("count", 2L, "totalAmount", 3_000L), whole.get("settlementSummary"));
        assertEquals(7_000L, available(usd));
        assertEquals(409, api.post("/sandbox/cards/" + card + "/simulate/clearing", Map.of("cardTransactionId", t,
                "amount", 1)).status(), "settled: nothing more clears");

        String expiring = authorize(card, 2_000, "RENTAL");
        assertEquals(5_000L, available(usd));
        var expired = clearing(card, expiring, 0);
        assertEquals("SETTLED", expired.get("status"));
        assertEquals(0L, amount(expired, "settledAmount"));
        assertEquals(7_000L, available(usd), "the hold is released");

        String tip = authorize(card, 1_000, "RESTAURANT");
        var over = clearing(card, tip, 1_200);
        assertEquals("SETTLED", over.get("status"));
        assertEquals(2L, ((Map<?, ?>) over.get("pullSummary")).get("count"), "a post-hoc pull");
        assertEquals(1_200L, ((Map<?, ?>) over.get("pullSummary")).get("totalAmount"), "1,000 at authorization, 200 after");
        assertEquals(5_800L, available(usd));

        String beyond = authorize(card, 5_000, "CAR");
        var exception = clearing(card, beyond, 9_000);
        assertEquals("EXCEPTION", exception.get("status"), "the account cannot give 4,000 more");
        assertEquals(800L, available(usd), "the held 5,000 settled, the rest is owed");
        assertEquals(1, events("CARD_TRANSACTION.EXCEPTION").size());
    }

    private Map<String, Object> clearing(String card, String transaction, long amount) {
        simulate(card, "clearing", Map.of("cardTransactionId", transaction, "amount", amount));
        return cardTransaction(transaction);
    }

    @Test
    void a_delayed_pull_is_pending_for_thirty_seconds_and_a_failed_confirmation_is_an_exception() {
        fund(usd, 10_000);
        String card = activeCard(List.of(usd));
        String delayed = authorize(card, 1_000, "STORE-005");
        assertEquals(1L, ((Map<?, ?>) cardTransaction(delayed).get("pullSummary")).get("pendingCount"));
        var overDelayed = clearing(card, delayed, 1_500);
        assertEquals("SETTLED", overDelayed.get("status"));
        assertEquals(9_000L, available(usd), "the post-hoc 500 is pulled when the pull lands");
        advance(31);
        var landed = cardTransaction(delayed);
        assertEquals(0L, ((Map<?, ?>) landed.get("pullSummary")).get("pendingCount"));
        assertEquals(8_500L, available(usd));

        String failing = authorize(card, 2_000, "STORE-006");
        assertEquals(6_500L, available(usd));
        var failed = clearing(card, failing, 2_000);
        assertEquals("EXCEPTION", failed.get("status"));
        assertEquals(8_500L, available(usd), "the pull's confirmation failed: the account was not debited");
    }

    @Test
    void returns_refund_in_parts_or_whole_and_a_reversal_settles_again() {
        fund(usd, 10_000);
        String card = activeCard(List.of(usd));
        String t = authorize(card, 4_000, "SHOES");
        clearing(card, t, 4_000);
        assertEquals(409, api.post("/sandbox/cards/" + card + "/simulate/return_reversal",
                Map.of("cardTransactionId", t)).status(), "only a refunded transaction");
        simulate(card, "return", Map.of("cardTransactionId", t, "amount", 1_000));
        var partial = cardTransaction(t);
        assertEquals("SETTLED", partial.get("status"));
        assertEquals(1_000L, amount(partial, "refundedAmount"));
        assertEquals(7_000L, available(usd));
        assertEquals(400, api.post("/sandbox/cards/" + card + "/simulate/return", Map.of("cardTransactionId", t,
                "amount", 3_001)).status(), "more than settled and not yet returned");
        simulate(card, "return", Map.of("cardTransactionId", t, "amount", 3_000));
        assertEquals("REFUNDED", cardTransaction(t).get("status"));
        assertEquals(10_000L, available(usd));
        assertEquals(2, events("CARD_TRANSACTION.REFUNDED").size());

        simulate(card, "return_reversal", Map.of("cardTransactionId", t));
        var reversed = cardTransaction(t);
        assertEquals("SETTLED", reversed.get("status"));
        assertEquals(0L, amount(reversed, "refundedAmount"));
        assertEquals(6_000L, available(usd));
    }

    @Test
    void an_advice_moves_the_hold_to_the_new_total() {
        fund(usd, 10_000);
        String card = activeCard(List.of(usd));
        String t = authorize(card, 2_000, "FUEL");
        simulate(card, "authorization_advice", Map.of("cardTransactionId", t, "amount", 6_000));
        assertEquals(6_000L, amount(cardTransaction(t), "authorizedAmount"));
        assertEquals(4_000L, available(usd));
        simulate(card, "authorization_advice", Map.of("cardTransactionId", t, "amount", 500));
        assertEquals(9_500L, available(usd));
        assertEquals("SETTLED", clearing(card, t, 500).get("status"));
        assertEquals(9_500L, available(usd));
    }

    @Test
    void credits_and_single_message_payments() {
        fund(usd, 1_000);
        String card = activeCard(List.of(usd));
        var credit = simulate(card, "credit_authorization", authorization(300, "REFUND DESK"));
        String creditId = credit.string("cardTransactionId");
        assertEquals("CREDIT", cardTransaction(creditId).get("direction"));
        assertEquals(1_000L, available(usd), "a credit moves nothing until it clears");
        assertEquals("SETTLED", clearing(card, creditId, 300).get("status"));
        assertEquals(1_300L, available(usd));

        String financial = simulate(card, "financial_authorization", authorization(200, "ATM"))
                .string("cardTransactionId");
        assertEquals("SETTLED", cardTransaction(financial).get("status"));
        assertEquals(1_100L, available(usd));
        String financialCredit = simulate(card, "financial_credit_authorization", authorization(50, "PAYBACK"))
                .string("cardTransactionId");
        assertEquals("SETTLED", cardTransaction(financialCredit).get("status"));
        assertEquals(1_150L, available(usd));
        String advice = simulate(card, "credit_authorization_advice", authorization(25, "PAYBACK"))
                .string("cardTransactionId");
        assertEquals("AUTHORIZED", cardTransaction(advice).get("status"));
        assertEquals(1, events("CARD_TRANSACTION.SETTLED").stream().filter(e -> "CREDIT".equals(
                ((Map<?, ?>) e.get("data")).get("direction")) && financialCredit.equals(
                ((Map<?, ?>) e.get("data")).get("id"))).count());
    }

    @Test
    void concurrent_authorizations_never_hold_more_than_the_funding_source_has() throws Exception {
        fund(usd, 1_000);
        String card = activeCard(List.of(usd));
        List<Callable<Boolean>> calls = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            calls.add(() -> {
                var reply = api.post("/sandbox/cards/" + card + "/simulate/authorization", authorization(100, "RACE"));
                assertEquals(202, reply.status(), reply.raw().body());
                return (Boolean) reply.body().get("approved");
            });
        }
        var pool = java.util.concurrent.Executors.newFixedThreadPool(12);
        try {
            long approved = 0;
            for (var f : pool.invokeAll(calls)) {
                approved += f.get() ? 1 : 0;
            }
            assertEquals(10, approved);
        } finally {
            pool.shutdown();
        }
        assertEquals(0L, available(usd));
        assertEquals(10, api.get("/transactions?type=CARD&limit=100").data().size());
    }

    @Test
    void simulators_are_the_sandboxs_and_name_an_existing_card_transaction() {
        fund(usd, 1_000);
        String card = activeCard(List.of(usd));
        String t = authorize(card, 100, "SHOP");
        String otherCard = activeCard(List.of(usd));
        assertEquals(404, api.post("/sandbox/cards/" + otherCard + "/simulate/clearing",
                Map.of("cardTransactionId", t, "amount", 100)).status(), "another card's transaction");
        assertEquals(404, api.post("/sandbox/cards/" + card + "/simulate/clearing",
                Map.of("cardTransactionId", "CardTransaction:" + java.util.UUID.randomUUID(), "amount", 1))
                .status());
        assertEquals(List.of("cardTransactionId"), api.post("/sandbox/cards/" + card + "/simulate/clearing",
                Map.of("cardTransactionId", "Transaction:x", "amount", 1)).invalidFields());
        assertEquals(List.of("amount"), api.post("/sandbox/cards/" + card + "/simulate/clearing",
                Map.of("cardTransactionId", t, "amount", -1)).invalidFields());
        ApiClient production = TestServer.newPlatform(Environment.PRODUCTION);
        assertEquals(403, production.post("/sandbox/cards/" + card + "/simulate/authorization",
                authorization(1, "SHOP")).status());
    }
}
