package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;

/** Embedded wallets over HTTP with real cryptography: OTP login, the signed-retry pattern and wallet actions. */
class WalletApiTest {
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);
    private final String customerId = api.post("/customers", CustomerApiTest.individual("wallet-owner"))
            .string("id");
    private final String wallet = (String) api.get("/customers/internal-accounts?type=EMBEDDED_WALLET&customerId="
            + customerId).data().get(0).get("id");

    private String emailCredential() {
        return (String) api.get("/auth/credentials?accountId=" + wallet).data().get(0).get("id");
    }

    private WalletClient login() {
        return WalletLogin.otp(api, emailCredential());
    }

    @Test
    void a_customer_with_an_email_gets_a_usdc_wallet_with_an_email_otp_credential() {
        var account = api.get("/customers/internal-accounts?type=EMBEDDED_WALLET&customerId=" + customerId)
                .data().get(0);
        assertEquals("USDC", ((Map<?, ?>) ((Map<?, ?>) account.get("balance")).get("currency")).get("code"));
        var credentials = api.get("/auth/credentials?accountId=" + wallet).data();
        assertEquals(1, credentials.size());
        assertEquals("EMAIL_OTP", credentials.get(0).get("type"));
        assertEquals("ada@example.com", credentials.get(0).get("nickname"));
    }

    @Test
    void an_otp_login_opens_a_session_on_the_clients_key_and_a_wrong_code_is_refused() {
        String credential = emailCredential();
        var challenge = api.post("/auth/credentials/" + credential + "/challenge", null);
        var wrong = api.post("/auth/credentials/" + credential + "/verify", Map.of("type", "EMAIL_OTP",
                "encryptedOtpBundle", new WalletClient().encryptOtp(challenge.string("otpEncryptionTargetBundle"),
                        "123456")));
        assertEquals(401, wrong.status());
        assertEquals("UNAUTHORIZED", wrong.code());
        assertEquals("Invalid OTP code", wrong.body().get("reason"));

        login();
        var sessions = api.get("/auth/sessions?accountId=" + wallet).data();
        assertEquals(1, sessions.size());
        assertNotNull(sessions.get(0).get("expiresAt"));
    }

    @Test
    void every_signed_retry_failure_has_its_code() {
        WalletClient client = login();
        Map<String, Object> body = Map.of("type", "SMS_OTP", "accountId", wallet);
        var first = api.post("/auth/credentials", body);
        assertEquals(202, first.status(), first.raw().body());
        String payload = first.string("payloadToSign");
        String requestId = first.string("requestId");
        assertTrue(payload.contains(requestId));

        assertEquals("WALLET_SIGNATURE_MISSING", api.withHeader("Request-Id", requestId)
                .post("/auth/credentials", body).code());
        assertEquals("REQUEST_ID_MISSING", api.withHeader("Service-Wallet-Signature", client.stamp(payload))
                .post("/auth/credentials", body).code());
        var signed = api.withHeader("Request-Id", requestId);
        assertEquals("WALLET_SIGNATURE_MALFORMED", signed.withHeader("Service-Wallet-Signature", "not-a-stamp")
                .post("/auth/credentials", body).code());
        assertEquals("WALLET_SIGNATURE_BODY_MISMATCH", signed.withHeader("Service-Wallet-Signature",
                client.stamp(payload)).post("/auth/credentials", Map.of("type", "SMS_OTP", "accountId", wallet,
                "nickname", "changed")).code());
        assertEquals("WALLET_SIGNATURE_INVALID", signed.withHeader("Service-Wallet-Signature",
                new WalletClient().stamp(payload)).post("/auth/credentials", body).code());
        assertEquals("WALLET_SIGNATURE_INVALID", signed.withHeader("Service-Wallet-Signature",
                client.stamp(payload + " ")).post("/auth/credentials", body).code());
        assertEquals("UNAUTHORIZED", api.withHeader("Request-Id", "Request:00000000-0000-4000-8000-000000000000")
                .withHeader("Service-Wallet-Signature", client.stamp(payload)).post("/auth/credentials", body).code());

        var created = signed.withHeader("Service-Wallet-Signature", client.stamp(payload))
                .post("/auth/credentials", body);
        assertEquals(201, created.status(), created.raw().body());
        assertEquals("SMS_OTP", created.body().get("type"));
        var reused = signed.withHeader("Service-Wallet-Signature", client.stamp(payload))
                .post("/auth/credentials", body);
        assertEquals(401, reused.status());
        assertEquals("UNAUTHORIZED", reused.code());
        assertEquals("SMS_OTP_CREDENTIAL_ALREADY_EXISTS", api.post("/auth/credentials", body).code());
    }

    @Test
    void revoking_needs_a_session_of_another_credential_and_the_last_credential_stays() {
        WalletClient client = login();
        String email = emailCredential();
        assertEquals(400, api.delete("/auth/credentials/" + email).status());

        Map<String, Object> sms = Map.of("type", "SMS_OTP", "accountId", wallet);
        var first = api.post("/auth/credentials", sms);
        WalletLogin.signedBy(api, client, first)
                .post("/auth/credentials", sms);
        var revoke = api.delete("/auth/credentials/" + email);
        assertEquals(202, revoke.status(), revoke.raw().body());
        var ownSession = WalletLogin.signedBy(api, client, revoke)
                .delete("/auth/credentials/" + email);
        assertEquals("WALLET_SIGNATURE_INVALID", ownSession.code());
    }

    @Test
    void the_legacy_sandbox_signature_is_accepted_in_the_sandbox() {
        Map<String, Object> sms = Map.of("type", "SMS_OTP", "accountId", wallet);
        var first = api.post("/auth/credentials", sms);
        var created = api.withHeader("Request-Id", first.string("requestId"))
                .withHeader("Service-Wallet-Signature", "sandbox-valid-signature").post("/auth/credentials", sms);
        assertEquals(201, created.status(), created.raw().body());
    }

    @Test
    void challenges_are_rate_limited_with_retry_after() {
        String credential = emailCredential();
        for (int i = 0; i < 3; i++) {
            assertEquals(200, api.post("/auth/credentials/" + credential + "/challenge", null).status());
        }
        var limited = api.post("/auth/credentials/" + credential + "/challenge", null);
        assertEquals(429, limited.status());
        assertEquals("RATE_LIMITED", limited.code());
        assertTrue(limited.raw().headers().firstValue("Retry-After").isPresent());
    }

    @Test
    void challenges_asked_at_once_are_rate_limited_as_if_asked_in_turn() throws Exception {
        String credential = emailCredential();
        java.util.concurrent.Callable<ApiClient.Reply> challenge =
                () -> api.post("/auth/credentials/" + credential + "/challenge", null);
        var replies = Concurrently.run(challenge, challenge, challenge, challenge, challenge, challenge);
        assertEquals(List.of(200, 200, 200, 429, 429, 429), Concurrently.statuses(replies));
    }

    @Test
    void a_session_signs_export_privacy_and_revocation() {
        WalletClient client = login();
        WalletClient exportKey = new WalletClient();
        Map<String, Object> export = Map.of("clientPublicKey", exportKey.publicKeyUncompressed());
        var first = api.post("/internal-accounts/" + wallet + "/export", export);
        assertEquals(202, first.status(), first.raw().body());
        var exported = WalletLogin.signedBy(api, client, first)
                .post("/internal-accounts/" + wallet + "/export", export);
        assertEquals(200, exported.status(), exported.raw().body());
        assertTrue(exported.string("encryptedWalletCredentials").contains("enclaveQuorumPublic"));

        Map<String, Object> privacy = Map.of("privateEnabled", true);
        ApiClient manager = TestServer.withPermissions(api, payments.core.platform.Permission.MANAGE);
        var leg = manager.patch("/internal-accounts/" + wallet, privacy);
        var updated = WalletLogin.signedBy(manager, client, leg)
                .patch("/internal-accounts/" + wallet, privacy);
        assertEquals(200, updated.status(), "a MANAGE-only token is answered with the account it changed");
        assertEquals(true, updated.body().get("privateEnabled"));

        String session = (String) api.get("/auth/sessions?accountId=" + wallet).data().get(0).get("id");
        var logout = api.delete("/auth/sessions/" + session);
        assertEquals(204, WalletLogin.signedBy(api, client, logout)
                .delete("/auth/sessions/" + session).status());
        assertEquals(0, api.get("/auth/sessions?accountId=" + wallet).data().size());
    }

    @Test
    void a_quote_from_the_wallet_executes_only_with_the_wallets_signature() {
        WalletClient client = login();
        api.post("/sandbox/internal-accounts/" + wallet + "/fund", Map.of("amount", 50_000_000));
        String eur = api.post("/customers/external-accounts", Map.of("customerId", customerId, "currency", "EUR",
                "accountInfo", Map.of("accountType", "EUR_ACCOUNT", "iban", "DE89370400440532013000",
                        "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL", "fullName", "Ada Lovelace",
                                "countryOfResidence", "DE", "address", Map.of("line1", "1 Main St",
                                        "postalCode", "10115", "country", "DE"))))).string("id");
        Map<String, Object> request = new HashMap<>();
        request.put("source", Map.of("sourceType", "ACCOUNT", "accountId", wallet));
        request.put("destination", Map.of("destinationType", "ACCOUNT", "accountId", eur));
        request.put("lockedCurrencySide", "SENDING");
        request.put("lockedCurrencyAmount", 10_000_000);
        var quote = api.post("/quotes", request);
        assertEquals(201, quote.status(), quote.raw().body());
        var instructions = (List<?>) quote.body().get("paymentInstructions");
        String payload = (String) ((Map<?, ?>) ((Map<?, ?>) instructions.get(0)).get("accountOrWalletInfo"))
                .get("payloadToSign");
        String id = quote.string("id");
        assertEquals("WALLET_SIGNATURE_MISSING", api.post("/quotes/" + id + "/execute", null).code());
        assertEquals("WALLET_SIGNATURE_INVALID", api.withHeader("Service-Wallet-Signature",
                new WalletClient().stamp(payload)).post("/quotes/" + id + "/execute", null).code());
        var executed = api.withHeader("Service-Wallet-Signature", client.stamp(payload))
                .post("/quotes/" + id + "/execute", null);
        assertEquals(200, executed.status(), executed.raw().body());
        assertEquals("COMPLETED", executed.body().get("status"));
        request.put("immediatelyExecute", true);
        assertEquals(List.of("immediatelyExecute"), api.post("/quotes", request).invalidFields());
    }

    @Test
    void a_transfer_out_cannot_move_the_wallets_money_without_its_signature() {
        api.post("/sandbox/internal-accounts/" + wallet + "/fund", Map.of("amount", 50_000_000));
        String address = api.post("/customers/external-accounts", Map.of("customerId", customerId,
                "currency", "USDC", "accountInfo", Map.of("accountType", "SOLANA_WALLET",
                        "address", "So1anaAddre55"))).string("id");
        var refused = api.post("/transfer-out", Map.of("source", Map.of("accountId", wallet),
                "destination", Map.of("accountId", address), "amount", 10_000_000));
        assertEquals(400, refused.status(), refused.raw().body());
        assertEquals(List.of("source.accountId"), refused.invalidFields());
        var account = api.get("/customers/internal-accounts?type=EMBEDDED_WALLET&customerId=" + customerId)
                .data().get(0);
        assertEquals(50_000_000, ((Number) ((Map<?, ?>) account.get("balance")).get("amount")).longValue());
        assertEquals(0, api.get("/transactions?customerId=" + customerId + "&type=OUTGOING").data().size());
    }

    @Test
    void changing_the_email_tied_to_the_wallet_is_a_signed_retry_and_the_credential_follows() {
        WalletClient client = login();
        Map<String, Object> body = Map.of("customerType", "INDIVIDUAL", "email", "ada.new@example.com");
        var first = api.patch("/customers/" + customerId, body);
        assertEquals(202, first.status(), first.raw().body());
        assertEquals("ada@example.com", api.get("/customers/" + customerId).body().get("email"));
        var done = WalletLogin.signedBy(api, client, first)
                .patch("/customers/" + customerId, body);
        assertEquals(200, done.status(), done.raw().body());
        assertEquals("ada.new@example.com", done.body().get("email"));
        assertEquals("ada.new@example.com", api.get("/auth/credentials?accountId=" + wallet).data().get(0)
                .get("nickname"));
    }
}
