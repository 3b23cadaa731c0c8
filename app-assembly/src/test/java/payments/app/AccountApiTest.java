package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import payments.core.platform.Environment;

class AccountApiTest {
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);
    private final String customerId = api.post("/customers", CustomerApiTest.individual("acct-owner")).string("id");

    static Map<String, Object> usdAccount(String customerId, String accountNumber) {
        Map<String, Object> body = new HashMap<>();
        if (customerId != null) {
            body.put("customerId", customerId);
        }
        body.put("currency", "USD");
        body.put("accountInfo", Map.of("accountType", "USD_ACCOUNT", "accountNumber", accountNumber,
                "routingNumber", "021000021", "bankName", "Chase",
                "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL", "fullName", "Ada Lovelace",
                        "address", Map.of("line1", "1 Main St", "postalCode", "10001", "country", "US"))));
        return body;
    }

    @Test
    void funding_an_internal_account_moves_its_balance_through_the_ledger() {
        String account = usdInternalAccount();
        var funded = api.post("/sandbox/internal-accounts/" + account + "/fund", Map.of("amount", 12_345));
        assertEquals(200, funded.status());
        assertEquals(12_345L, ((Map<?, ?>) funded.body().get("balance")).get("amount"));
        assertEquals(12_345L, ((Map<?, ?>) funded.body().get("totalBalance")).get("amount"));
        var currency = (Map<?, ?>) ((Map<?, ?>) funded.body().get("balance")).get("currency");
        assertEquals(Map.of("code", "USD", "name", "US Dollar", "symbol", "$", "decimals", 2L), currency);
        api.post("/sandbox/internal-accounts/" + account + "/fund", Map.of("amount", 5));
        var listed = api.get("/customers/internal-accounts?customerId=" + customerId + "&currency=USD").data();
        assertEquals(12_350L, ((Map<?, ?>) listed.get(0).get("balance")).get("amount"));
    }

    @Test
    void funding_with_an_idempotency_key_moves_money_once_and_replays_its_answer() {
        String path = "/sandbox/internal-accounts/" + usdInternalAccount() + "/fund";
        assertEquals(400, api.withHeader("Idempotency-Key", "not-a-uuid").post(path, Map.of("amount", 500)).status());
        var keyed = api.withHeader("Idempotency-Key", UUID.randomUUID().toString());
        var first = keyed.post(path, Map.of("amount", 500));
        var again = keyed.post(path, Map.of("amount", 500));

        assertEquals(200, again.status(), again.raw().body());
        assertEquals(first.raw().body(), again.raw().body());
        assertEquals("true", again.raw().headers().firstValue("Idempotent-Replayed").orElse(null));
        assertEquals("CONFLICT", keyed.post(path, Map.of("amount", 600)).code());
        var listed = api.get("/customers/internal-accounts?customerId=" + customerId + "&currency=USD").data();
        assertEquals(500L, ((Map<?, ?>) listed.get(0).get("balance")).get("amount"));
    }

    @Test
    void funding_amounts_are_bounded_integers() {
        String account = usdInternalAccount();
        String path = "/sandbox/internal-accounts/" + account + "/fund";
        assertEquals(List.of("amount"), api.post(path, Map.of("amount", 0)).invalidFields());
        assertEquals(List.of("amount"), api.post(path, Map.of("amount", 100_000_000_001L)).invalidFields());
        assertEquals(List.of("amount"), api.post(path, "{\"amount\": 10.5}").invalidFields());
        assertEquals(List.of("amount"), api.post(path, "{\"amount\": 99999999999999999999999}").invalidFields());
        assertEquals(List.of("amount"), api.post(path, Map.of("amount", "100")).invalidFields());
        assertEquals(404, api.post("/sandbox/internal-accounts/InternalAccount:00000000-0000-4000-8000-000000000000"
                + "/fund", Map.of("amount", 1)).status());
        assertEquals(0L, ((Map<?, ?>) api.get("/customers/internal-accounts?customerId=" + customerId
                + "&currency=USD").data().get(0).get("balance")).get("amount"));
    }

    @Test
    void internal_accounts_filter_by_type_and_platform_accounts_exist_per_currency() {
        var wallets = api.get("/customers/internal-accounts?type=EMBEDDED_WALLET&customerId=" + customerId).data();
        assertEquals(1, wallets.size(), "a customer with an email gets an embedded wallet");
        var crypto = api.get("/customers/internal-accounts?type=INTERNAL_CRYPTO&customerId=" + customerId).data();
        assertTrue(crypto.isEmpty());
        var platform = api.get("/platform/internal-accounts").data();
        assertEquals(4, platform.size());
        assertTrue(platform.stream().noneMatch(a -> a.containsKey("customerId")));
        assertEquals("INTERNAL_CRYPTO", api.get("/platform/internal-accounts?currency=USDC").data().get(0)
                .get("type"));
        assertEquals(400, api.get("/platform/internal-accounts?limit=5").status());
    }

    @Test
    void an_external_account_is_registered_verified_listed_and_removed() {
        var created = api.post("/customers/external-accounts", usdAccount(customerId, "123456789"));
        assertEquals(201, created.status());
        String id = created.string("id");
        assertTrue(id.startsWith("ExternalAccount:"));
        assertEquals("ACTIVE", created.body().get("status"));
        assertEquals("MATCHED", created.body().get("beneficiaryVerificationStatus"));
        assertEquals(Map.of("fullName", "Ada Lovelace"), created.body().get("beneficiaryVerifiedData"));
        Map<?, ?> info = (Map<?, ?>) created.body().get("accountInfo");
        assertEquals(List.of("ACH", "WIRE", "RTP", "FEDNOW"), info.get("paymentRails"));
        assertEquals("CHECKING", info.get("bankAccountType"), "the reference's default for USD");
        assertEquals(created.body(), api.get("/customers/external-accounts/" + id).body());
        assertEquals(1, api.get("/customers/external-accounts?customerId=" + customerId).data().size());

        assertEquals(409, api.post("/customers/external-accounts", usdAccount(customerId, "123456789")).status());
        var longInvoice = api.post("/customers/external-accounts", Map.of("customerId", customerId, "currency", "BTC",
                "accountInfo", Map.of("accountType", "LIGHTNING", "invoice", "lnbc" + "x".repeat(2_800))));
        assertEquals(List.of("accountInfo.invoice"), longInvoice.invalidFields(),
                "past the identity index's bound: it answered 500");
        assertEquals(204, TestServer.withPermissions(api, payments.core.platform.Permission.MANAGE)
                .delete("/customers/external-accounts/" + id).status(), "MANAGE changes accounts without VIEW");
        assertEquals(404, api.get("/customers/external-accounts/" + id).status());
        assertEquals(201, api.post("/customers/external-accounts", usdAccount(customerId, "123456789")).status());
    }

    @ParameterizedTest
    @CsvSource({"000000102,NOT_MATCHED", "000000103,PARTIAL_MATCH", "000000104,PENDING", "000000106,UNSUPPORTED",
            "000000107,CHECKED_BY_RECEIVING_FI", "000000108,MATCHED"})
    void beneficiary_verification_follows_the_sandbox_suffixes(String accountNumber, String expected) {
        var created = api.post("/customers/external-accounts", usdAccount(customerId, accountNumber));
        assertEquals(201, created.status());
        assertEquals(expected, created.body().get("beneficiaryVerificationStatus"));
    }

    @Test
    void suffix_105_is_an_invalid_account_and_nothing_is_stored() {
        var reply = api.post("/customers/external-accounts", usdAccount(customerId, "000000105"));
        assertEquals(400, reply.status());
        assertEquals("INVALID_BANK_ACCOUNT", reply.code());
        assertEquals(0L, api.get("/customers/external-accounts").body().get("totalCount"));
    }

    @Test
    void account_info_is_validated_per_variant() {
        Map<String, Object> clabe = Map.of("customerId", customerId, "currency", "MXN", "accountInfo",
                Map.of("accountType", "MXN_ACCOUNT", "clabeNumber", "12345",
                        "beneficiary", Map.of("beneficiaryType", "BUSINESS", "legalName", "Acme SA")));
        assertEquals(List.of("accountInfo.clabeNumber"), api.post("/customers/external-accounts", clabe)
                .invalidFields());
        Map<String, Object> noBeneficiary = Map.of("currency", "EUR", "accountInfo",
                Map.of("accountType", "EUR_ACCOUNT", "iban", "DE89370400440532013000"));
        assertEquals(List.of("accountInfo.beneficiary"), api.post("/platform/external-accounts", noBeneficiary)
                .invalidFields());
        Map<String, Object> wrongCurrency = usdAccount(customerId, "123456789");
        wrongCurrency.put("currency", "EUR");
        assertEquals(List.of("currency"), api.post("/customers/external-accounts", wrongCurrency).invalidFields());
        Map<String, Object> unknownType = Map.of("currency", "USD", "accountInfo", Map.of("accountType", "CHEQUE"));
        assertEquals(List.of("accountInfo.accountType"), api.post("/platform/external-accounts", unknownType)
                .invalidFields());
        assertEquals(List.of("accountInfo.bolt12"), api.post("/platform/external-accounts", Map.of("currency", "BTC",
                "accountInfo", Map.of("accountType", "LIGHTNING", "invoice", "lnbc1", "bolt12", "lno1")))
                .invalidFields());
    }

    @Test
    void wallets_and_lightning_need_no_beneficiary_and_lightning_account_is_an_alias() {
        var wallet = api.post("/platform/external-accounts", Map.of("currency", "USDC",
                "accountInfo", Map.of("accountType", "SOLANA_WALLET", "address", "So1anaAddre55")));
        assertEquals(201, wallet.status());
        assertFalse(((Map<?, ?>) wallet.body().get("accountInfo")).containsKey("paymentRails"));
        assertNull(wallet.body().get("customerId"));
        var lightning = api.post("/customers/external-accounts", Map.of("customerId", customerId, "currency", "BTC",
                "accountInfo", Map.of("accountType", "LIGHTNING_ACCOUNT", "lightningAddress", "ada@wallet.example")));
        assertEquals(201, lightning.status());
        assertEquals("LIGHTNING", ((Map<?, ?>) lightning.body().get("accountInfo")).get("accountType"));
    }

    @Test
    void setting_a_new_default_uma_deposit_account_replaces_the_old_one() {
        Map<String, Object> first = usdAccount(customerId, "111111111");
        first.put("defaultUmaDepositAccount", true);
        String firstId = api.post("/customers/external-accounts", first).string("id");
        Map<String, Object> second = usdAccount(customerId, "222222222");
        second.put("defaultUmaDepositAccount", true);
        String secondId = api.post("/customers/external-accounts", second).string("id");

        assertEquals(false, api.get("/customers/external-accounts/" + firstId).body().get("defaultUmaDepositAccount"));
        assertEquals(true, api.get("/customers/external-accounts/" + secondId).body().get("defaultUmaDepositAccount"));
        assertEquals(List.of("defaultUmaDepositAccount"), api.post("/platform/external-accounts",
                Map.of("currency", "USD", "defaultUmaDepositAccount", true, "accountInfo", Map.of())).invalidFields()
                .stream().filter(f -> f.equals("defaultUmaDepositAccount")).toList());
    }

    @Test
    void platform_accounts_live_apart_from_customer_accounts() {
        String platformAccount = api.post("/platform/external-accounts", usdAccount(null, "333333333")).string("id");
        String customerAccount = api.post("/customers/external-accounts", usdAccount(customerId, "333333333"))
                .string("id");
        assertEquals(1L, api.get("/platform/external-accounts").body().get("totalCount"));
        assertEquals(1L, api.get("/customers/external-accounts").body().get("totalCount"));
        assertEquals(404, api.get("/platform/external-accounts/" + customerAccount).status());
        assertEquals(200, api.get("/platform/external-accounts/" + platformAccount).status());
        assertEquals(List.of("customerId"), api.post("/platform/external-accounts",
                usdAccount(customerId, "444444444")).invalidFields());
        assertEquals("USER_NOT_FOUND", api.post("/customers/external-accounts",
                usdAccount("Customer:00000000-0000-4000-8000-000000000000", "555555555")).code());

        assertEquals(404, api.delete("/platform/external-accounts/" + customerAccount).status());
        assertEquals(204, api.delete("/platform/external-accounts/" + platformAccount).status());
        assertEquals(404, api.get("/platform/external-accounts/" + platformAccount).status());
        assertEquals(200, api.get("/customers/external-accounts/" + customerAccount).status());
    }

    private String usdInternalAccount() {
        return (String) api.get("/customers/internal-accounts?customerId=" + customerId + "&currency=USD").data()
                .get(0).get("id");
    }

    @Test
    void two_deletes_of_one_external_account_at_once_remove_it_once() throws Exception {
        for (int round = 0; round < 5; round++) {
            String id = api.post("/customers/external-accounts", usdAccount(customerId, "55500000" + round))
                    .string("id");
            List<ApiClient.Reply> deleted = Concurrently.run(
                    () -> api.delete("/customers/external-accounts/" + id),
                    () -> api.delete("/customers/external-accounts/" + id));
            assertEquals(List.of(204, 404), Concurrently.statuses(deleted), "round " + round);
            long removals = api.get("/webhooks/events?type=EXTERNAL_ACCOUNT.STATUS_UPDATED&limit=100").data()
                    .stream().map(e -> (Map<?, ?>) e.get("data"))
                    .filter(d -> id.equals(d.get("id")) && "INACTIVE".equals(d.get("status"))).count();
            assertEquals(1, removals, "round " + round + ": one removal, reported once");
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void one_number_at_two_banks_and_one_user_name_at_two_domains_are_two_accounts() {
        Map<String, Object> atAnotherBank = usdAccount(customerId, "246813579");
        assertEquals(201, api.post("/customers/external-accounts", atAnotherBank).status());
        assertEquals(409, api.post("/customers/external-accounts", atAnotherBank).status(), "the same one twice");
        Map<String, Object> info = new HashMap<>((Map<String, Object>) atAnotherBank.get("accountInfo"));
        info.put("routingNumber", "011000015");
        atAnotherBank.put("accountInfo", info);
        assertEquals(201, api.post("/customers/external-accounts", atAnotherBank).status());

        for (String address : List.of("ada@wallet.example", "ada@other-wallet.example")) {
            var lightning = api.post("/customers/external-accounts", Map.of("customerId", customerId, "currency", "BTC",
                    "accountInfo", Map.of("accountType", "LIGHTNING", "lightningAddress", address)));
            assertEquals(201, lightning.status(), address + ": " + lightning.raw().body());
        }
    }
}
