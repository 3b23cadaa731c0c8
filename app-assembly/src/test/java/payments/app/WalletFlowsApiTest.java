package payments.app;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.webauthn4j.data.AttestationConveyancePreference;
import com.webauthn4j.data.AuthenticatorAssertionResponse;
import com.webauthn4j.data.AuthenticatorAttestationResponse;
import com.webauthn4j.data.AuthenticatorSelectionCriteria;
import com.webauthn4j.data.PublicKeyCredential;
import com.webauthn4j.data.PublicKeyCredentialCreationOptions;
import com.webauthn4j.data.PublicKeyCredentialDescriptor;
import com.webauthn4j.data.PublicKeyCredentialParameters;
import com.webauthn4j.data.PublicKeyCredentialRequestOptions;
import com.webauthn4j.data.PublicKeyCredentialRpEntity;
import com.webauthn4j.data.PublicKeyCredentialType;
import com.webauthn4j.data.PublicKeyCredentialUserEntity;
import com.webauthn4j.data.ResidentKeyRequirement;
import com.webauthn4j.data.UserVerificationRequirement;
import com.webauthn4j.data.attestation.statement.COSEAlgorithmIdentifier;
import com.webauthn4j.data.client.Origin;
import com.webauthn4j.data.client.challenge.DefaultChallenge;
import com.webauthn4j.test.authenticator.webauthn.PackedAuthenticator;
import com.webauthn4j.test.authenticator.webauthn.WebAuthnAuthenticatorAdaptor;
import com.webauthn4j.test.client.ClientPlatform;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.TestDatabase;
import payments.core.platform.Environment;

/**
 * Embedded-wallet flows over real HTTP beyond the EMAIL_OTP login of {@link WalletApiTest}: OAUTH and PASSKEY
 * credentials added by signed retry and verified into sealed session keys that the client opens and signs with,
 * session refresh, revoking a credential with another credential's session, and a tied email change whose tied
 * credential set changes between the 202 and the retry. The server is a sandbox platform with the default passkey
 * relying party ({@code localhost}, origins {@code http://localhost:8080,https://localhost}).
 */
