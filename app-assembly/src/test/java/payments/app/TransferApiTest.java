package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import payments.core.platform.Environment;

class TransferApiTest {
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);
    private final String customerId = api.post("/customers", CustomerApiTest.individual("payer")).string("id");
    private final String usdAccount = (String) api.get("/customers/internal-accounts?customerId=" + customerId
            + "&currency=USD").data().get(0).get("id");

    @AfterEach
    void ledger_stays_balanced() {
        var check = api.get("/sandbox/ledger/check");
        assertEquals(true, check.body().get("balanced"), String.valueOf(check.body().get("violations")));
    }

    private String externalAccount(String accountNumber) {
        return api.post("/customers/external-accounts", AccountApiTest.usdAccount(customerId, accountNumber))
                .string("id");
    }

    private void fund(long amount) {
        assertEquals(200, api.post("/sandbox/internal-accounts/" + usdAccount + "/fund", Map.of("amount", amount))
                .status());
    }

    private ApiClient.Reply transferOut(String external, long amount) {
        return api.post("/transfer-out", Map.of("source", Map.of("accountId", usdAccount),
                "destination", Map.of("accountId", external), "amount", amount));
    }

    private ApiClient.Reply transferIn(String external, long amount) {
        return api.post("/transfer-in", Map.of("source", Map.of("accountId", external),
                "destination", Map.of("accountId", usdAccount), "amount", amount));
    }

    /** The types of the webhook events about one transaction, oldest first. */
    private List<Object> eventsOf(Object transactionId) {
        List<Object> types = new java.util.ArrayList<>(api.get("/webhooks/events?limit=100").data().stream()
                .filter(e -> transactionId.equals(((Map<?, ?>) e.get("data")).get("id")))
                .map(e -> e.get("type")).toList());
        java.util.Collections.reverse(types);
        return types;
    }

    @Test
    void an_accounts_ledger_entries_show_what_moved_it_and_its_balance_after_each() {
        fund(10_000);
        String paid = transferOut(externalAccount("123456789"), 2_500).string("id");
        var entries = api.get("/sandbox/ledger/entries?limit=5&accountId=" + usdAccount).data();
        assertEquals(2, entries.size(), entries.toString());
        assertEquals(paid, entries.get(0).get("reference"));
        assertEquals(-2_500L, entries.get(0).get("amount"));
        assertEquals(7_500L, entries.get(0).get("balanceAfter"));
        assertEquals(10_000L, entries.get(1).get("amount"));
        assertEquals(1, api.get("/sandbox/ledger/entries?limit=1&accountId=" + usdAccount).data().size());
        assertEquals(List.of("accountId"), api.get("/sandbox/ledger/entries").invalidFields());
        assertEquals(0, TestServer.newPlatform(Environment.SANDBOX).get("/sandbox/ledger/entries?accountId="
                + usdAccount).data().size(), "another platform's account has no entries here");
    }

    private long[] balances() {
        var account = api.get("/customers/internal-accounts?customerId=" + customerId + "&currency=USD").data().get(0);
        return new long[] {(Long) ((Map<?, ?>) account.get("balance")).get("amount"),
            (Long) ((Map<?, ?>) account.get("totalBalance")).get("amount")};
    }

    @Test
    void a_transfer_out_completes_and_debits_the_account() {
        fund(10_000);
        var reply = transferOut(externalAccount("123456789"), 2_500);
        assertEquals(201, reply.status());
        var t = reply.body();
        assertTrue(((String) t.get("id")).startsWith("Transaction:"));
        assertEquals("COMPLETED", t.get("status"));
        assertEquals("OUTGOING", t.get("type"));
        assertEquals("DEBIT", t.get("direction"));
        assertEquals(customerId, t.get("customerId"));
        assertEquals("payer", t.get("platformCustomerId"));
        assertEquals("ACH", t.get("paymentRail"), "the rail USD rates are quoted for, none being named");
        assertEquals("AUTO", t.get("railSelectionMode"));
        assertEquals(Map.of("sourceType", "ACCOUNT", "accountId", usdAccount, "currency", "USD"), t.get("source"));
        assertEquals(2_500L, ((Map<?, ?>) t.get("receivedAmount")).get("amount"));
        assertEquals(Map.of("code", "USD", "name", "US Dollar", "symbol", "$", "decimals", 2L),
                ((Map<?, ?>) t.get("receivedAmount")).get("currency"));
        assertEquals(0L, t.get("fees"));
        assertNotNull(t.get("settledAt"));
        assertNotNull(((Map<?, ?>) t.get("reconciliationInstructions")).get("reference"));
        assertEquals(7_500L, balances()[0]);
        assertEquals(7_500L, balances()[1]);
        assertEquals(t, api.get("/transactions/" + t.get("id")).body());
    }

    @Test
    void the_ledger_check_finds_a_posted_hold_whose_journal_does_not_move_its_amount() {
        fund(10_000);
        String completed = transferOut(externalAccount("123456789"), 2_500).string("id");
        String failed = transferOut(externalAccount("000000003"), 1_000).string("id");
        var db = TestServer.get().wiring().db().ctx();
        String holdOf = "update ledger_holds h set %s from transactions t where t.platform_id = h.platform_id "
                + "and t.hold_id = h.id and t.id = '%s'";
        for (String[] tampering : new String[][] {
                {"amount_minor = amount_minor + 1", "amount_minor = amount_minor - 1", completed},
                {"status = 'POSTED'", "status = 'VOIDED'", failed}}) {
            UUID transaction = UUID.fromString(tampering[2].split(":")[1]);
            assertEquals(1, db.execute(String.format(holdOf, tampering[0], transaction)), tampering[2]);
            try {
                var check = api.get("/sandbox/ledger/check").body();
                assertEquals(false, check.get("balanced"), tampering[0]);
                assertTrue(check.get("violations").toString().contains("posted hold whose transaction's journals "
                        + "do not move its amount") && check.get("violations").toString().contains(tampering[2]),
                        String.valueOf(check.get("violations")));
            } finally {
                db.execute(String.format(holdOf, tampering[1], transaction));
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"000000002,COUNTERPARTY_POST_TX_FAILED", "000000003,ACCOUNT_INVALID",
            "000000004,COUNTERPARTY_POST_TX_FAILED"})
    void a_transfer_out_the_bank_refuses_fails_at_once_and_releases_the_funds(String number, String reason) {
        fund(1_000);
        var reply = transferOut(externalAccount(number), 400);
        assertEquals(201, reply.status());
        assertEquals("FAILED", reply.body().get("status"));
        assertEquals(reason, reply.body().get("failureReason"));
        assertNull(reply.body().get("settledAt"));
        assertEquals(1_000L, balances()[0]);
        assertEquals(1_000L, balances()[1]);
    }

    @Test
    void a_transfer_out_to_005_holds_the_funds_for_30_seconds_of_sandbox_time_then_fails_and_releases_them() {
        fund(1_000);
        var t = transferOut(externalAccount("000000005"), 400).body();
        assertEquals("PROCESSING", t.get("status"));
        assertEquals(600L, balances()[0]);
        assertEquals(1_000L, balances()[1]);

        var early = api.post("/sandbox/clock/advance", Map.of("seconds", 29));
        assertEquals(0L, early.body().get("jobsRun"));
        assertEquals("PROCESSING", api.get("/transactions/" + t.get("id")).body().get("status"));

        var due = api.post("/sandbox/clock/advance", Map.of("seconds", 1));
        assertEquals(1L, due.body().get("jobsRun"));
        var failed = api.get("/transactions/" + t.get("id")).body();
        assertEquals("FAILED", failed.get("status"));
        assertEquals("COUNTERPARTY_POST_TX_FAILED", failed.get("failureReason"));
        assertEquals(1_000L, balances()[0]);
        assertEquals(1_000L, balances()[1]);
    }

    @Test
    void a_transfer_in_credits_the_account_and_its_failures_credit_nothing() {
        var done = transferIn(externalAccount("987654321"), 3_000).body();
        assertEquals("COMPLETED", done.get("status"));
        assertEquals("INCOMING", done.get("type"));
        assertEquals("DEBIT", done.get("direction"), "a pull (reference: inbound ACH pull = INCOMING + DEBIT)");
        assertEquals(3_000L, balances()[1]);

        for (String number : List.of("000000002", "000000003", "000000004")) {
            var failed = transferIn(externalAccount(number), 500).body();
            assertEquals("FAILED", failed.get("status"));
            assertEquals("COLLECTION_FAILED", failed.get("failureReason"));
        }
        var pending = transferIn(externalAccount("000000005"), 500).body();
        assertEquals("PROCESSING", pending.get("status"));
        assertEquals(3_000L, balances()[1]);
        api.post("/sandbox/clock/advance", Map.of("seconds", 30));
        assertEquals("FAILED", api.get("/transactions/" + pending.get("id")).body().get("status"));
        assertEquals(3_000L, balances()[1]);
    }

    @Test
    void money_is_pulled_only_from_accounts_with_a_debit_rail() {
        var swift = api.post("/customers/external-accounts", Map.of("customerId", customerId, "currency", "USD",
                "accountInfo", Map.of("accountType", "SWIFT_ACCOUNT", "country", "GB", "swiftCode", "BARCGB22",
                        "bankName", "Barclays", "accountNumber", "31926819",
                        "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL", "fullName", "Ada Lovelace",
                                "address", Map.of("line1", "1 Main St", "postalCode", "10001", "country", "US")))));
        assertEquals(201, swift.status(), swift.raw().body());

        var pulled = transferIn(swift.string("id"), 500);
        assertEquals(400, pulled.status());
        assertEquals(List.of("source.accountId"), pulled.invalidFields());
        var quoted = api.post("/quotes", Map.of("source", Map.of("sourceType", "ACCOUNT", "accountId",
                swift.string("id")), "destination", Map.of("destinationType", "ACCOUNT", "accountId",
                externalAccount("123456789")), "lockedCurrencySide", "SENDING", "lockedCurrencyAmount", 500));
        assertEquals(List.of("source.accountId"), quoted.invalidFields(), quoted.raw().body());
        assertEquals(0L, balances()[1]);
        assertEquals(0L, api.get("/transactions?customerId=" + customerId).body().get("totalCount"));
    }

    @Test
    void transfers_refuse_other_currencies_missing_funds_foreign_accounts_and_bad_amounts() {
        fund(100);
        String eurAccount = api.post("/customers/external-accounts", Map.of("customerId", customerId,
                "currency", "EUR", "accountInfo", Map.of("accountType", "EUR_ACCOUNT",
                        "iban", "DE89370400440532013000", "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL",
                                "fullName", "Ada Lovelace", "countryOfResidence", "DE", "address",
                                Map.of("line1", "1 Main St", "postalCode", "10001", "country", "DE")))))
                .string("id");
        assertEquals("INVALID_CURRENCY", transferOut(eurAccount, 50).code());
        var broke = transferOut(externalAccount("123456789"), 101);
        assertEquals(400, broke.status());
        assertEquals("INSUFFICIENT_BALANCE", broke.code());
        String strangersAccount = api.post("/platform/external-accounts",
                AccountApiTest.usdAccount(null, "555555555")).string("id");
        assertEquals(List.of("destination.accountId"), transferOut(strangersAccount, 50).invalidFields());
        assertEquals(List.of("amount"), transferOut(externalAccount("123456780"), 0).invalidFields());
        assertEquals(List.of("amount"), api.post("/transfer-out", Map.of("source", Map.of("accountId", usdAccount),
                "destination", Map.of("accountId", strangersAccount))).invalidFields());
        assertEquals(List.of("source.accountId"), api.post("/transfer-out", Map.of("source",
                Map.of("accountId", "InternalAccount:nope"), "destination", Map.of("accountId", strangersAccount),
                "amount", 1)).invalidFields());
        assertEquals(0L, api.get("/transactions").body().get("totalCount"));
        assertEquals(100L, balances()[1]);
    }

    @Test
    void transfers_keep_to_the_payments_and_amounts_the_platform_allows_in_the_currency() {
        fund(10_000);
        String external = externalAccount("123456789");
        api.configureCurrency("USD", 10, 1_000, "INCOMING");
        var notOutgoing = transferOut(external, 50);
        assertEquals(400, notOutgoing.status(), notOutgoing.raw().body());
        assertEquals("INVALID_CURRENCY", notOutgoing.code());
        var tooSmall = transferIn(external, 9);
        assertEquals("AMOUNT_OUT_OF_RANGE", tooSmall.code());
        assertEquals(Map.of("minAmount", 10L, "maxAmount", 1_000L), tooSmall.body().get("details"));
        assertEquals(201, transferIn(external, 10).status());

        api.configureCurrency("USD", 10, 1_000, "OUTGOING");
        assertEquals("INVALID_CURRENCY", transferIn(external, 50).code());
        assertEquals("AMOUNT_OUT_OF_RANGE", transferOut(external, 1_001).code());
        assertEquals(201, transferOut(external, 1_000).status());
        assertEquals(2L, api.get("/transactions").body().get("totalCount"));
        assertEquals(10_000L + 10 - 1_000, balances()[1]);
    }

    @Test
    void a_platforms_own_transfer_names_the_platform_as_its_customer_as_the_list_filter_does() {
        String platform = api.get("/config").string("id");
        String platformUsd = (String) api.get("/platform/internal-accounts?currency=USD").data().get(0).get("id");
        assertEquals(200, api.post("/sandbox/internal-accounts/" + platformUsd + "/fund", Map.of("amount", 500))
                .status());
        String payee = api.post("/platform/external-accounts", AccountApiTest.usdAccount(null, "444444444"))
                .string("id");
        var sent = api.post("/transfer-out", Map.of("source", Map.of("accountId", platformUsd),
                "destination", Map.of("accountId", payee), "amount", 200));
        assertEquals(201, sent.status(), sent.raw().body());
        assertEquals(platform, sent.body().get("customerId"));
        assertEquals(platform, sent.body().get("platformCustomerId"));
        assertEquals(List.of(sent.string("id")), api.get("/transactions?customerId=" + platform).data().stream()
                .map(t -> t.get("id")).toList());
        assertEquals(List.of(sent.string("id")), api.get("/transactions?platformCustomerId=" + platform).data()
                .stream().map(t -> t.get("id")).toList(), "the value it shows filters too");
    }

    @Test
    void both_customer_filters_apply_and_the_platforms_id_finds_every_transaction_that_shows_it() {
        String platform = api.get("/config").string("id");
        String platformUsd = (String) api.get("/platform/internal-accounts?currency=USD").data().get(0).get("id");
        api.post("/sandbox/internal-accounts/" + platformUsd + "/fund", Map.of("amount", 500));
        String own = api.post("/transfer-out", Map.of("source", Map.of("accountId", platformUsd), "destination",
                Map.of("accountId", api.post("/platform/external-accounts", AccountApiTest.usdAccount(null,
                        "444444444")).string("id")), "amount", 200)).string("id");
        fund(500);
        String payers = transferOut(externalAccount("123456789"), 100).string("id");
        // A customer's platformCustomerId is the platform's free text, so it may even be the platform's id.
        String lookalike = api.post("/customers", CustomerApiTest.individual(platform)).string("id");
        String lookalikeUsd = (String) api.get("/customers/internal-accounts?customerId=" + lookalike
                + "&currency=USD").data().get(0).get("id");
        api.post("/sandbox/internal-accounts/" + lookalikeUsd + "/fund", Map.of("amount", 500));
        String lookalikes = api.post("/transfer-out", Map.of("source", Map.of("accountId", lookalikeUsd),
                "destination", Map.of("accountId", api.post("/customers/external-accounts",
                        AccountApiTest.usdAccount(lookalike, "123456780")).string("id")), "amount", 100)).string("id");
        assertEquals(platform, api.get("/transactions/" + lookalikes).body().get("platformCustomerId"));

        assertEquals(java.util.Set.of(own, lookalikes), java.util.Set.copyOf(ids("?platformCustomerId=" + platform)));
        assertEquals(List.of(lookalikes), ids("?customerId=" + lookalike + "&platformCustomerId=" + platform));
        assertEquals(List.of(), ids("?customerId=" + customerId + "&platformCustomerId=" + platform));
        assertEquals(List.of(own), ids("?customerId=" + platform + "&platformCustomerId=" + platform));
        assertEquals(List.of(), ids("?customerId=" + platform + "&platformCustomerId=payer"));
        assertEquals(List.of(payers), ids("?customerId=" + customerId + "&platformCustomerId=payer"));
    }

    private List<Object> ids(String query) {
        var reply = api.get("/transactions" + query);
        assertEquals(200, reply.status(), reply.raw().body());
        return reply.data().stream().map(t -> t.get("id")).toList();
    }

    @Test
    void transactions_are_listed_with_filters_and_can_be_confirmed_cancelled_or_not() {
        fund(1_000);
        String ok = externalAccount("123456789");
        String slow = externalAccount("000000005");
        var completed = transferOut(ok, 100).body();
        var pending = transferOut(slow, 200).body();
        transferIn(ok, 50);

        assertEquals(3L, api.get("/transactions").body().get("totalCount"));
        assertEquals(2L, api.get("/transactions?type=OUTGOING").body().get("totalCount"));
        assertEquals(1L, api.get("/transactions?status=PROCESSING").body().get("totalCount"));
        assertEquals(1L, api.get("/transactions?receiverAccountIdentifier=" + ok).body().get("totalCount"));
        assertEquals(2L, api.get("/transactions?accountIdentifier=" + ok).body().get("totalCount"));
        assertEquals(1L, api.get("/transactions?reference=" + ((Map<?, ?>) completed
                .get("reconciliationInstructions")).get("reference")).body().get("totalCount"));
        assertEquals(3L, api.get("/transactions?customerId=" + customerId).body().get("totalCount"));
        assertEquals(200, api.get("/transactions?customerId=" + api.get("/config").string("id")).status());
        for (String bad : List.of("PlatformConfig:garbage", "PlatformConfig:" + java.util.UUID.randomUUID())) {
            var refused = api.get("/transactions?customerId=" + bad);
            assertEquals(400, refused.status(), bad);
            assertEquals(List.of("customerId"), refused.invalidFields(), bad);
        }
        var ascending = api.get("/transactions?sortOrder=asc&limit=1");
        assertEquals(completed.get("id"), ascending.data().get(0).get("id"));
        assertEquals(400, api.get("/transactions?sortOrder=sideways").status());

        var confirmed = api.post("/transactions/" + completed.get("id") + "/confirm",
                Map.of("receiptDeliveryConfirmedAt", "2026-01-02T03:04:05.123456789Z"));
        assertEquals("2026-01-02T03:04:05.123456Z", confirmed.body().get("receiptDeliveryConfirmedAt"),
                "kept to the microsecond, as stored and read back");
        assertEquals(confirmed.body().get("receiptDeliveryConfirmedAt"),
                api.get("/transactions/" + completed.get("id")).body().get("receiptDeliveryConfirmedAt"));

        // At the rail the cancel starts a refund, and the rail has the last word (reference: "manual cancellation
        // during PROCESSING starts a refund and may still end COMPLETED"): the money stays held until then.
        var cancelled = api.post("/transactions/" + pending.get("id") + "/cancel", Map.of("reason", "changed mind"));
        assertEquals(200, cancelled.status());
        assertEquals("PROCESSING", cancelled.body().get("status"));
        assertEquals("PENDING", ((Map<?, ?>) cancelled.body().get("refund")).get("status"));
        assertEquals("USER_CANCELLATION", ((Map<?, ?>) cancelled.body().get("refund")).get("reason"));
        assertEquals(750L, balances()[0], "still held");
        assertEquals("TRANSACTION_NOT_CANCELLABLE", api.post("/transactions/" + pending.get("id") + "/cancel",
                null).code(), "a cancellation is under way");
        api.post("/sandbox/clock/advance", Map.of("seconds", 60));
        var ended = api.get("/transactions/" + pending.get("id")).body();
        assertEquals("FAILED", ended.get("status"), "the rail failed it (sandbox 005)");
        assertEquals("COMPLETED", ((Map<?, ?>) ended.get("refund")).get("status"));
        assertEquals(950L, balances()[0], "released");
        assertEquals(List.of("OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.REFUND_PENDING",
                "OUTGOING_PAYMENT.FAILED", "OUTGOING_PAYMENT.REFUND_COMPLETED"), eventsOf(pending.get("id")));

        var notCancellable = api.post("/transactions/" + completed.get("id") + "/cancel", null);
        assertEquals(409, notCancellable.status());
        assertEquals("TRANSACTION_NOT_CANCELLABLE", notCancellable.code());
        var notPending = api.post("/transactions/" + completed.get("id") + "/approve", null);
        assertEquals(409, notPending.status());
        assertEquals("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL", notPending.code());
        assertEquals("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL",
                api.post("/transactions/" + completed.get("id") + "/reject", Map.of("reason", "no")).code());
        assertEquals("TRANSACTION_NOT_FOUND", api.get("/transactions/Transaction:00000000-0000-4000-8000-000000000000")
                .code());
    }

    @Test
    void a_cancel_repeated_with_its_idempotency_key_gets_the_first_answer_and_refunds_once() {
        fund(1_000);
        String id = (String) transferOut(externalAccount("000000005"), 200).body().get("id");
        assertEquals(800L, balances()[0], "held");
        String key = UUID.randomUUID().toString();
        var keyed = api.withHeader("Idempotency-Key", key);

        var first = keyed.post("/transactions/" + id + "/cancel", Map.of("reason", "changed mind"));
        var again = keyed.post("/transactions/" + id + "/cancel", Map.of("reason", "changed mind"));

        assertEquals(200, first.status(), first.body().toString());
        assertEquals("PROCESSING", first.string("status"));
        assertTrue(first.raw().headers().firstValue("Idempotent-Replayed").isEmpty());
        assertEquals(200, again.status(), again.body().toString());
        assertEquals(first.raw().body(), again.raw().body(), "the stored bytes");
        assertEquals("true", again.raw().headers().firstValue("Idempotent-Replayed").orElse(null));
        assertEquals("TRANSACTION_NOT_CANCELLABLE", api.withHeader("Idempotency-Key",
                UUID.randomUUID().toString()).post("/transactions/" + id + "/cancel", null).code(),
                "another key is another request: the transaction is no longer cancellable");
        api.post("/sandbox/clock/advance", Map.of("seconds", 30));
        assertEquals(1_000L, balances()[0], "released once, when the rail failed it");
        assertEquals(1_000L, balances()[1]);
        var reused = keyed.post("/transactions/" + id + "/reject", Map.of("reason", "changed mind"));
        assertEquals(409, reused.status());
        assertEquals("CONFLICT", reused.code(), "the key belongs to the cancel");
        assertEquals(400, api.withHeader("Idempotency-Key", "not-a-uuid").post("/transactions/" + id + "/confirm",
                null).status());
    }

    @Test
    void one_uuid_in_upper_and_lower_case_is_one_key_and_moves_money_once() {
        fund(1_000);
        String external = externalAccount("123456789");
        String key = UUID.randomUUID().toString();
        var out = Map.of("source", Map.of("accountId", usdAccount), "destination", Map.of("accountId", external),
                "amount", 300);
        String fundPath = "/sandbox/internal-accounts/" + usdAccount + "/fund";
        String fundKey = UUID.randomUUID().toString();

        var lower = api.withHeader("Idempotency-Key", key).post("/transfer-out", out);
        var upper = api.withHeader("Idempotency-Key", key.toUpperCase(java.util.Locale.ROOT)).post("/transfer-out", out);
        var fundLower = api.withHeader("Idempotency-Key", fundKey).post(fundPath, Map.of("amount", 50));
        var fundUpper = api.withHeader("Idempotency-Key", fundKey.toUpperCase(java.util.Locale.ROOT))
                .post(fundPath, Map.of("amount", 50));

        assertEquals(201, lower.status(), lower.body().toString());
        assertEquals(lower.raw().body(), upper.raw().body(), "a group-committed route replays the first answer");
        assertEquals("true", upper.raw().headers().firstValue("Idempotent-Replayed").orElse(null));
        assertEquals(fundLower.raw().body(), fundUpper.raw().body(), "so does a route run on its own");
        assertEquals("true", fundUpper.raw().headers().firstValue("Idempotent-Replayed").orElse(null));
        assertEquals(1_000L - 300 + 50, balances()[1], "one transfer and one funding, not two of each");
    }

    @Test
    void a_token_that_may_not_move_money_gets_403_for_a_replayed_key_too_and_cannot_advance_the_sandbox_clock() {
        String key = UUID.randomUUID().toString();
        String fund = "/sandbox/internal-accounts/" + usdAccount + "/fund";
        assertEquals(200, api.withHeader("Idempotency-Key", key).post(fund, Map.of("amount", 500)).status());
        ApiClient viewer = TestServer.withPermissions(api, payments.core.platform.Permission.VIEW);

        var replay = viewer.withHeader("Idempotency-Key", key).post(fund, Map.of("amount", 500));
        assertEquals(403, replay.status(), "a stored answer goes only to a caller who could have made the request");
        assertEquals("FORBIDDEN", replay.code());
        assertEquals(403, viewer.withHeader("Idempotency-Key", "not-a-uuid").post(fund, Map.of("amount", 1))
                .status(), "the permission is checked before the key");

        var advance = viewer.post("/sandbox/clock/advance", Map.of("seconds", 3600));
        assertEquals(403, advance.status(), "an advance runs due payouts, failures and expiries: it moves money");
        assertEquals(200, viewer.get("/sandbox/clock").status());
        assertEquals(0L, viewer.get("/sandbox/clock").body().get("offsetSeconds"));
        assertEquals(403, TestServer.withPermissions(api, payments.core.platform.Permission.MANAGE)
                .get("/sandbox/clock").status(), "reading the clock is VIEW's");
        assertEquals(500L, balances()[0]);
    }

    @Test
    void the_sandbox_clock_runs_at_most_a_hundred_years_ahead() {
        long year = 366L * 24 * 3600;
        for (int i = 0; i < 99; i++) {
            assertEquals(200, api.post("/sandbox/clock/advance", Map.of("seconds", year)).status());
        }

        var past = api.post("/sandbox/clock/advance", Map.of("seconds", year));

        assertEquals(400, past.status(), "far from where PostgreSQL's timestamps end, which answered 500");
        assertEquals(List.of("seconds"), past.invalidFields());
        assertEquals(99 * year, api.get("/sandbox/clock").body().get("offsetSeconds"), "nothing moved");
        fund(100);
        assertEquals(100L, balances()[0], "the platform still works");
    }
}
