package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import payments.adapter.persistence.store.JooqSandboxClocks;
import payments.adapter.persistence.store.JooqTransactions;
import payments.core.platform.Environment;

class QuoteApiTest {
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);
    private final String customerId = api.post("/customers", CustomerApiTest.individual("fx-payer")).string("id");
    private final String usdAccount = internal("USD");

    @AfterEach
    void ledger_stays_balanced() {
        var check = api.get("/sandbox/ledger/check");
        assertEquals(true, check.body().get("balanced"), String.valueOf(check.body().get("violations")));
    }

    private String internal(String currency) {
        return (String) api.get("/customers/internal-accounts?customerId=" + customerId + "&currency=" + currency)
                .data().get(0).get("id");
    }

    private long balance(String account, String field) {
        var a = api.get("/customers/internal-accounts?customerId=" + customerId).data().stream()
                .filter(x -> account.equals(x.get("id"))).findFirst().orElseThrow();
        return (Long) ((Map<?, ?>) a.get(field)).get("amount");
    }

    private String eurAccount(String iban) {
        var reply = api.post("/customers/external-accounts", Map.of("customerId", customerId, "currency", "EUR",
                "accountInfo", Map.of("accountType", "EUR_ACCOUNT", "iban", iban, "beneficiary",
                        Map.of("beneficiaryType", "INDIVIDUAL", "fullName", "Ada Lovelace",
                                "countryOfResidence", "DE", "address",
                                Map.of("line1", "1 Main St", "postalCode", "10115", "country", "DE")))));
        assertEquals(201, reply.status(), reply.raw().body());
        return reply.string("id");
    }

    private Map<String, Object> quoteRequest(Map<String, Object> source, Map<String, Object> destination,
                                             String side, long amount) {
        Map<String, Object> body = new HashMap<>();
        body.put("source", source);
        body.put("destination", destination);
        body.put("lockedCurrencySide", side);
        body.put("lockedCurrencyAmount", amount);
        return body;
    }

    private Map<String, Object> fromUsd() {
        return Map.of("sourceType", "ACCOUNT", "accountId", usdAccount);
    }

    private static Map<String, Object> toAccount(String id) {
        return Map.of("destinationType", "ACCOUNT", "accountId", id);
    }

    private Map<String, Object> quoteToEur(String iban, long sendingAmount) {
        var reply = api.post("/quotes", quoteRequest(fromUsd(), toAccount(eurAccount(iban)), "SENDING",
                sendingAmount));
        assertEquals(201, reply.status(), reply.raw().body());
        return reply.body();
    }

    private void fundUsd(long amount) {
        api.post("/sandbox/internal-accounts/" + usdAccount + "/fund", Map.of("amount", amount));
    }

    private Map<String, Object> transactionOf(Map<String, Object> quote) {
        return api.get("/transactions/" + quote.get("transactionId")).body();
    }

    @Test
    void a_quote_locks_the_sending_side_and_prices_the_rest() {
        var q = quoteToEur("DE89370400440532013000", 10_000);
        assertTrue(((String) q.get("id")).startsWith("Quote:"));
        assertEquals("PENDING", q.get("status"));
        assertEquals(10_000L, q.get("totalSendingAmount"));
        long fees = (Long) q.get("feesIncluded");
        long receiving = (Long) q.get("totalReceivingAmount");
        assertTrue(fees >= 0 && receiving > 0 && receiving < 10_000);
        assertEquals("USD", ((Map<?, ?>) q.get("sendingCurrency")).get("code"));
        assertEquals("EUR", ((Map<?, ?>) q.get("receivingCurrency")).get("code"));
        assertTrue(((Number) q.get("exchangeRate")).doubleValue() > 1.0);
        assertFalse(q.containsKey("paymentInstructions"));
        assertNotNull(q.get("rateDetails"));
        long lifetime = lifetimeSeconds(q);
        assertTrue(lifetime >= 60 && lifetime <= 300, "instant rail (SEPA Instant) quotes live 1 to 5 minutes");
        var t = transactionOf(q);
        assertEquals("PENDING", t.get("status"));
        assertEquals(q.get("id"), t.get("quoteId"));
        assertEquals("SEPA_INSTANT", t.get("paymentRail"), "the rail EUR rates are quoted for, none being named");
        assertEquals("AUTO", t.get("railSelectionMode"));
        assertEquals(q, api.get("/quotes/" + q.get("id")).body());
    }

    @Test
    void a_rail_the_platform_names_is_the_transactions_and_one_the_account_lacks_is_refused() {
        String account = eurAccount("DE89370400440532013000");
        var q = api.post("/quotes", quoteRequest(fromUsd(), Map.of("destinationType", "ACCOUNT", "accountId",
                account, "paymentRail", "SEPA"), "SENDING", 10_000));
        assertEquals(201, q.status(), q.raw().body());
        var t = transactionOf(q.body());
        assertEquals("SEPA", t.get("paymentRail"));
        assertEquals("MANUAL", t.get("railSelectionMode"));
        var refused = api.post("/quotes", quoteRequest(fromUsd(), Map.of("destinationType", "ACCOUNT", "accountId",
                account, "paymentRail", "ACH"), "SENDING", 10_000));
        assertEquals(java.util.List.of("destination.paymentRail"), refused.invalidFields());
    }

    @Test
    void a_quote_lives_as_long_as_the_rail_its_payment_goes_by_allows() {
        api.configureCurrency("COP", 1, 9_000_000_000_000_000L, "OUTGOING");
        var cop = api.post("/customers/external-accounts", Map.of("customerId", customerId, "currency", "COP",
                "accountInfo", Map.of("accountType", "COP_ACCOUNT", "bankName", "Bancolombia",
                        "accountNumber", "12345678901", "phoneNumber", "+573001234567",
                        "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL", "fullName", "Ada Lovelace",
                                "address", Map.of("line1", "1 Main St", "postalCode", "110111", "country", "CO")))));
        assertEquals(201, cop.status(), cop.raw().body());

        // AUTO picks BANK_TRANSFER, not instant, though the account could also be paid by MOBILE_MONEY.
        var auto = api.post("/quotes", quoteRequest(fromUsd(), toAccount(cop.string("id")), "SENDING", 10_000));
        assertEquals(201, auto.status(), auto.raw().body());
        assertEquals("BANK_TRANSFER", transactionOf(auto.body()).get("paymentRail"));
        assertEquals(15 * 60, lifetimeSeconds(auto.body()));
        var mobile = api.post("/quotes", quoteRequest(fromUsd(), Map.of("destinationType", "ACCOUNT", "accountId",
                cop.string("id"), "paymentRail", "MOBILE_MONEY"), "SENDING", 10_000));
        assertEquals(201, mobile.status(), mobile.raw().body());
        assertEquals(3 * 60, lifetimeSeconds(mobile.body()));
    }

    private static long lifetimeSeconds(Map<String, Object> quote) {
        return Duration.between(Instant.parse((String) quote.get("createdAt")),
                Instant.parse((String) quote.get("expiresAt"))).getSeconds();
    }

    @Test
    void a_quote_can_lock_the_receiving_side_exactly() {
        var reply = api.post("/quotes", quoteRequest(fromUsd(), toAccount(eurAccount("DE89370400440532013000")),
                "RECEIVING", 5_000));
        assertEquals(5_000L, reply.body().get("totalReceivingAmount"));
        assertTrue((Long) reply.body().get("totalSendingAmount") > 5_000L);
    }

    @Test
    void executing_from_a_funded_account_debits_sending_plus_fees_and_completes() {
        fundUsd(50_000);
        var q = quoteToEur("DE89370400440532013000", 10_000);
        var executed = api.post("/quotes/" + q.get("id") + "/execute", null);
        assertEquals(200, executed.status(), executed.raw().body());
        assertEquals("COMPLETED", executed.body().get("status"));
        assertEquals(40_000L, balance(usdAccount, "balance"));
        assertEquals(40_000L, balance(usdAccount, "totalBalance"));
        var t = transactionOf(q);
        assertEquals("COMPLETED", t.get("status"));
        assertNotNull(t.get("settledAt"));
        var again = api.post("/quotes/" + q.get("id") + "/execute", null);
        assertEquals(409, again.status());
    }

    @Test
    void concurrent_executions_each_get_the_answer_they_would_get_alone() throws Exception {
        fundUsd(11 * 1_000);
        String eur = eurAccount("DE89370400440532013000");
        java.util.function.Supplier<String> quote = () -> {
            var reply = api.post("/quotes", quoteRequest(fromUsd(), toAccount(eur), "SENDING", 1_000));
            assertEquals(1_000L, reply.body().get("totalSendingAmount"));
            return reply.string("id");
        };
        String done = quote.get();
        String key = UUID.randomUUID().toString();
        var first = api.withHeader("Idempotency-Key", key).post("/quotes/" + done + "/execute", null);
        assertEquals(200, first.status(), first.raw().body());
        List<java.util.concurrent.Callable<String>> requests = new java.util.ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String id = quote.get();
            requests.add(() -> outcome(api.withHeader("Idempotency-Key", UUID.randomUUID().toString())
                    .post("/quotes/" + id + "/execute", null)));
        }
        for (int i = 0; i < 4; i++) {
            requests.add(() -> outcome(api.post("/quotes/Quote:" + UUID.randomUUID() + "/execute", null)));
            requests.add(() -> {
                var replay = api.withHeader("Idempotency-Key", key).post("/quotes/" + done + "/execute", null);
                return replay.raw().body().equals(first.raw().body())
                        && replay.raw().headers().firstValue("Idempotent-Replayed").isPresent()
                        ? "replayed" : "wrong replay " + replay.raw().body();
            });
            requests.add(() -> outcome(api.post("/quotes/" + done + "/execute", null)));
        }
        List<String> outcomes = allAtOnce(requests);

        var executions = outcomes.subList(0, 12);
        assertEquals(10, executions.stream().filter("200 COMPLETED"::equals).count(), executions.toString());
        assertEquals(2, executions.stream().filter("400 INSUFFICIENT_BALANCE"::equals).count(),
                executions.toString());
        for (int i = 12; i < outcomes.size(); i += 3) {
            assertEquals(List.of("404 QUOTE_NOT_FOUND", "replayed", "409 CONFLICT"), outcomes.subList(i, i + 3));
        }
        assertEquals(0L, balance(usdAccount, "totalBalance"));
        assertEquals(0L, balance(usdAccount, "balance"));
    }

    /** Sends every request at once, each on its own thread; their outcomes in the order given. */
    private static List<String> allAtOnce(List<java.util.concurrent.Callable<String>> requests) throws Exception {
        var pool = java.util.concurrent.Executors.newFixedThreadPool(requests.size());
        List<String> outcomes = new java.util.ArrayList<>();
        try {
            for (var f : pool.invokeAll(requests)) {
                outcomes.add(f.get());
            }
        } finally {
            pool.shutdown();
        }
        return outcomes;
    }

    private static String outcome(ApiClient.Reply reply) {
        return reply.status() + " " + (reply.status() / 100 == 2 ? reply.body().get("status") : reply.code());
    }

    @Test
    void concurrent_creations_each_get_the_answer_they_would_get_alone() throws Exception {
        fundUsd(4 * 1_000);
        String eur = eurAccount("DE89370400440532013000");
        String otherCustomer = api.post("/customers", CustomerApiTest.individual("someone-else")).string("id");
        String usedKey = UUID.randomUUID().toString();
        String usedBody = ApiClient.JSON.writeValueAsString(quoteRequest(fromUsd(), toAccount(eur), "SENDING", 700));
        var first = api.withHeader("Idempotency-Key", usedKey).post("/quotes", usedBody);
        assertEquals(201, first.status(), first.raw().body());
        List<java.util.concurrent.Callable<String>> requests = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) {
            long amount = 1_000 + i;
            requests.add(() -> {
                var created = api.withHeader("Idempotency-Key", UUID.randomUUID().toString())
                        .post("/quotes", quoteRequest(fromUsd(), toAccount(eur), "SENDING", amount));
                return created.status() == 201 && Long.valueOf(amount).equals(created.body().get("totalSendingAmount"))
                        ? outcome(created) : "wrong quote " + created.raw().body();
            });
            requests.add(() -> outcome(api.post("/quotes", quoteRequest(fromUsd(),
                    toAccount("ExternalAccount:" + UUID.randomUUID()), "SENDING", 1_000))));
            requests.add(() -> outcome(api.post("/quotes", quoteRequest(Map.of("sourceType", "ACCOUNT",
                    "accountId", usdAccount, "customerId", otherCustomer), toAccount(eur), "SENDING", 1_000))));
            requests.add(() -> {
                var replay = api.withHeader("Idempotency-Key", usedKey).post("/quotes", usedBody);
                return replay.raw().body().equals(first.raw().body())
                        && replay.raw().headers().firstValue("Idempotent-Replayed").isPresent()
                        ? "replayed" : "wrong replay " + replay.raw().body();
            });
            requests.add(() -> outcome(api.withHeader("Idempotency-Key", usedKey).post("/quotes",
                    quoteRequest(fromUsd(), toAccount(eur), "SENDING", 800))));
            requests.add(() -> {
                var body = quoteRequest(fromUsd(), toAccount(eur), "SENDING", 1_000);
                body.put("immediatelyExecute", true);
                return outcome(api.post("/quotes", body));
            });
        }
        List<String> outcomes = allAtOnce(requests);

        for (int i = 0; i < outcomes.size(); i += 6) {
            assertEquals(List.of("201 PENDING", "404 REFERENCE_NOT_FOUND", "400 INVALID_INPUT", "replayed",
                    "409 CONFLICT"), outcomes.subList(i, i + 5), "requests " + i + "..");
        }
        var executed = java.util.stream.IntStream.range(0, 8).mapToObj(n -> outcomes.get(n * 6 + 5)).toList();
        assertEquals(4, executed.stream().filter("201 COMPLETED"::equals).count(), executed.toString());
        assertEquals(4, executed.stream().filter("400 INSUFFICIENT_BALANCE"::equals).count(), executed.toString());
        assertEquals(0L, balance(usdAccount, "totalBalance"));
        // A quote that could not be executed at once is not created (as alone): one transaction per quote made.
        assertEquals(1L + 8 + 4, api.get("/transactions?customerId=" + customerId).body().get("totalCount"));
    }

    @Test
    void executing_without_the_funds_is_refused_and_changes_nothing() {
        fundUsd(100);
        var q = quoteToEur("DE89370400440532013000", 10_000);
        var reply = api.post("/quotes/" + q.get("id") + "/execute", null);
        assertEquals(400, reply.status());
        assertEquals("INSUFFICIENT_BALANCE", reply.code());
        assertEquals("PENDING", api.get("/quotes/" + q.get("id")).body().get("status"));
        assertEquals(100L, balance(usdAccount, "totalBalance"));
    }

    @ParameterizedTest
    @CsvSource({
        "DE89370400440532013002,FAILED,FAILED,QUOTE_EXECUTION_FAILED,10000,",
        "DE89370400440532013004,FAILED,FAILED,COUNTERPARTY_POST_TX_FAILED,10000,TRANSACTION_FAILED",
        "DE89370400440532013006,FAILED,FAILED,COUNTERPARTY_POST_TX_FAILED,10000,USER_CANCELLATION",
        "DE89370400440532013007,FAILED,FAILED,COUNTERPARTY_POST_TX_FAILED,0,TRANSACTION_FAILED"})
    void a_payout_that_fails_leaves_quote_transaction_and_ledger_consistent(String iban, String quoteStatus,
            String txStatus, String reason, long balanceAfter, String refundReason) {
        fundUsd(10_000);
        var q = quoteToEur(iban, 10_000);
        var executed = api.post("/quotes/" + q.get("id") + "/execute", null).body();
        assertEquals(quoteStatus, executed.get("status"));
        var t = transactionOf(q);
        assertEquals(txStatus, t.get("status"));
        assertEquals(reason, t.get("failureReason"));
        assertEquals(balanceAfter, balance(usdAccount, "totalBalance"));
        if (refundReason == null) {
            assertFalse(t.containsKey("refund"));
        } else {
            Map<?, ?> refund = (Map<?, ?>) t.get("refund");
            assertEquals(refundReason, refund.get("reason"));
            assertEquals(balanceAfter == 0 ? "FAILED" : "COMPLETED", refund.get("status"));
        }
    }

    @Test
    void suffix_003_completes_after_about_six_minutes_of_sandbox_time() {
        fundUsd(10_000);
        var q = quoteToEur("DE89370400440532013003", 10_000);
        assertEquals("PROCESSING", api.post("/quotes/" + q.get("id") + "/execute", null).body().get("status"));
        assertEquals("PROCESSING", transactionOf(q).get("status"));
        assertEquals(0L, balance(usdAccount, "totalBalance"));
        api.post("/sandbox/clock/advance", Map.of("seconds", 359));
        assertEquals("PROCESSING", api.get("/quotes/" + q.get("id")).body().get("status"));
        api.post("/sandbox/clock/advance", Map.of("seconds", 1));
        assertEquals("COMPLETED", api.get("/quotes/" + q.get("id")).body().get("status"));
        assertEquals("COMPLETED", transactionOf(q).get("status"));
    }

    @Test
    void suffix_005_completes_then_is_returned_and_refunded() {
        fundUsd(10_000);
        var q = quoteToEur("DE89370400440532013005", 10_000);
        assertEquals("COMPLETED", api.post("/quotes/" + q.get("id") + "/execute", null).body().get("status"));
        assertEquals(0L, balance(usdAccount, "totalBalance"));
        api.post("/sandbox/clock/advance", Map.of("seconds", 120));
        assertEquals("FAILED", api.get("/quotes/" + q.get("id")).body().get("status"));
        var t = transactionOf(q);
        assertEquals("FAILED", t.get("status"));
        assertEquals("PAYOUT_RETURNED", t.get("failureReason"));
        assertEquals(10_000L, balance(usdAccount, "totalBalance"));
    }

    @Test
    void an_unexecuted_quote_expires_by_the_sandbox_clock_and_cannot_run_after() {
        fundUsd(10_000);
        var q = quoteToEur("DE89370400440532013000", 10_000);
        long lifetime = lifetimeSeconds(q);
        assertEquals(0L, api.post("/sandbox/clock/advance", Map.of("seconds", lifetime - 1)).body().get("jobsRun"));
        assertEquals("PENDING", transactionOf(q).get("status"));
        api.post("/sandbox/clock/advance", Map.of("seconds", 1)); // its sweep, or a worker's just before it
        assertEquals("EXPIRED", transactionOf(q).get("status"), "written when the advance answers");
        assertEquals("EXPIRED", api.get("/quotes/" + q.get("id")).body().get("status"));
        var reply = api.post("/quotes/" + q.get("id") + "/execute", null);
        assertEquals(409, reply.status());
        assertEquals("QUOTE_EXPIRED", reply.code());
        assertEquals("EXPIRED", transactionOf(q).get("status"));
        assertEquals(10_000L, balance(usdAccount, "totalBalance"));
    }

    @Test
    void a_quotes_transaction_is_not_cancelled_alone_and_one_ended_before_its_quote_keeps_its_end() {
        fundUsd(10_000);
        var q = quoteToEur("DE89370400440532013000", 10_000);
        var other = quoteToEur("FR1420041010050500013M02606", 5_000);
        var cancel = api.post("/transactions/" + q.get("transactionId") + "/cancel", null);
        assertEquals(409, cancel.status());
        assertEquals("TRANSACTION_NOT_CANCELLABLE", cancel.code());
        assertEquals("PENDING", transactionOf(q).get("status"));

        // Ended before its quote, written directly (the API's cancel refuses it, above): the quote's expiry leaves it
        // so, and expires the others.
        var store = new JooqTransactions(TestServer.get().wiring().db());
        var stored = store.find(api.platformId(), UUID.fromString(((String) q.get("transactionId")).split(":")[1]))
                .orElseThrow();
        store.update(stored.failed("ENDED_EARLIER", null, stored.updatedAt()));
        long lifetime = lifetimeSeconds(q);
        var advanced = api.post("/sandbox/clock/advance", Map.of("seconds", lifetime));
        assertEquals(200, advanced.status(), advanced.raw().body());
        assertEquals("FAILED", transactionOf(q).get("status"));
        assertEquals("EXPIRED", transactionOf(other).get("status"));
        assertEquals(10_000L, balance(usdAccount, "totalBalance"));
    }

    @Test
    void the_workers_expire_a_quote_once_its_platforms_clock_passes_its_expiry() throws InterruptedException {
        var q = quoteToEur("DE89370400440532013000", 10_000);
        var executed = quoteToEur("FR1420041010050500013M02606", 5_000);
        fundUsd(10_000);
        assertEquals(200, api.post("/quotes/" + executed.get("id") + "/execute", null).status());
        long lifetime = lifetimeSeconds(q);
        // The platform's clock moves without the advance's own sweep: the server's background workers expire it.
        new JooqSandboxClocks(TestServer.get().wiring().db()).advance(api.platformId(), lifetime, Instant.now());
        for (long deadline = System.nanoTime() + 20_000_000_000L; !"EXPIRED".equals(transactionOf(q).get("status"));
             Thread.sleep(50)) {
            assertTrue(System.nanoTime() < deadline, "the workers never expired the quote");
        }
        assertEquals("COMPLETED", api.get("/quotes/" + executed.get("id")).body().get("status"));
        assertEquals("COMPLETED", transactionOf(executed).get("status"));
    }

    @Test
    void real_time_funding_gets_payment_instructions_and_pays_out_when_the_money_arrives() {
        var reply = api.post("/quotes", quoteRequest(Map.of("sourceType", "REALTIME_FUNDING", "currency", "USD",
                "customerId", customerId), toAccount(eurAccount("DE89370400440532013000")), "RECEIVING", 2_000));
        assertEquals(201, reply.status(), reply.raw().body());
        var instructions = (List<?>) reply.body().get("paymentInstructions");
        assertEquals(1, instructions.size());
        var info = (Map<?, ?>) ((Map<?, ?>) instructions.get(0)).get("accountOrWalletInfo");
        assertEquals("USD_ACCOUNT", info.get("accountType"));
        assertEquals(409, api.post("/quotes/" + reply.string("id") + "/execute", null).status());
        var wrong = api.post("/sandbox/send", Map.of("quoteId", reply.string("id"), "currencyCode", "EUR"));
        assertEquals("INVALID_CURRENCY", wrong.code());
        var paid = api.post("/sandbox/send", Map.of("quoteId", reply.string("id"), "currencyCode", "USD"));
        assertEquals(200, paid.status(), paid.raw().body());
        assertEquals("COMPLETED", paid.body().get("status"));
        assertEquals("COMPLETED", api.get("/quotes/" + reply.string("id")).body().get("status"));
    }

    @Test
    void real_time_money_for_a_payout_that_cannot_be_made_is_sent_back_and_refunded() {
        var reply = api.post("/quotes", quoteRequest(Map.of("sourceType", "REALTIME_FUNDING", "currency", "USD",
                "customerId", customerId), toAccount(eurAccount("DE89370400440532013002")), "RECEIVING", 2_000));
        assertEquals(201, reply.status(), reply.raw().body());

        var paid = api.post("/sandbox/send", Map.of("quoteId", reply.string("id"), "currencyCode", "USD"));
        assertEquals(200, paid.status(), paid.raw().body());
        assertEquals("FAILED", paid.body().get("status"));
        assertEquals("QUOTE_EXECUTION_FAILED", paid.body().get("failureReason"));
        Map<?, ?> refund = (Map<?, ?>) paid.body().get("refund");
        assertEquals("COMPLETED", refund.get("status"), "the payer's money goes back");
        assertEquals("TRANSACTION_FAILED", refund.get("reason"));
        assertEquals("FAILED", api.get("/quotes/" + reply.string("id")).body().get("status"));
    }

    @Test
    void executing_a_quote_whose_external_account_was_removed_is_409_and_changes_nothing() {
        fundUsd(10_000);
        String eur = eurAccount("DE89370400440532013000");
        var toRemoved = api.post("/quotes", quoteRequest(fromUsd(), toAccount(eur), "SENDING", 1_000));
        var realtime = api.post("/quotes", quoteRequest(Map.of("sourceType", "REALTIME_FUNDING", "currency", "USD",
                "customerId", customerId), toAccount(eur), "RECEIVING", 2_000));
        assertEquals(204, api.delete("/customers/external-accounts/" + eur).status());

        var executed = api.post("/quotes/" + toRemoved.string("id") + "/execute", null);
        assertEquals(409, executed.status(), executed.raw().body());
        assertEquals("CONFLICT", executed.code());
        String pullSource = api.post("/customers/external-accounts", AccountApiTest.usdAccount(customerId,
                "777777777")).string("id");
        var pulling = api.post("/quotes", quoteRequest(Map.of("sourceType", "ACCOUNT", "accountId", pullSource),
                toAccount(eurAccount("DE89370400440532013002")), "SENDING", 1_000));
        assertEquals(201, pulling.status(), pulling.raw().body());
        assertEquals(204, api.delete("/customers/external-accounts/" + pullSource).status());
        assertEquals(409, api.post("/quotes/" + pulling.string("id") + "/execute", null).status(),
                "a removed pull source, though the payout would not be made either");
        assertEquals("PENDING", api.get("/quotes/" + pulling.string("id")).body().get("status"));
        var sent = api.post("/sandbox/send", Map.of("quoteId", realtime.string("id"), "currencyCode", "USD"));
        assertEquals(409, sent.status(), sent.raw().body());
        assertEquals("PENDING", api.get("/quotes/" + toRemoved.string("id")).body().get("status"));
        assertEquals("PENDING", api.get("/quotes/" + realtime.string("id")).body().get("status"));
        assertEquals(10_000L, balance(usdAccount, "totalBalance"));
    }

    @Test
    void real_time_stablecoin_funding_names_its_network_and_is_told_an_address_on_it() {
        String eur = eurAccount("DE89370400440532013000");
        Map<String, Object> source = new HashMap<>(Map.of("sourceType", "REALTIME_FUNDING", "currency", "USDC",
                "customerId", customerId));
        assertEquals(List.of("source.cryptoNetwork"), api.post("/quotes", quoteRequest(source, toAccount(eur),
                "RECEIVING", 2_000)).invalidFields(), "required for a stablecoin");
        source.put("cryptoNetwork", "LIGHTNING");
        assertEquals(List.of("source.cryptoNetwork"), api.post("/quotes", quoteRequest(source, toAccount(eur),
                "RECEIVING", 2_000)).invalidFields(), "Lightning carries no USDC");

        source.put("cryptoNetwork", "BASE");
        var quote = api.post("/quotes", quoteRequest(source, toAccount(eur), "RECEIVING", 2_000));
        assertEquals(201, quote.status(), quote.raw().body());
        var info = (Map<?, ?>) ((Map<?, ?>) ((List<?>) quote.body().get("paymentInstructions")).get(0))
                .get("accountOrWalletInfo");
        assertEquals("BASE_WALLET", info.get("accountType"));
        assertEquals("USDC", info.get("assetType"));

        var fiat = api.post("/quotes", quoteRequest(Map.of("sourceType", "REALTIME_FUNDING", "currency", "USD",
                "customerId", customerId, "cryptoNetwork", "BASE"), toAccount(eur), "RECEIVING", 2_000));
        assertEquals(List.of("source.cryptoNetwork"), fiat.invalidFields(), "fiat takes no network");
    }

    @Test
    void real_time_funding_is_only_in_a_currency_the_platform_offers() {
        Map<String, Object> cad = Map.of("sourceType", "REALTIME_FUNDING", "currency", "CAD",
                "customerId", customerId);
        var refused = api.post("/quotes", quoteRequest(cad, toAccount(usdAccount), "RECEIVING",
                9_000_000_000_000_000L));
        assertEquals(400, refused.status(), refused.raw().body());
        assertEquals("INVALID_CURRENCY", refused.code(), "a currency with no limits to check the money against");
        assertTrue(api.get("/transactions?customerId=" + customerId).data().isEmpty(), "nothing written");
    }

    @Test
    void the_platform_decides_which_payments_each_currency_allows() {
        fundUsd(10_000);
        String eur = eurAccount("DE89370400440532013000");
        api.configureCurrency("USD", 1, 9_000_000_000_000_000L, "INCOMING");
        var refused = api.post("/quotes", quoteRequest(fromUsd(), toAccount(eur), "SENDING", 1_000));
        assertEquals(400, refused.status(), refused.raw().body());
        assertEquals("INVALID_CURRENCY", refused.code());
        assertEquals(List.of("INCOMING"), ((Map<?, ?>) refused.body().get("details")).get("enabledTransactionTypes"));
        var received = api.post("/sandbox/uma/receive", Map.of("senderUmaAddress", "$jane.doe@sandbox.uma.money",
                "customerId", customerId, "receivingCurrencyCode", "USD", "receivingCurrencyAmount", 1_234));
        assertEquals(200, received.status(), received.raw().body());

        api.configureCurrency("USD", 1, 9_000_000_000_000_000L, "OUTGOING");
        var notReceived = api.post("/sandbox/uma/receive", Map.of("senderUmaAddress", "$jane.doe@sandbox.uma.money",
                "customerId", customerId, "receivingCurrencyCode", "USD", "receivingCurrencyAmount", 1_234));
        assertEquals(400, notReceived.status(), notReceived.raw().body());
        assertEquals("INVALID_CURRENCY", notReceived.code());
        assertEquals(201, api.post("/quotes", quoteRequest(fromUsd(), toAccount(eur), "SENDING", 1_000)).status());
        assertEquals(11_234L, balance(usdAccount, "totalBalance"));
        assertEquals(2L, api.get("/transactions").body().get("totalCount"), "the receipt and the quote");
    }

    @Test
    void a_quote_delivering_more_than_the_largest_payment_is_refused() {
        String usdc = internal("USDC");
        Map<String, Object> usd = Map.of("sourceType", "REALTIME_FUNDING", "currency", "USD",
                "customerId", customerId);
        // 3 × 10^14 cents are 3 × 10^18 micro-USDC: four such payments would overflow a balance.
        var refused = api.post("/quotes", quoteRequest(usd, toAccount(usdc), "SENDING", 300_000_000_000_000L));
        assertEquals(400, refused.status(), refused.raw().body());
        assertEquals("AMOUNT_OUT_OF_RANGE", refused.code());
        assertEquals(9_000_000_000_000_000L, ((Map<?, ?>) refused.body().get("details")).get("maxAmount"));
        assertEquals(201, api.post("/quotes", quoteRequest(usd, toAccount(usdc), "SENDING", 100_000_000L))
                .status());
    }

    @Test
    void a_quote_s_rate_reads_back_with_every_digit_it_was_made_with() {
        api.configureCurrency("BTC", 1, 9_000_000_000_000_000L, "OUTGOING");
        api.configureCurrency("IDR", 1, 9_000_000_000_000_000L, "OUTGOING");
        var idr = api.post("/customers/external-accounts", Map.of("customerId", customerId, "currency", "IDR",
                "accountInfo", Map.of("accountType", "IDR_ACCOUNT", "bankName", "Bank Central Asia",
                        "accountNumber", "1234567890", "swiftCode", "CENAIDJA", "phoneNumber", "+6281234567890",
                        "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL", "fullName", "Ada Lovelace",
                                "address", Map.of("line1", "1 Main St", "postalCode", "10110", "country", "ID")))));
        assertEquals(201, idr.status(), idr.raw().body());

        var made = api.post("/quotes", quoteRequest(Map.of("sourceType", "REALTIME_FUNDING", "currency", "BTC",
                "customerId", customerId), toAccount(idr.string("id")), "SENDING", 100_000_000L));
        assertEquals(201, made.status(), made.raw().body());
        Object rate = made.body().get("exchangeRate");
        assertTrue(new java.math.BigDecimal(rate.toString()).precision() > 9, "a rate with digits past 1e-18: "
                + rate);
        assertEquals(rate, api.get("/quotes/" + made.string("id")).body().get("exchangeRate"));
        var transaction = api.get("/transactions/" + made.body().get("transactionId")).raw().body();
        assertTrue(transaction.contains("\"exchangeRate\":" + new java.math.BigDecimal(rate.toString())
                .toPlainString()), transaction);
    }

    @Test
    void the_sandbox_s_money_arriving_with_an_idempotency_key_arrives_once() {
        var quote = api.post("/quotes", quoteRequest(Map.of("sourceType", "REALTIME_FUNDING", "currency", "USD",
                "customerId", customerId), toAccount(eurAccount("DE89370400440532013000")), "RECEIVING", 2_000));
        var sender = api.withHeader("Idempotency-Key", UUID.randomUUID().toString());
        Map<String, Object> send = Map.of("quoteId", quote.string("id"), "currencyCode", "USD");
        var paid = sender.post("/sandbox/send", send);
        var paidAgain = sender.post("/sandbox/send", send);
        assertEquals(200, paidAgain.status(), paidAgain.raw().body());
        assertEquals(paid.raw().body(), paidAgain.raw().body());
        assertTrue(paidAgain.raw().headers().firstValue("Idempotent-Replayed").isPresent());

        long before = balance(usdAccount, "totalBalance");
        var receiver = api.withHeader("Idempotency-Key", UUID.randomUUID().toString());
        Map<String, Object> receive = Map.of("senderUmaAddress", "$jane.doe@sandbox.uma.money",
                "customerId", customerId, "receivingCurrencyCode", "USD", "receivingCurrencyAmount", 1_234);
        var received = receiver.post("/sandbox/uma/receive", receive);
        var receivedAgain = receiver.post("/sandbox/uma/receive", receive);
        assertEquals(received.raw().body(), receivedAgain.raw().body());
        assertTrue(receivedAgain.raw().headers().firstValue("Idempotent-Replayed").isPresent());
        assertEquals(before + 1_234L, balance(usdAccount, "totalBalance"), "credited once");
    }

    @Test
    void paying_a_uma_address_needs_a_lookup_and_the_payer_data_it_demands() {
        fundUsd(20_000);
        var lookup = api.get("/receiver/uma/$success.mxn@sandbox.uma.money?customerId=" + customerId);
        assertEquals(200, lookup.status(), lookup.raw().body());
        assertTrue(lookup.string("lookupId").startsWith("Lookup:"));
        assertEquals("MXN", ((Map<?, ?>) ((Map<?, ?>) ((List<?>) lookup.body().get("supportedCurrencies")).get(0))
                .get("currency")).get("code"));
        Map<String, Object> destination = Map.of("destinationType", "UMA_ADDRESS",
                "umaAddress", "$success.mxn@sandbox.uma.money");
        var noLookup = api.post("/quotes", quoteRequest(fromUsd(), destination, "SENDING", 10_000));
        assertEquals(List.of("lookupId"), noLookup.invalidFields());
        Map<String, Object> body = quoteRequest(fromUsd(), destination, "SENDING", 10_000);
        body.put("lookupId", lookup.string("lookupId"));
        assertEquals("MISSING_MANDATORY_USER_INFO", api.post("/quotes", body).code());
        body.put("senderCustomerInfo", Map.of("FULL_NAME", "Ada Lovelace"));
        body.put("immediatelyExecute", true);
        var paid = api.post("/quotes", body);
        assertEquals(201, paid.status(), paid.raw().body());
        assertEquals("COMPLETED", paid.body().get("status"));
        assertEquals(10_000L, balance(usdAccount, "totalBalance"));
    }

    @Test
    void the_compliance_receiver_rejects_and_the_sender_is_refunded() {
        String eur = internal("EUR");
        api.post("/sandbox/internal-accounts/" + eur + "/fund", Map.of("amount", 10_000));
        var lookup = api.get("/receiver/uma/$fail.compliance.usd@sandbox.uma.money?customerId=" + customerId);
        Map<String, Object> body = quoteRequest(Map.of("sourceType", "ACCOUNT", "accountId", eur),
                Map.of("destinationType", "UMA_ADDRESS", "umaAddress", "$fail.compliance.usd@sandbox.uma.money"),
                "SENDING", 5_000);
        body.put("lookupId", lookup.string("lookupId"));
        body.put("senderCustomerInfo", Map.of("FULL_NAME", "Ada Lovelace"));
        var q = api.post("/quotes", body).body();
        assertEquals("FAILED", api.post("/quotes/" + q.get("id") + "/execute", null).body().get("status"));
        assertEquals("COMPLIANCE_REJECTED", transactionOf(q).get("failureReason"));
        assertEquals(10_000L, balance(eur, "totalBalance"));
    }

    @Test
    void lookups_refuse_bad_addresses_unknown_receivers_and_missing_senders() {
        assertEquals("INVALID_UMA_ADDRESS", api.get("/receiver/uma/not-an-address?customerId=" + customerId).code());
        var unknown = api.get("/receiver/uma/$nobody@sandbox.uma.money?customerId=" + customerId);
        assertEquals(404, unknown.status());
        assertEquals("UMA_NOT_FOUND", unknown.code());
        assertEquals(400, api.get("/receiver/uma/$success.usd@sandbox.uma.money").status());
        String eur = eurAccount("DE89370400440532013000");
        var accountLookup = api.get("/receiver/external-account/" + eur + "?senderUmaAddress=$ada@test.example");
        assertEquals(200, accountLookup.status(), accountLookup.raw().body());
        assertEquals(eur, accountLookup.body().get("accountId"));
    }

    @Test
    void quote_requests_are_validated() {
        String eur = eurAccount("DE89370400440532013000");
        String usdExternal = api.post("/customers/external-accounts",
                AccountApiTest.usdAccount(customerId, "123456789")).string("id");
        assertEquals("INVALID_CURRENCY", api.post("/quotes", quoteRequest(fromUsd(), toAccount(usdExternal),
                "SENDING", 100)).code());
        assertEquals(List.of("lockedCurrencyAmount"), api.post("/quotes", quoteRequest(fromUsd(), toAccount(eur),
                "SENDING", 0)).invalidFields());
        assertEquals(List.of("lockedCurrencyAmount"), api.post("/quotes", quoteRequest(fromUsd(), toAccount(eur),
                "SENDING", 9_000_000_000_000_001L)).invalidFields());
        assertEquals(List.of("lockedCurrencySide"), api.post("/quotes", quoteRequest(fromUsd(), toAccount(eur),
                "BOTH", 100)).invalidFields());
        Map<String, Object> realtime = quoteRequest(Map.of("sourceType", "REALTIME_FUNDING", "currency", "USD",
                "customerId", customerId), toAccount(eur), "SENDING", 1_000);
        realtime.put("immediatelyExecute", true);
        assertEquals(List.of("immediatelyExecute"), api.post("/quotes", realtime).invalidFields());
        assertEquals("QUOTE_NOT_FOUND", api.get("/quotes/Quote:00000000-0000-4000-8000-000000000000").code());
    }

    @Test
    void a_quote_created_twice_with_one_idempotency_key_is_one_quote() {
        String eur = eurAccount("DE89370400440532013000");
        var keyed = api.withHeader("Idempotency-Key", UUID.randomUUID().toString());
        var first = keyed.post("/quotes", quoteRequest(fromUsd(), toAccount(eur), "SENDING", 1_000));
        var second = keyed.post("/quotes", quoteRequest(fromUsd(), toAccount(eur), "SENDING", 1_000));
        assertEquals(first.raw().body(), second.raw().body());
    }

    @Test
    void an_incoming_uma_payment_lands_in_the_default_deposit_account_or_the_internal_account() {
        var received = api.post("/sandbox/uma/receive", Map.of("senderUmaAddress", "$jane.doe@sandbox.uma.money",
                "customerId", customerId, "receivingCurrencyCode", "USD", "receivingCurrencyAmount", 1_234));
        assertEquals(200, received.status(), received.raw().body());
        assertEquals("INCOMING", received.body().get("type"));
        assertEquals("COMPLETED", received.body().get("status"));
        assertEquals(usdAccount, ((Map<?, ?>) received.body().get("destination")).get("accountId"));
        assertEquals(1_234L, balance(usdAccount, "totalBalance"));

        Map<String, Object> deposit = AccountApiTest.usdAccount(customerId, "246813579");
        deposit.put("defaultUmaDepositAccount", true);
        String external = api.post("/customers/external-accounts", deposit).string("id");
        String uma = (String) api.get("/customers/" + customerId).body().get("umaAddress");
        var toDefault = api.post("/sandbox/uma/receive", Map.of("senderUmaAddress", "$jane@sandbox.uma.money",
                "receiverUmaAddress", uma, "receivingCurrencyCode", "USD", "receivingCurrencyAmount", 500));
        assertEquals(external, ((Map<?, ?>) toDefault.body().get("destination")).get("accountId"));
        assertEquals(1_234L, balance(usdAccount, "totalBalance"));
        assertEquals("USER_NOT_FOUND", api.post("/sandbox/uma/receive", Map.of("senderUmaAddress",
                "$jane@sandbox.uma.money", "customerId", "Customer:00000000-0000-4000-8000-000000000000",
                "receivingCurrencyCode", "USD", "receivingCurrencyAmount", 1)).code());

        var both = api.post("/sandbox/uma/receive", Map.of("senderUmaAddress", "$jane@sandbox.uma.money",
                "receiverUmaAddress", uma, "customerId", customerId, "receivingCurrencyCode", "USD",
                "receivingCurrencyAmount", 100));
        assertEquals(200, both.status(), "both, naming one customer: " + both.raw().body());
        assertEquals(List.of("receiverUmaAddress"), api.post("/sandbox/uma/receive", Map.of("senderUmaAddress",
                "$jane@sandbox.uma.money", "receiverUmaAddress", "$someone.else@test.example", "customerId",
                customerId, "receivingCurrencyCode", "USD", "receivingCurrencyAmount", 100)).invalidFields());
        assertEquals("INVALID_UMA_ADDRESS", api.post("/sandbox/uma/receive", Map.of("senderUmaAddress",
                "$jane@sandbox.uma.money", "receiverUmaAddress", "not-an-address", "receivingCurrencyCode", "USD",
                "receivingCurrencyAmount", 100)).code());
    }
}