class WalletFlowsApiTest {
    private static final String GOOGLE = "https://accounts.google.com";
    private static final String AUDIENCE = "payments-app.apps.googleusercontent.com";
    private static final String RP_ID = "localhost";
    private static final String ORIGIN = "https://localhost";
    private static final Base64.Encoder B64URL = Base64.getUrlEncoder().withoutPadding();

    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);
    private final String customerId = api.post("/customers", CustomerApiTest.individual("flows-owner"))
            .string("id");
    private final String wallet = (String) api.get("/customers/internal-accounts?type=EMBEDDED_WALLET&customerId="
            + customerId).data().get(0).get("id");
    private final SecureRandom random = new SecureRandom();

    // ---- OAUTH ----

    @Test
    void an_oauth_credential_added_by_signed_retry_verifies_into_a_sealed_session_key_that_signs() {
        WalletClient otp = login();
        Map<String, Object> add = Map.of("type", "OAUTH", "accountId", wallet,
                "oidcToken", idToken("google-sub-1", Instant.now(), null));
        var first = api.post("/auth/credentials", add);
        assertEquals(202, first.status(), first.raw().body());
        assertEquals("OAUTH", first.string("type"));
        var created = signedBy(otp, first).post("/auth/credentials", add);
        assertEquals(201, created.status(), created.raw().body());
        assertEquals("OAUTH", created.string("type"));
        assertEquals("ada.google@example.com", created.string("nickname"));
        String credential = created.string("id");
        assertEquals(List.of("EMAIL_OTP", "OAUTH"), credentialTypes());
        // An identity provider's token carries real time: a sandbox clock moved on must not make it look stale.
        assertEquals(200, api.post("/sandbox/clock/advance", Map.of("seconds", 3600)).status());

        WalletClient client = new WalletClient();
        String clientKey = client.publicKeyCompressed();
        var verified = api.post("/auth/credentials/" + credential + "/verify", Map.of("type", "OAUTH",
                "oidcToken", idToken("google-sub-1", Instant.now(), WalletClient.sha256Hex(clientKey)),
                "clientPublicKey", clientKey));
        assertEquals(200, verified.status(), verified.raw().body());
        assertEquals("OAUTH", verified.string("type"));
        assertNotNull(verified.string("expiresAt"));
        String sealed = verified.string("encryptedSessionSigningKey");
        assertNotNull(sealed, verified.raw().body());

        assertThrows(RuntimeException.class, () -> new WalletClient().openSessionKey(sealed),
                "sealed to the client's key only");
        WalletClient session = client.openSessionKey(sealed);
        assertNotEquals(clientKey, session.publicKeyCompressed(), "a fresh session key, not the client's own");
        assertSigns(session);
        assertTrue(sessionTypes().contains("OAUTH"), sessionTypes().toString());
    }

    @Test
    void oauth_verify_refuses_a_wrong_nonce_another_subject_a_stale_iat_and_the_legacy_literal() {
        String credential = addOauth(login(), "google-sub-2");
        WalletClient client = new WalletClient();
        String clientKey = client.publicKeyCompressed();
        String nonce = WalletClient.sha256Hex(clientKey);

        var otherKeysNonce = verifyOauth(credential, idToken("google-sub-2", Instant.now(),
                WalletClient.sha256Hex(new WalletClient().publicKeyCompressed())), clientKey);
        assertUnauthorized(otherKeysNonce, "nonce");
        // The nonce hashes the exact string sent: the same key spelled uncompressed is another string.
        var otherSpelling = verifyOauth(credential, idToken("google-sub-2", Instant.now(),
                WalletClient.sha256Hex(client.publicKeyUncompressed())), clientKey);
        assertUnauthorized(otherSpelling, "nonce");
        var otherSubject = verifyOauth(credential, idToken("google-sub-other", Instant.now(), nonce), clientKey);
        assertUnauthorized(otherSubject, "identity");
        var stale = verifyOauth(credential, idToken("google-sub-2", Instant.now().minusSeconds(120), nonce),
                clientKey);
        assertUnauthorized(stale, "iat");

        var legacy = verifyOauth(credential, "sandbox-valid-oidc-token", clientKey);
        assertEquals(400, legacy.status(), legacy.raw().body());
        assertEquals("INVALID_INPUT", legacy.code());
        assertEquals(List.of("oidcToken"), legacy.invalidFields());
        var legacyAdd = api.post("/auth/credentials", Map.of("type", "OAUTH", "accountId", wallet,
                "oidcToken", "sandbox-valid-oidc-token"));
        assertEquals(400, legacyAdd.status(), legacyAdd.raw().body());
        assertEquals("INVALID_INPUT", legacyAdd.code());

        var sameIdentity = api.post("/auth/credentials", Map.of("type", "OAUTH", "accountId", wallet,
                "oidcToken", idToken("google-sub-2", Instant.now(), null)));
        assertEquals(400, sameIdentity.status(), sameIdentity.raw().body());
        assertEquals("INVALID_INPUT", sameIdentity.code());
        assertEquals(List.of("EMAIL_OTP", "OAUTH"), credentialTypes());

        var good = verifyOauth(credential, idToken("google-sub-2", Instant.now(), nonce), clientKey);
        assertEquals(200, good.status(), good.raw().body());
        assertSigns(client.openSessionKey(good.string("encryptedSessionSigningKey")));
    }

    // ---- PASSKEY ----

    @Test
    void a_passkey_added_by_signed_retry_asserts_into_a_sealed_session_key_that_signs() {
        ClientPlatform authenticator = authenticator();
        Passkey passkey = addPasskey(login(), authenticator);
        assertTrue(passkey.credentialId().matches("[A-Za-z0-9_-]+"), passkey.credentialId());
        assertEquals(List.of("EMAIL_OTP", "PASSKEY"), credentialTypes());

        var duplicate = api.post("/auth/credentials", passkey.registration());
        assertEquals(400, duplicate.status(), duplicate.raw().body());
        assertEquals("PASSKEY_CREDENTIAL_ALREADY_EXISTS", duplicate.code());

        WalletClient client = new WalletClient();
        var challenge = api.post("/auth/credentials/" + passkey.id() + "/challenge",
                Map.of("clientPublicKey", client.publicKeyUncompressed()));
        assertEquals(200, challenge.status(), challenge.raw().body());
        String hex = challenge.string("challenge");
        assertTrue(hex.matches("[0-9a-f]{64}"), hex);
        assertTrue(challenge.string("requestId").startsWith("Request:"), challenge.string("requestId"));
        assertNotEquals(WalletClient.sha256Hex(challenge.string("requestId").substring("Request:".length())), hex,
                "32 random bytes, not derived from the request id (whose bits are partly its time)");
        assertEquals(passkey.credentialId(), challenge.string("credentialId"));
        assertNotNull(challenge.string("expiresAt"));

        Map<String, Object> assertion = assertion(authenticator, passkey, hex);
        String clientData = new String(Base64.getUrlDecoder().decode((String) assertion.get("clientDataJson")), UTF_8);
        assertTrue(clientData.contains("\"challenge\":\"" + B64URL.encodeToString(hex.getBytes(UTF_8)) + "\""),
                clientData);
        Map<String, Object> body = Map.of("type", "PASSKEY", "assertion", assertion);
        var noRequestId = api.post("/auth/credentials/" + passkey.id() + "/verify", body);
        assertEquals(401, noRequestId.status(), noRequestId.raw().body());
        assertEquals("REQUEST_ID_MISSING", noRequestId.code());

        var verified = api.withHeader("Request-Id", challenge.string("requestId"))
                .post("/auth/credentials/" + passkey.id() + "/verify", body);
        assertEquals(200, verified.status(), verified.raw().body());
        assertEquals("PASSKEY", verified.string("type"));
        assertEquals("Ada's laptop", verified.string("nickname"));
        assertSigns(client.openSessionKey(verified.string("encryptedSessionSigningKey")));
    }

    @Test
    void passkey_verify_refuses_replays_and_other_origins_and_accepts_the_legacy_sandbox_signature() {
        ClientPlatform authenticator = authenticator();
        Passkey passkey = addPasskey(login(), authenticator);
        WalletClient client = new WalletClient();
        String verifyPath = "/auth/credentials/" + passkey.id() + "/verify";

        var first = passkeyChallenge(passkey, client);
        Map<String, Object> used = Map.of("type", "PASSKEY",
                "assertion", assertion(authenticator, passkey, first.string("challenge")));
        ApiClient firstRequest = api.withHeader("Request-Id", first.string("requestId"));
        assertEquals(200, firstRequest.post(verifyPath, used).status());
        assertUnauthorized(firstRequest.post(verifyPath, used), "Request-Id");

        var second = passkeyChallenge(passkey, client);
        ApiClient secondRequest = api.withHeader("Request-Id", second.string("requestId"));
        assertUnauthorized(secondRequest.post(verifyPath, used), "Passkey assertion rejected");
        authenticator.setOrigin(new Origin("https://evil.example"));
        var elsewhere = secondRequest.post(verifyPath, Map.of("type", "PASSKEY",
                "assertion", assertion(authenticator, passkey, second.string("challenge"))));
        assertUnauthorized(elsewhere, "origin");
        authenticator.setOrigin(new Origin(ORIGIN));
        // Refused assertions leave the challenge usable; a good one over it still opens a session.
        var good = secondRequest.post(verifyPath, Map.of("type", "PASSKEY",
                "assertion", assertion(authenticator, passkey, second.string("challenge"))));
        assertEquals(200, good.status(), good.raw().body());

        var third = passkeyChallenge(passkey, client);
        var legacy = api.withHeader("Request-Id", third.string("requestId")).post(verifyPath, Map.of(
                "type", "PASSKEY", "assertion", Map.of("credentialId", passkey.credentialId(),
                        "clientDataJson", "e30", "authenticatorData", "AAAA",
                        "signature", "sandbox-valid-passkey-signature")));
        assertEquals(200, legacy.status(), legacy.raw().body());
        assertSigns(client.openSessionKey(legacy.string("encryptedSessionSigningKey")));
    }

    // ---- sessions and revocation ----

    @Test
    void a_session_refresh_seals_a_new_session_to_the_new_key_and_ends_the_old_one() {
        WalletClient otp = login();
        String old = (String) api.get("/auth/sessions?accountId=" + wallet).data().get(0).get("id");
        WalletClient next = new WalletClient();
        Map<String, Object> body = Map.of("clientPublicKey", next.publicKeyUncompressed());
        String path = "/auth/sessions/" + old + "/refresh";

        var first = api.post(path, body);
        assertEquals(202, first.status(), first.raw().body());
        assertTrue(first.string("payloadToSign").contains(next.publicKeyUncompressed()),
                "the payload binds the new client key");
        var otherKey = signedBy(otp, first).post(path, Map.of("clientPublicKey",
                new WalletClient().publicKeyUncompressed()));
        assertEquals("WALLET_SIGNATURE_BODY_MISMATCH", otherKey.code(), otherKey.raw().body());

        var refreshed = signedBy(otp, first).post(path, body);
        assertEquals(201, refreshed.status(), refreshed.raw().body());
        assertNotEquals(old, refreshed.string("id"));
        assertEquals("EMAIL_OTP", refreshed.string("type"));
        WalletClient session = next.openSessionKey(refreshed.string("encryptedSessionSigningKey"));

        assertEquals(List.of(refreshed.string("id")), sessionIds());
        assertCannotSign(otp);
        assertSigns(session);
    }

    @Test
    void revoking_a_credential_with_a_session_of_another_credential_ends_the_revoked_ones_sessions() {
        WalletClient otp = login();
        String email = credentialOf("EMAIL_OTP");
        String oauth = addOauth(otp, "google-sub-4");
        WalletClient oauthSession = oauthSession(oauth, "google-sub-4");
        assertEquals(List.of("EMAIL_OTP", "OAUTH"), sessionTypes());

        var revoke = api.delete("/auth/credentials/" + email);
        assertEquals(202, revoke.status(), revoke.raw().body());
        assertEquals(204, signedBy(oauthSession, revoke).delete("/auth/credentials/" + email).status());

        assertEquals(List.of(oauth), api.get("/auth/credentials?accountId=" + wallet).data().stream()
                .map(c -> c.get("id")).toList());
        assertEquals(List.of("OAUTH"), sessionTypes());
        assertCannotSign(otp);
        assertSigns(oauthSession);
        var last = api.delete("/auth/credentials/" + oauth);
        assertEquals(400, last.status(), last.raw().body());
    }

    @Test
    void only_the_refreshed_sessions_own_key_may_sign_its_refresh_and_an_ended_session_is_401() {
        WalletClient otp = login();
        String otpSession = (String) api.get("/auth/sessions?accountId=" + wallet).data().get(0).get("id");
        String oauth = addOauth(otp, "google-sub-8");
        WalletClient oauthSession = oauthSession(oauth, "google-sub-8");
        WalletClient thief = new WalletClient();
        Map<String, Object> body = Map.of("clientPublicKey", thief.publicKeyUncompressed());
        String path = "/auth/sessions/" + otpSession + "/refresh";

        // A session of another credential cannot move this session onto a key of its holder's choosing.
        var byOther = signedBy(oauthSession, api.post(path, body)).post(path, body);
        assertEquals(401, byOther.status(), byOther.raw().body());
        assertEquals("WALLET_SIGNATURE_INVALID", byOther.code());
        assertEquals(2, sessionIds().size());

        var own = signedBy(otp, api.post(path, body)).post(path, body);
        assertEquals(201, own.status(), own.raw().body());

        // The refreshed session has ended: refreshing it again is 401 on either leg; an unknown one is 404.
        var ended = api.post(path, body);
        assertUnauthorized(ended, "no longer active");
        var unknown = api.post("/auth/sessions/Session:" + java.util.UUID.randomUUID() + "/refresh", body);
        assertEquals(404, unknown.status(), unknown.raw().body());
    }

    @Test
    void an_otp_login_retried_with_the_legacy_sandbox_signature_opens_a_session_on_the_bound_key() {
        String credential = credentialOf("EMAIL_OTP");
        var challenge = api.post("/auth/credentials/" + credential + "/challenge", null);
        WalletClient client = new WalletClient();
        Map<String, Object> body = Map.of("type", "EMAIL_OTP",
                "encryptedOtpBundle", client.encryptOtp(challenge.string("otpEncryptionTargetBundle"), "000000"));
        var first = api.post("/auth/credentials/" + credential + "/verify", body);
        assertEquals(202, first.status(), first.raw().body());

        var session = api.withHeader("Request-Id", first.string("requestId"))
                .withHeader("Service-Wallet-Signature", "sandbox-valid-signature")
                .post("/auth/credentials/" + credential + "/verify", body);
        assertEquals(200, session.status(), session.raw().body());
        assertSigns(client);
    }

    @Test
    void an_export_names_a_client_key_off_the_curve_at_once_instead_of_issuing_a_challenge() {
        String offCurve = "04" + "11".repeat(64);
        var export = api.post("/internal-accounts/" + wallet + "/export", Map.of("clientPublicKey", offCurve));
        assertEquals(400, export.status(), export.raw().body());
        assertEquals(List.of("clientPublicKey"), export.invalidFields());
    }

    @Test
    void an_otp_credential_added_by_signed_retry_gets_its_code_at_once_and_verifies_without_a_challenge() {
        WalletClient otp = login();
        var added = addSmsOtp(otp);
        String bundle = added.string("otpEncryptionTargetBundle");
        assertNotNull(bundle, added.raw().body());

        WalletClient client = new WalletClient();
        String verifyPath = "/auth/credentials/" + added.string("id") + "/verify";
        Map<String, Object> body = Map.of("type", "SMS_OTP", "encryptedOtpBundle", client.encryptOtp(bundle, "000000"));
        var session = signedBy(client, api.post(verifyPath, body)).post(verifyPath, body);
        assertEquals(200, session.status(), session.raw().body());
        assertEquals("SMS_OTP", session.string("type"));
        assertSigns(client);
        assertTrue(api.get("/auth/credentials?accountId=" + wallet).data().stream()
                .noneMatch(c -> c.containsKey("otpEncryptionTargetBundle")), "list items carry no bundle");
    }

    // ---- tied phone number change ----

    @Test
    void a_phone_number_change_with_a_tied_sms_otp_credential_is_a_signed_retry_and_the_credential_follows_it() {
        WalletClient otp = login();
        var added = addSmsOtp(otp);
        assertEquals("+15555550100", added.string("nickname"));

        Map<String, Object> change = Map.of("customerType", "INDIVIDUAL", "phoneNumber", "+15555550199");
        var pending = api.patch("/customers/" + customerId, change);
        assertEquals(202, pending.status(), pending.raw().body());
        assertTrue(pending.string("payloadToSign").contains("+15555550199"), pending.raw().body());
        assertEquals("+15555550100", api.get("/customers/" + customerId).body().get("phoneNumber"));

        var done = signedBy(otp, pending).patch("/customers/" + customerId, change);
        assertEquals(200, done.status(), done.raw().body());
        assertEquals("+15555550199", done.body().get("phoneNumber"));
        assertEquals("+15555550199", nicknameOf(added.string("id")));

        // With OTP credentials tied to both, email and phone number change one call at a time.
        var both = api.patch("/customers/" + customerId, Map.of("customerType", "INDIVIDUAL",
                "phoneNumber", "+15555550111", "email", "ada.both@example.com"));
        assertEquals(400, both.status(), both.raw().body());
        assertEquals(List.of("phoneNumber"), both.invalidFields());
        assertEquals("ada@example.com", api.get("/customers/" + customerId).body().get("email"));
    }

    @Test
    void two_credentials_revoking_each_other_at_once_leave_one_credential_and_answer_204_and_400()
            throws Exception {
        String survivor = credentialOf("EMAIL_OTP");
        WalletClient survivorSession = login();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 5; round++) {
                String other = addOauth(survivorSession, "google-race-" + round);
                WalletClient otherSession = oauthSession(other, "google-race-" + round);
                // Each revocation is signed by the other credential's session; both retries go at once.
                ApiClient revokeSurvivor = signedBy(otherSession, api.delete("/auth/credentials/" + survivor));
                ApiClient revokeOther = signedBy(survivorSession, api.delete("/auth/credentials/" + other));
                java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
                String first = survivor;
                var a = pool.submit(() -> {
                    go.await();
                    return revokeSurvivor.delete("/auth/credentials/" + first);
                });
                var b = pool.submit(() -> {
                    go.await();
                    return revokeOther.delete("/auth/credentials/" + other);
                });
                go.countDown();
                List<Integer> statuses = java.util.stream.Stream.of(a.get(), b.get()).map(ApiClient.Reply::status)
                        .sorted().toList();
                assertEquals(List.of(204, 400), statuses, "round " + round);
                List<Object> left = api.get("/auth/credentials?accountId=" + wallet).data().stream()
                        .map(c -> c.get("id")).toList();
                assertEquals(1, left.size(), left.toString());
                if (left.get(0).equals(other)) {
                    survivor = other;
                    survivorSession = otherSession;
                }
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void an_sms_otp_credential_added_while_a_phone_number_change_is_in_flight_is_tied_to_the_new_number()
            throws Exception {
        WalletClient session = login();
        Map<String, Object> sms = Map.of("type", "SMS_OTP", "accountId", wallet);
        ApiClient signed = signedBy(session, api.post("/auth/credentials", sms));
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Connection change = TestDatabase.connect(); Connection observer = TestDatabase.connect()) {
            // A change of the customer in flight: its row is updated and locked until the commit.
            change.setAutoCommit(false);
            try (PreparedStatement update = change.prepareStatement(
                    "update customers set phone_number = ? where id = ?::uuid")) {
                update.setString(1, "+15555550177");
                update.setString(2, customerId.substring("Customer:".length()));
                assertEquals(1, update.executeUpdate());
            }
            Future<ApiClient.Reply> added = pool.submit(() -> signed.post("/auth/credentials", sms));
            // The addition waits for the change, rather than reading the number the change is replacing.
            for (long deadline = System.nanoTime() + 10_000_000_000L; !waitsForACustomerLock(observer);
                    Thread.sleep(10)) {
                assertFalse(added.isDone(), "added while the customer's change was in flight");
                assertTrue(System.nanoTime() < deadline, "never waited for the customer's change");
            }
            change.commit();
            ApiClient.Reply reply = added.get(30, TimeUnit.SECONDS);
            assertEquals(201, reply.status(), reply.raw().body());
            assertEquals("+15555550177", reply.string("nickname"));
        } finally {
            pool.shutdown();
        }
    }

    private static boolean waitsForACustomerLock(Connection observer) throws SQLException {
        try (PreparedStatement waiting = observer.prepareStatement("select 1 from pg_stat_activity"
                + " where wait_event_type = 'Lock' and datname = current_database() and query like ?")) {
            waiting.setString(1, "%\"customers\"%for%update%"); // FOR [NO KEY] UPDATE
            try (ResultSet rows = waiting.executeQuery()) {
                return rows.next();
            }
        }
    }

    @Test
    void a_code_sent_before_a_tied_email_change_no_longer_opens_a_session() {
        WalletClient otp = login();
        String email = credentialOf("EMAIL_OTP");
        var sent = api.post("/auth/credentials/" + email + "/challenge", null);
        assertEquals(200, sent.status(), sent.raw().body());
        Map<String, Object> change = Map.of("customerType", "INDIVIDUAL", "email", "ada.elsewhere@example.com");
        var changed = signedBy(otp, api.patch("/customers/" + customerId, change)).patch("/customers/" + customerId,
                change);
        assertEquals(200, changed.status(), changed.raw().body());

        // The code went to the old address: it no longer verifies. One sent to the new address does.
        Map<String, Object> body = Map.of("type", "EMAIL_OTP", "encryptedOtpBundle",
                new WalletClient().encryptOtp(sent.string("otpEncryptionTargetBundle"), "000000"));
        assertUnauthorized(api.post("/auth/credentials/" + email + "/verify", body), "No usable OTP challenge");
        assertSigns(WalletLogin.otp(api, email));
    }

    // ---- tied email change ----

    @Test
    void a_tied_email_change_whose_email_otp_credential_was_replaced_before_the_retry_is_refused_with_409() {
        WalletClient otp = login();
        String email = credentialOf("EMAIL_OTP");
        Map<String, Object> change = Map.of("customerType", "INDIVIDUAL", "email", "ada.moved@example.com");
        var pending = api.patch("/customers/" + customerId, change);
        assertEquals(202, pending.status(), pending.raw().body());

        // Meanwhile the tied set changes: the EMAIL_OTP credential is revoked (signed by an OAUTH session) and
        // added back, a new credential tied to the same, still current, email.
        WalletClient oauthSession = oauthSession(addOauth(otp, "google-sub-5"), "google-sub-5");
        var revoke = api.delete("/auth/credentials/" + email);
        assertEquals(204, signedBy(oauthSession, revoke).delete("/auth/credentials/" + email).status());
        Map<String, Object> emailOtp = Map.of("type", "EMAIL_OTP", "accountId", wallet);
        var readd = signedBy(oauthSession, api.post("/auth/credentials", emailOtp)).post("/auth/credentials",
                emailOtp);
        assertEquals(201, readd.status(), readd.raw().body());
        assertEquals("ada@example.com", readd.string("nickname"));

        var retry = signedBy(oauthSession, pending).patch("/customers/" + customerId, change);
        assertEquals(409, retry.status(), retry.raw().body());
        assertEquals("EMAIL_OTP_CREDENTIAL_SET_CHANGED", retry.code());
        assertEquals("ada@example.com", api.get("/customers/" + customerId).body().get("email"));

        // Starting again binds the new set, and the new credential follows the email.
        var again = api.patch("/customers/" + customerId, change);
        assertEquals(202, again.status(), again.raw().body());
        var done = signedBy(oauthSession, again).patch("/customers/" + customerId, change);
        assertEquals(200, done.status(), done.raw().body());
        assertEquals("ada.moved@example.com", done.body().get("email"));
        assertEquals("ada.moved@example.com", nicknameOf(readd.string("id")));
    }

    @Test
    void a_tied_email_change_whose_email_otp_credential_was_revoked_before_the_retry_is_refused_with_409() {
        WalletClient otp = login();
        String email = credentialOf("EMAIL_OTP");
        Map<String, Object> change = Map.of("customerType", "INDIVIDUAL", "email", "ada.gone@example.com");
        var pending = api.patch("/customers/" + customerId, change);
        assertEquals(202, pending.status(), pending.raw().body());

        WalletClient oauthSession = oauthSession(addOauth(otp, "google-sub-6"), "google-sub-6");
        var revoke = api.delete("/auth/credentials/" + email);
        assertEquals(204, signedBy(oauthSession, revoke).delete("/auth/credentials/" + email).status());

        // The 202 bound one tied credential; none is left. The signed retry is refused, not run unsigned.
        var retry = signedBy(oauthSession, pending).patch("/customers/" + customerId, change);
        assertEquals(409, retry.status(), retry.raw().body());
        assertEquals("EMAIL_OTP_CREDENTIAL_SET_CHANGED", retry.code());
        assertEquals("ada@example.com", api.get("/customers/" + customerId).body().get("email"));

        // With nothing tied any more, the change needs no signature.
        var plain = api.patch("/customers/" + customerId, change);
        assertEquals(200, plain.status(), plain.raw().body());
        assertEquals("ada.gone@example.com", plain.body().get("email"));
    }

    @Test
    void adding_a_credential_that_is_not_tied_to_the_email_leaves_the_tied_set_and_the_retry_succeeds() {
        WalletClient otp = login();
        Map<String, Object> change = Map.of("customerType", "INDIVIDUAL", "email", "ada.kept@example.com");
        var pending = api.patch("/customers/" + customerId, change);
        assertEquals(202, pending.status(), pending.raw().body());

        addOauth(otp, "google-sub-7");

        var retry = signedBy(otp, pending).patch("/customers/" + customerId, change);
        assertEquals(200, retry.status(), retry.raw().body());
        assertEquals("ada.kept@example.com", nicknameOf(credentialOf("EMAIL_OTP")));
    }

    // ---- sign counts end to end, OIDC claims of a new credential, malformed crypto input ----

    private static long storedSignCount(Passkey passkey) throws SQLException {
        try (Connection db = TestDatabase.connect(); PreparedStatement q = db.prepareStatement(
                "select sign_count from auth_credentials where id = ?::uuid")) {
            q.setString(1, passkey.id().substring("AuthMethod:".length()));
            try (ResultSet rows = q.executeQuery()) {
                assertTrue(rows.next());
                return rows.getLong(1);
            }
        }
    }

    private static void setCounter(PackedAuthenticator device, int value) throws Exception {
        java.lang.reflect.Field counter = com.webauthn4j.test.authenticator.webauthn.WebAuthnModelAuthenticator.class
                .getDeclaredField("counter");
        counter.setAccessible(true);
        counter.setInt(device, value);
    }

    private ApiClient.Reply verifyPasskeyOnce(ClientPlatform authenticator, Passkey passkey, WalletClient client) {
        var challenge = passkeyChallenge(passkey, client);
        return api.withHeader("Request-Id", challenge.string("requestId")).post(
                "/auth/credentials/" + passkey.id() + "/verify", Map.of("type", "PASSKEY",
                        "assertion", assertion(authenticator, passkey, challenge.string("challenge"))));
    }

    @Test
    void a_passkey_assertion_whose_counter_is_not_above_the_stored_one_is_refused_and_changes_nothing() throws Exception {
        PackedAuthenticator device = new PackedAuthenticator();
        ClientPlatform authenticator = new ClientPlatform(new Origin(ORIGIN), new WebAuthnAuthenticatorAdaptor(device));
        Passkey passkey = addPasskey(login(), authenticator);
        assertEquals(1L, storedSignCount(passkey), "the registration's counter is stored");
        WalletClient client = new WalletClient();
        String verifyPath = "/auth/credentials/" + passkey.id() + "/verify";

        var first = verifyPasskeyOnce(authenticator, passkey, client);            // counter 2
        assertEquals(200, first.status(), first.raw().body());
        assertEquals(2L, storedSignCount(passkey), "the assertion's counter is persisted");

        // One challenge (a refused assertion leaves it usable; /challenge is limited to 3 per 3 minutes).
        var challenge = passkeyChallenge(passkey, client);
        ApiClient withId = api.withHeader("Request-Id", challenge.string("requestId"));
        String hex = challenge.string("challenge");
        device.setCountUpEnabled(false);                                           // counter stays 2: equal
        assertUnauthorized(withId.post(verifyPath, Map.of("type", "PASSKEY",
                "assertion", assertion(authenticator, passkey, hex))), "counter");
        setCounter(device, 1);                                                     // counter 1: lower
        assertUnauthorized(withId.post(verifyPath, Map.of("type", "PASSKEY",
                "assertion", assertion(authenticator, passkey, hex))), "counter");
        assertEquals(2L, storedSignCount(passkey), "a refused assertion leaves the stored counter");

        setCounter(device, 2);
        device.setCountUpEnabled(true);                                            // counter 3: higher
        var next = withId.post(verifyPath, Map.of("type", "PASSKEY",
                "assertion", assertion(authenticator, passkey, hex)));
        assertEquals(200, next.status(), next.raw().body());
        assertEquals(3L, storedSignCount(passkey));
    }

    @Test
    void a_passkey_whose_counters_stay_zero_keeps_verifying() throws Exception {
        PackedAuthenticator device = new PackedAuthenticator();
        device.setCountUpEnabled(false);                                           // a synced passkey: always 0
        ClientPlatform authenticator = new ClientPlatform(new Origin(ORIGIN), new WebAuthnAuthenticatorAdaptor(device));
        Passkey passkey = addPasskey(login(), authenticator);
        assertEquals(0L, storedSignCount(passkey));
        WalletClient client = new WalletClient();
        for (int i = 0; i < 2; i++) {
            var verified = verifyPasskeyOnce(authenticator, passkey, client);
            assertEquals(200, verified.status(), verified.raw().body());
        }
        assertEquals(0L, storedSignCount(passkey));
    }

    @Test
    void a_new_oauth_credential_whose_token_is_rejected_is_400_naming_the_token_and_its_check() {
        login();
        Map<String, Object> otherIssuer = googleClaims("someone");
        otherIssuer.put("iss", "https://issuer.example");
        Map<String, Object> nulAudience = googleClaims("google-sub-nul");
        nulAudience.put("aud", "payments-app\u0000.apps.googleusercontent.com");
        Map<String, Object> surrogateAudience = googleClaims("google-sub-surrogate");
        surrogateAudience.put("aud", List.of("payments-app\ud800"));
        // An audience the credential would keep must be storable: PostgreSQL refuses a NUL (a 500 at the retry),
        // and stores a lone surrogate as "?", which the credential's own tokens would never match again.
        for (var claims : List.of(otherIssuer, nulAudience, surrogateAudience)) {
            var created = api.post("/auth/credentials", Map.of("type", "OAUTH", "accountId", wallet,
                    "oidcToken", token(claims)));
            assertEquals(400, created.status(), created.raw().body());
            assertEquals("INVALID_INPUT", created.code(), created.raw().body());
            assertEquals(List.of("oidcToken"), created.invalidFields(), created.raw().body());
        }
        assertEquals(List.of("EMAIL_OTP"), credentialTypes());
    }

    /** Seals {@code plaintext} to the target key of an {@code otpEncryptionTargetBundle}, as a client would. */
    private static String sealToTarget(String targetBundle, byte[] plaintext, boolean truncate) throws Exception {
        var bundle = ApiClient.JSON.readTree(targetBundle);
        var hex = java.util.HexFormat.of();
        var data = ApiClient.JSON.readTree(hex.parseHex(bundle.get("data").asText()));
        byte[] target = hex.parseHex(data.get("targetPublic").asText());
        var hpke = new org.bouncycastle.crypto.hpke.HPKE(org.bouncycastle.crypto.hpke.HPKE.mode_base,
                org.bouncycastle.crypto.hpke.HPKE.kem_P256_SHA256, org.bouncycastle.crypto.hpke.HPKE.kdf_HKDF_SHA256,
                org.bouncycastle.crypto.hpke.HPKE.aead_AES_GCM256);
        var context = hpke.setupBaseS(hpke.deserializePublicKey(target), "turnkey_hpke".getBytes(UTF_8));
        byte[] enc = context.getEncapsulation();
        byte[] aad = new byte[enc.length + target.length];
        System.arraycopy(enc, 0, aad, 0, enc.length);
        System.arraycopy(target, 0, aad, enc.length, target.length);
        byte[] ct = context.seal(aad, plaintext);
        if (truncate) {
            ct = java.util.Arrays.copyOf(ct, 10);
        }
        return "{\"encappedPublic\":\"" + hex.formatHex(enc) + "\",\"ciphertext\":\"" + hex.formatHex(ct) + "\"}";
    }

    @Test
    void malformed_crypto_input_on_every_wallet_route_is_refused_never_a_5xx() throws Exception {
        List<String> fiveHundreds = new java.util.ArrayList<>();
        java.util.function.BiConsumer<String, ApiClient.Reply> check = (what, reply) -> {
            if (reply.status() >= 500) {
                fiveHundreds.add(what + " -> " + reply.status() + " " + reply.raw().body());
            }
        };
        WalletClient otp = login();
        String email = credentialOf("EMAIL_OTP");
        String onCurve = new WalletClient().publicKeyUncompressed();
        String offCurveX = "02" + "ff".repeat(32);
        String offCurve = "04" + "00".repeat(32) + "01" + "00".repeat(31);
        String deep = "[".repeat(5000) + "]".repeat(5000);

        // OTP bundles
        var sent = api.post("/auth/credentials/" + email + "/challenge", null);
        assertEquals(200, sent.status(), sent.raw().body());
        String target = sent.string("otpEncryptionTargetBundle");
        String pk = new WalletClient().publicKeyCompressed();
        List<String> bundles = List.of("not json", "[]", "{}", deep,
                "{\"encappedPublic\":\"04zz\",\"ciphertext\":\"00\"}",
                "{\"encappedPublic\":\"" + onCurve + "\",\"ciphertext\":\"\"}",
                "{\"encappedPublic\":\"" + onCurve + "\",\"ciphertext\":\"abc\"}",
                "{\"encappedPublic\":\"" + onCurve + "\",\"ciphertext\":\"00112233\"}",
                "{\"encappedPublic\":\"" + offCurveX + "\",\"ciphertext\":\"" + "00".repeat(40) + "\"}",
                "{\"encappedPublic\":\"" + offCurve + "\",\"ciphertext\":\"" + "00".repeat(40) + "\"}",
                "{\"encappedPublic\":123,\"ciphertext\":[]}",
                sealToTarget(target, "{\"otp_code\":\"000000\",\"public_key\":\"04zz\"}".getBytes(UTF_8), false),
                sealToTarget(target, ("{\"otp_code\":000000,\"public_key\":\"" + pk + "\"}").getBytes(UTF_8), false),
                sealToTarget(target, new byte[] {(byte) 0xff, (byte) 0xfe, 0}, false),
                sealToTarget(target, deep.getBytes(UTF_8), false),
                sealToTarget(target, ("{\"otp_code\":\"000000\",\"public_key\":\"" + offCurveX + "\"}")
                        .getBytes(UTF_8), false),
                sealToTarget(target, ("{\"otp_code\":\"000000\",\"public_key\":\"" + pk + "\"}").getBytes(UTF_8),
                        true));
        for (String b : bundles) {
            check.accept("otp bundle " + b.substring(0, Math.min(60, b.length())), api.post(
                    "/auth/credentials/" + email + "/verify", Map.of("type", "EMAIL_OTP", "encryptedOtpBundle", b)));
        }

        // Stamps and Request-Ids on a signed retry
        Map<String, Object> privacy = Map.of("privateEnabled", true);
        var pending = api.patch("/internal-accounts/" + wallet, privacy);
        assertEquals(202, pending.status(), pending.raw().body());
        java.util.function.Function<String, String> b64 = s -> B64URL.encodeToString(s.getBytes(UTF_8));
        String key = otp.publicKeyCompressed();
        List<String> stamps = List.of("!!!", "", " ", b64.apply("[]"), b64.apply("{}"), b64.apply(deep),
                b64.apply("{\"publicKey\":1,\"scheme\":2,\"signature\":3}"),
                b64.apply("{\"publicKey\":\"" + key + "\",\"scheme\":\"SIGNATURE_SCHEME_TK_API_P256\",\"signature\":\"30\"}"),
                b64.apply("{\"publicKey\":\"" + key + "\",\"scheme\":\"SIGNATURE_SCHEME_TK_API_P256\",\"signature\":\""
                        + "00".repeat(64) + "\"}"),
                b64.apply("{\"publicKey\":\"" + key + "\",\"scheme\":\"SIGNATURE_SCHEME_TK_API_P256\",\"signature\":\""
                        + "ff".repeat(64) + "\"}"),
                b64.apply("{\"publicKey\":\"" + key + "\",\"scheme\":\"SIGNATURE_SCHEME_TK_API_P256\",\"signature\":\""
                        + "3006020100020100" + "\"}"),
                b64.apply("{\"publicKey\":\"" + key + "\",\"scheme\":\"SIGNATURE_SCHEME_TK_API_P256\",\"signature\":\""
                        + "300602017f02017f" + "\"}"),
                b64.apply("{\"publicKey\":\"" + offCurveX + "\",\"scheme\":\"SIGNATURE_SCHEME_TK_API_P256\",\"signature\":\"30\"}"),
                b64.apply("{\"publicKey\":\"" + offCurve + "\",\"scheme\":\"P256_ECDSA_SHA256\",\"signature\":\"30\"}"),
                b64.apply("{\"publicKey\":\"" + key + "\",\"scheme\":\"OTHER\",\"signature\":\"30\"}"),
                b64.apply("{\"publicKey\":\"" + key + "\",\"scheme\":\"SIGNATURE_SCHEME_TK_API_P256\",\"signature\":\"zz\"}"));
        for (String stamp : stamps) {
            check.accept("stamp " + stamp.substring(0, Math.min(40, stamp.length())), api
                    .withHeader("Request-Id", pending.string("requestId"))
                    .withHeader("Service-Wallet-Signature", stamp).patch("/internal-accounts/" + wallet, privacy));
        }
        for (String requestId : List.of("garbage", "Request:", "Request:not-a-uuid",
                "Request:00000000-0000-0000-0000-000000000000", "Session:" + java.util.UUID.randomUUID())) {
            check.accept("request id " + requestId, api.withHeader("Request-Id", requestId)
                    .withHeader("Service-Wallet-Signature", otp.stamp(pending.string("payloadToSign")))
                    .patch("/internal-accounts/" + wallet, privacy));
        }

        // Passkeys
        ClientPlatform authenticator = authenticator();
        Passkey passkey = addPasskey(otp, authenticator);
        for (String clientKey : List.of(offCurveX, offCurve)) {
            check.accept("passkey challenge key " + clientKey, api.post("/auth/credentials/" + passkey.id()
                    + "/challenge", Map.of("clientPublicKey", clientKey)));
        }
        var challenge = passkeyChallenge(passkey, new WalletClient());
        Map<String, Object> good = assertion(authenticator, passkey, challenge.string("challenge"));
        List<Map<String, Object>> assertions = new java.util.ArrayList<>();
        for (String field : List.of("credentialId", "clientDataJson", "authenticatorData", "signature", "userHandle")) {
            for (String junk : List.of("***", "A", "AAAA", b64.apply(deep), b64.apply("{\"challenge\":1}"),
                    B64URL.encodeToString(new byte[37]))) {
                Map<String, Object> bad = new HashMap<>(good);
                bad.put(field, junk);
                assertions.add(bad);
            }
        }
        for (Map<String, Object> a : assertions) {
            check.accept("passkey assertion " + a, api.withHeader("Request-Id", challenge.string("requestId"))
                    .post("/auth/credentials/" + passkey.id() + "/verify", Map.of("type", "PASSKEY", "assertion", a)));
        }
        Map<String, Object> registration = registration(authenticator(), "Probe");
        for (String field : List.of("credentialId", "clientDataJson", "attestationObject")) {
            for (String junk : List.of("***", "A", "AAAA", b64.apply(deep), b64.apply("{\"challenge\":1}"),
                    B64URL.encodeToString(new byte[37]))) {
                @SuppressWarnings("unchecked")
                Map<String, Object> attestation = new HashMap<>((Map<String, Object>) registration.get("attestation"));
                attestation.put(field, junk);
                Map<String, Object> body = new HashMap<>(registration);
                body.put("attestation", attestation);
                var leg1 = api.post("/auth/credentials", body);
                check.accept("passkey registration leg 1 " + field + "=" + junk, leg1);
                if (leg1.status() == 202) {
                    check.accept("passkey registration leg 2 " + field + "=" + junk,
                            signedBy(otp, leg1).post("/auth/credentials", body));
                }
            }
        }

        // OIDC tokens
        String oauth = addOauth(otp, "google-sub-probe");
        List<String> tokens = new java.util.ArrayList<>(List.of("a.b.c", "...", "e30.e30.", "e30.e30.e30",
                b64.apply("{\"alg\":\"none\"}") + "." + b64.apply("[]") + ".",
                b64.apply("{\"alg\":\"none\"}") + "." + b64.apply(deep) + ".",
                b64.apply("{\"alg\":\"RS256\"}") + "." + b64.apply("{\"iss\":" + deep + "}") + ".c2ln",
                b64.apply(deep) + "." + b64.apply("{}") + ".c2ln",
                "a.b.c.d.e", b64.apply("{\"alg\":\"RSA-OAEP\",\"enc\":\"A256GCM\"}") + ".a.b.c.d"));
        for (Object iat : List.<Object>of("now", 1e300, -1e11, List.of(1), Map.of())) {
            Map<String, Object> claims = googleClaims("google-sub-probe");
            claims.put("iat", iat);
            tokens.add(token(claims));
        }
        for (Object aud : List.<Object>of(List.of(), List.of(1), 5, "", Map.of("a", 1))) {
            Map<String, Object> claims = googleClaims("google-sub-probe");
            claims.put("aud", aud);
            tokens.add(token(claims));
        }
        WalletClient client = new WalletClient();
        for (String t : tokens) {
            check.accept("oidc verify " + t.substring(0, Math.min(40, t.length())),
                    verifyOauth(oauth, t, client.publicKeyCompressed()));
            check.accept("oidc register " + t.substring(0, Math.min(40, t.length())), api.post("/auth/credentials",
                    Map.of("type", "OAUTH", "accountId", wallet, "oidcToken", t)));
        }
        Map<String, Object> nonceOffCurve = googleClaims("google-sub-probe");
        nonceOffCurve.put("nonce", WalletClient.sha256Hex(offCurveX));
        check.accept("oauth verify off-curve key", verifyOauth(oauth, token(nonceOffCurve), offCurveX));

        // Refresh and export with keys off the curve
        String session = (String) api.get("/auth/sessions?accountId=" + wallet).data().get(0).get("id");
        for (String k : List.of(offCurveX, offCurve)) {
            check.accept("refresh " + k, api.post("/auth/sessions/" + session + "/refresh",
                    Map.of("clientPublicKey", k)));
            check.accept("export " + k, api.post("/internal-accounts/" + wallet + "/export",
                    Map.of("clientPublicKey", k)));
        }
        assertEquals(List.of(), fiveHundreds);
    }

    // ---- helpers: EMAIL_OTP login and signed retries ----

    private WalletClient login() {
        return WalletLogin.otp(api, credentialOf("EMAIL_OTP"));
    }

    /** Adds an SMS_OTP credential (tied to the customer's phone number) by a retry {@code session} signs. */
    private ApiClient.Reply addSmsOtp(WalletClient session) {
        Map<String, Object> sms = Map.of("type", "SMS_OTP", "accountId", wallet);
        var added = signedBy(session, api.post("/auth/credentials", sms)).post("/auth/credentials", sms);
        assertEquals(201, added.status(), added.raw().body());
        return added;
    }

    private ApiClient signedBy(WalletClient signer, ApiClient.Reply challenge) {
        return WalletLogin.signedBy(api, signer, challenge);
    }

    /** {@code key} is an active session of the wallet: it signs a privacy change through. */
    private void assertSigns(WalletClient key) {
        Map<String, Object> privacy = Map.of("privateEnabled", true);
        var updated = signedBy(key, api.patch("/internal-accounts/" + wallet, privacy))
                .patch("/internal-accounts/" + wallet, privacy);
        assertEquals(200, updated.status(), updated.raw().body());
        assertEquals(true, updated.body().get("privateEnabled"));
    }

    private void assertCannotSign(WalletClient key) {
        Map<String, Object> privacy = Map.of("privateEnabled", false);
        var refused = signedBy(key, api.patch("/internal-accounts/" + wallet, privacy))
                .patch("/internal-accounts/" + wallet, privacy);
        assertEquals(401, refused.status(), refused.raw().body());
        assertEquals("WALLET_SIGNATURE_INVALID", refused.code());
    }

    private static void assertUnauthorized(ApiClient.Reply reply, String reasonPart) {
        assertEquals(401, reply.status(), reply.raw().body());
        assertEquals("UNAUTHORIZED", reply.code(), reply.raw().body());
        Object reason = reply.body().get("reason");
        assertTrue(reason instanceof String s && s.contains(reasonPart), reply.raw().body());
    }

    private String credentialOf(String type) {
        return (String) api.get("/auth/credentials?accountId=" + wallet).data().stream()
                .filter(c -> type.equals(c.get("type"))).findFirst().orElseThrow().get("id");
    }

    private String nicknameOf(String credential) {
        return (String) api.get("/auth/credentials?accountId=" + wallet).data().stream()
                .filter(c -> credential.equals(c.get("id"))).findFirst().orElseThrow().get("nickname");
    }

    private List<String> credentialTypes() {
        return api.get("/auth/credentials?accountId=" + wallet).data().stream()
                .map(c -> (String) c.get("type")).sorted().toList();
    }

    private List<String> sessionTypes() {
        return api.get("/auth/sessions?accountId=" + wallet).data().stream()
                .map(s -> (String) s.get("type")).sorted().toList();
    }

    private List<String> sessionIds() {
        return api.get("/auth/sessions?accountId=" + wallet).data().stream().map(s -> (String) s.get("id")).toList();
    }

    // ---- helpers: OAUTH ----

    /**
     * A Google-shaped ID token the sandbox accepts: valid claims, a dummy RS256 signature (the sandbox parses the
     * JWT and checks the claims, not the signature). {@code nonce} null leaves the claim out.
     */
    private static String idToken(String subject, Instant issuedAt, String nonce) {
        Map<String, Object> claims = googleClaims(subject);
        claims.put("iat", issuedAt.getEpochSecond());
        claims.put("exp", issuedAt.getEpochSecond() + 300);
        claims.put("email", "ada.google@example.com");
        if (nonce != null) {
            claims.put("nonce", nonce);
        }
        return token(claims);
    }

    /** The claims of a Google ID token issued now, without email or nonce, to change before {@link #token}. */
    private static Map<String, Object> googleClaims(String subject) {
        Map<String, Object> claims = new HashMap<>();
        claims.put("iss", GOOGLE);
        claims.put("aud", AUDIENCE);
        claims.put("sub", subject);
        claims.put("iat", Instant.now().getEpochSecond());
        claims.put("exp", Instant.now().getEpochSecond() + 300);
        return claims;
    }

    /** {@code claims} as a JWT with a dummy RS256 signature. */
    private static String token(Map<String, Object> claims) {
        try {
            return B64URL.encodeToString("{\"alg\":\"RS256\",\"typ\":\"JWT\",\"kid\":\"dummy\"}".getBytes(UTF_8))
                    + "." + B64URL.encodeToString(ApiClient.JSON.writeValueAsBytes(claims))
                    + "." + B64URL.encodeToString("not-a-real-signature".getBytes(UTF_8));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Adds an OAUTH credential for {@code subject}, signed by {@code session}; returns its id. */
    private String addOauth(WalletClient session, String subject) {
        Map<String, Object> add = Map.of("type", "OAUTH", "accountId", wallet,
                "oidcToken", idToken(subject, Instant.now(), null));
        var created = signedBy(session, api.post("/auth/credentials", add)).post("/auth/credentials", add);
        assertEquals(201, created.status(), created.raw().body());
        return created.string("id");
    }

    private ApiClient.Reply verifyOauth(String credential, String token, String clientKey) {
        return api.post("/auth/credentials/" + credential + "/verify", Map.of("type", "OAUTH", "oidcToken", token,
                "clientPublicKey", clientKey));
    }

    /** Verifies the OAUTH credential with a fresh token and returns the opened session key. */
    private WalletClient oauthSession(String credential, String subject) {
        WalletClient client = new WalletClient();
        String clientKey = client.publicKeyCompressed();
        var verified = verifyOauth(credential, idToken(subject, Instant.now(), WalletClient.sha256Hex(clientKey)),
                clientKey);
        assertEquals(200, verified.status(), verified.raw().body());
        return client.openSessionKey(verified.string("encryptedSessionSigningKey"));
    }

    // ---- helpers: PASSKEY ----

    /** A registered passkey: its AuthMethod id, WebAuthn credential id and the registration body that added it. */
    private record Passkey(String id, String credentialId, Map<String, Object> registration) {
    }

    /** A browser at {@code https://localhost} with a software authenticator (packed attestation). */
    private static ClientPlatform authenticator() {
        return new ClientPlatform(new Origin(ORIGIN), new WebAuthnAuthenticatorAdaptor(new PackedAuthenticator()));
    }

    /** The body that registers a new passkey of {@code authenticator}, not sent. */
    private Map<String, Object> registration(ClientPlatform authenticator, String nickname) {
        byte[] challenge = new byte[32];
        random.nextBytes(challenge);
        PublicKeyCredential<AuthenticatorAttestationResponse, ?> created = authenticator.create(
                new PublicKeyCredentialCreationOptions(
                        new PublicKeyCredentialRpEntity(RP_ID, "Payments"),
                        new PublicKeyCredentialUserEntity(new byte[] {1, 2, 3}, "ada@example.com", "Ada"),
                        new DefaultChallenge(challenge),
                        List.of(new PublicKeyCredentialParameters(PublicKeyCredentialType.PUBLIC_KEY,
                                COSEAlgorithmIdentifier.ES256)),
                        60_000L, List.of(),
                        new AuthenticatorSelectionCriteria(null, ResidentKeyRequirement.DISCOURAGED,
                                UserVerificationRequirement.DISCOURAGED),
                        AttestationConveyancePreference.DIRECT, null));
        return Map.of("type", "PASSKEY", "accountId", wallet,
                "nickname", nickname, "challenge", B64URL.encodeToString(challenge),
                "attestation", Map.of("credentialId", B64URL.encodeToString(created.getRawId()),
                        "clientDataJson", B64URL.encodeToString(created.getResponse().getClientDataJSON()),
                        "attestationObject", B64URL.encodeToString(created.getResponse().getAttestationObject()),
                        "transports", List.of("internal")));
    }

    /**
     * Registers a passkey with a registration challenge chosen here, as the platform's backend would; the wallet
     * already has a credential, so it is a signed retry by {@code session}.
     */
    private Passkey addPasskey(WalletClient session, ClientPlatform authenticator) {
        Map<String, Object> registration = registration(authenticator, "Ada's laptop");
        String credentialId = (String) ((Map<?, ?>) registration.get("attestation")).get("credentialId");
        var first = api.post("/auth/credentials", registration);
        assertEquals(202, first.status(), first.raw().body());
        assertEquals("PASSKEY", first.string("type"));
        var added = signedBy(session, first).post("/auth/credentials", registration);
        assertEquals(201, added.status(), added.raw().body());
        assertEquals("PASSKEY", added.string("type"));
        assertEquals(credentialId, added.string("credentialId"));
        assertEquals("Ada's laptop", added.string("nickname"));
        return new Passkey(added.string("id"), credentialId, registration);
    }

    private ApiClient.Reply passkeyChallenge(Passkey passkey, WalletClient client) {
        var challenge = api.post("/auth/credentials/" + passkey.id() + "/challenge",
                Map.of("clientPublicKey", client.publicKeyCompressed()));
        assertEquals(200, challenge.status(), challenge.raw().body());
        return challenge;
    }

    /** The authenticator's assertion over the service's hex challenge: WebAuthn challenge = UTF-8 of the hex. */
    private static Map<String, Object> assertion(ClientPlatform authenticator, Passkey passkey, String hex) {
        PublicKeyCredential<AuthenticatorAssertionResponse, ?> got = authenticator.get(
                new PublicKeyCredentialRequestOptions(new DefaultChallenge(hex.getBytes(UTF_8)), 60_000L, RP_ID,
                        List.of(new PublicKeyCredentialDescriptor(PublicKeyCredentialType.PUBLIC_KEY,
                                Base64.getUrlDecoder().decode(passkey.credentialId()), null)),
                        UserVerificationRequirement.DISCOURAGED, null));
        AuthenticatorAssertionResponse r = got.getResponse();
        Map<String, Object> assertion = new HashMap<>();
        assertion.put("credentialId", B64URL.encodeToString(got.getRawId()));
        assertion.put("clientDataJson", B64URL.encodeToString(r.getClientDataJSON()));
        assertion.put("authenticatorData", B64URL.encodeToString(r.getAuthenticatorData()));
        assertion.put("signature", B64URL.encodeToString(r.getSignature()));
        if (r.getUserHandle() != null) {
            assertion.put("userHandle", B64URL.encodeToString(r.getUserHandle()));
        }
        return assertion;
    }
}
