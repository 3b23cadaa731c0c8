package payments.adapter.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetAddress;
import java.net.URL;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;
import payments.ports.driven.wallet.OidcTokens.Claims;
import payments.ports.driven.wallet.OidcTokens.Malformed;
import payments.ports.driven.wallet.OidcTokens.Rejected;

/**
 * OIDC ID tokens against mock-oauth2-server, a real provider on loopback (RS256, JWKS endpoint). Its tokens carry
 * iat = now, so staleness is tested with an injected later "now" rather than by waiting.
 */
class NimbusOidcTokensTest {
    private static final String AUD = "payments-web-client";
    private static final String SUB = "110169484474386276334";
    private static final String NONCE = "1663bba492a323085b13895634a3618792c4ec6896f3c34ef3c26396df22ef82";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static MockOAuth2Server server;
    private static String issuer;
    private static NimbusOidcTokens tokens;

    @BeforeAll
    static void startProvider() throws Exception {
        server = new MockOAuth2Server();
        server.start(InetAddress.getLoopbackAddress(), 0);
        issuer = server.issuerUrl("google").toString();
        tokens = new NimbusOidcTokens(Map.of(
                issuer, server.jwksUrl("google").url(),
                // A configured issuer whose JWKS URL serves another provider's keys.
                server.issuerUrl("misconfigured").toString(), server.jwksUrl("apple").url()));
    }

    @AfterAll
    static void stopProvider() {
        server.shutdown();
    }

    private static String issue(String issuerId, List<String> audience, long ttlSeconds) {
        return server.issueToken(issuerId, "client", new DefaultOAuth2TokenCallback(issuerId, SUB, "JWT", audience,
                Map.of("nonce", NONCE, "email", "ada@example.com"), ttlSeconds)).serialize();
    }

    private static String issue() {
        return issue("google", List.of(AUD), 3600);
    }

    /** An unsigned-in-effect token: a JWT whose signature segment is a dummy, as sandbox clients may send. */
    private static String dummySigned(Map<String, Object> claims) throws Exception {
        return b64("{\"alg\":\"RS256\",\"typ\":\"JWT\",\"kid\":\"none\"}") + "." + b64(JSON.writeValueAsString(claims))
                + ".ZHVtbXktc2lnbmF0dXJl";
    }

    private static String b64(String s) {
        return Bytes.base64url(s.getBytes(UTF_8));
    }

    private static Map<String, Object> claims(Instant now) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("iss", "https://accounts.google.com");
        c.put("aud", AUD);
        c.put("sub", SUB);
        c.put("iat", now.getEpochSecond());
        c.put("exp", now.getEpochSecond() + 3600);
        c.put("nonce", NONCE);
        return c;
    }

    private static Map<String, Object> with(Map<String, Object> claims, String name, Object value) {
        Map<String, Object> c = new LinkedHashMap<>(claims);
        if (value == null) {
            c.remove(name);
        } else {
            c.put(name, value);
        }
        return c;
    }

    private static String rejected(Environment env, String token, Instant now) {
        return assertThrows(Rejected.class, () -> tokens.verify(env, token, now)).getMessage();
    }

    @Test
    void production_verifies_a_real_rs256_token_against_the_providers_key_set() throws Exception {
        Claims claims = tokens.verify(Environment.PRODUCTION, issue(), Instant.now());

        assertEquals(issuer, claims.issuer());
        assertEquals(List.of(AUD), claims.audience());
        assertEquals(SUB, claims.subject());
        assertEquals(NONCE, claims.nonce());
        assertEquals("ada@example.com", claims.email());
        assertEquals(3600, claims.expiresAt().getEpochSecond() - claims.issuedAt().getEpochSecond());
    }

    @Test
    void production_rejects_a_token_whose_claims_were_changed_after_signing() throws Exception {
        String[] parts = issue().split("\\.");
        String payload = new String(Bytes.fromBase64Lenient(parts[1]), UTF_8).replace(SUB, "attacker");
        String tampered = parts[0] + "." + b64(payload) + "." + parts[2];

        assertEquals("signature invalid", rejected(Environment.PRODUCTION, tampered, Instant.now()));
    }

    @Test
    void production_rejects_a_token_whose_key_is_not_in_the_issuers_key_set() {
        String token = issue("misconfigured", List.of(AUD), 3600);

        assertEquals("signature key not found", rejected(Environment.PRODUCTION, token, Instant.now()));
    }

    @Test
    void production_rejects_a_token_with_a_dummy_signature_that_the_sandbox_accepts() throws Exception {
        Instant now = Instant.now();
        String token = dummySigned(with(claims(now), "iss", issuer));

        assertEquals("signature key not found", rejected(Environment.PRODUCTION, token, now));
        assertEquals(SUB, tokens.verify(Environment.SANDBOX, token, now).subject());
    }

    @Test
    void production_rejects_an_unsigned_alg_none_token() throws Exception {
        Instant now = Instant.now();
        String token = b64("{\"alg\":\"none\"}") + "." + b64(JSON.writeValueAsString(claims(now))) + ".";

        assertEquals("signature missing", rejected(Environment.PRODUCTION, token, now));
        assertEquals(SUB, tokens.verify(Environment.SANDBOX, token, now).subject());
    }

    @Test
    void the_sandbox_rejects_a_claim_it_would_keep_that_holds_a_nul_since_it_checks_no_signature() throws Exception {
        Instant now = Instant.now();

        assertEquals("a claim must not contain the character U+0000",
                rejected(Environment.SANDBOX, dummySigned(with(claims(now), "sub", "ada\u0000")), now));
        assertEquals("a claim must not contain the character U+0000",
                rejected(Environment.SANDBOX, dummySigned(with(claims(now), "email", "a\u0000@example.com")), now));
        assertEquals("a claim must not contain the character U+0000",
                rejected(Environment.SANDBOX, dummySigned(with(claims(now), "aud", "app\u0000")), now));
        // Escaped in the JSON: raw, the test's own UTF-8 encoding would turn it into "?".
        String loneSurrogate = JSON.writeValueAsString(with(claims(now), "aud", List.of("app-MARK")))
                .replace("MARK", "\\ud800");
        assertEquals("a claim must not contain an unpaired surrogate (it is not Unicode text)",
                rejected(Environment.SANDBOX, b64("{\"alg\":\"RS256\",\"kid\":\"none\"}") + "." + b64(loneSurrogate)
                        + ".ZHVtbXktc2lnbmF0dXJl", now));
    }

    @Test
    void an_audience_of_two_entries_is_rejected() {
        String token = issue("google", List.of(AUD, "another-client"), 3600);

        assertEquals("aud must be a non-empty string or a one-element string array",
                rejected(Environment.PRODUCTION, token, Instant.now()));
    }

    @Test
    void a_token_issued_more_than_60_seconds_ago_is_rejected() {
        String token = issue();
        Instant later = Instant.now().plusSeconds(90);

        assertEquals("iat older than 60 s", rejected(Environment.PRODUCTION, token, later));
    }

    @Test
    void an_expired_token_is_rejected() {
        String token = issue("google", List.of(AUD), 20);
        Instant later = Instant.now().plusSeconds(40);   // iat is 40 s old: fresh enough, but exp has passed

        assertEquals("token expired", rejected(Environment.PRODUCTION, token, later));
    }

    @Test
    void a_token_from_an_unsupported_issuer_is_rejected() {
        String token = issue("evil", List.of(AUD), 3600);

        assertEquals("issuer not supported", rejected(Environment.PRODUCTION, token, Instant.now()));
    }

    @Test
    void the_sandbox_accepts_valid_claims_under_a_dummy_signature_for_every_supported_issuer() throws Exception {
        Instant now = Instant.now();
        for (String iss : List.of("https://accounts.google.com", "accounts.google.com", "https://appleid.apple.com")) {
            Claims claims = tokens.verify(Environment.SANDBOX, dummySigned(with(claims(now), "iss", iss)), now);
            assertEquals(iss, claims.issuer());
            assertEquals(NONCE, claims.nonce());
            assertNull(claims.email());
        }
        Claims array = tokens.verify(Environment.SANDBOX, dummySigned(with(claims(now), "aud", List.of(AUD))), now);
        assertEquals(List.of(AUD), array.audience());
    }

    @Test
    void the_sandbox_allows_five_seconds_of_skew_on_iat_and_production_does_not() throws Exception {
        String real = issue();
        Instant now = Instant.now().plusSeconds(62);   // iat (whole seconds) is 62-63 s old

        assertEquals(SUB, tokens.verify(Environment.SANDBOX, real, now).subject());
        assertEquals("iat older than 60 s", rejected(Environment.PRODUCTION, real, now));
        assertEquals("iat older than 60 s",
                rejected(Environment.SANDBOX, dummySigned(with(claims(now), "iat", now.getEpochSecond() - 66)), now));
    }

    @Test
    void an_iat_beyond_the_skew_in_the_future_is_rejected() throws Exception {
        Instant now = Instant.now();
        tokens.verify(Environment.SANDBOX, dummySigned(with(claims(now), "iat", now.getEpochSecond() + 4)), now);

        assertEquals("iat in the future",
                rejected(Environment.SANDBOX, dummySigned(with(claims(now), "iat", now.getEpochSecond() + 10)), now));
    }

    @Test
    void the_legacy_sandbox_literal_and_other_non_jwts_are_malformed_not_rejected() {
        for (String token : new String[] {"sandbox-valid-oidc-token", "", "a.b", "!!.??.##",
            b64("{\"alg\":\"RS256\"}") + "." + b64("[1,2]") + ".sig"}) {
            assertThrows(Malformed.class, () -> tokens.verify(Environment.SANDBOX, token, Instant.now()), token);
        }
        assertThrows(Malformed.class, () -> tokens.verify(Environment.SANDBOX, null, Instant.now()));
    }

    @Test
    void each_failed_claim_check_has_its_own_reason() throws Exception {
        Instant now = Instant.now();
        Map<String, Object> ok = claims(now);
        List<Map<String, Object>> failures = List.of(
                with(ok, "iss", "https://login.example"),
                with(ok, "iss", null),
                with(ok, "aud", ""),
                with(ok, "sub", ""),
                with(ok, "iat", "yesterday"),
                with(ok, "iat", now.getEpochSecond() - 120),
                with(ok, "iat", now.getEpochSecond() + 120),
                with(ok, "exp", null),
                with(ok, "exp", now.getEpochSecond()),
                with(ok, "nonce", 42));
        Set<String> reasons = new HashSet<>();
        for (Map<String, Object> claims : failures) {
            reasons.add(rejected(Environment.SANDBOX, dummySigned(claims), now));
        }
        assertEquals(failures.size(), reasons.size(), reasons.toString());
    }

    @Test
    void the_default_issuers_are_google_and_apple() {
        Set<String> expected = Set.of("https://accounts.google.com", "accounts.google.com", "https://appleid.apple.com");
        assertEquals(expected, NimbusOidcTokens.DEFAULT_ISSUERS.keySet());
        URL google = NimbusOidcTokens.DEFAULT_ISSUERS.get("https://accounts.google.com");
        assertEquals("https", google.getProtocol());
    }
}
