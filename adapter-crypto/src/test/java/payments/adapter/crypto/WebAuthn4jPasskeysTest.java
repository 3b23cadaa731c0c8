package payments.adapter.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import payments.ports.driven.wallet.Passkeys.Registered;
import payments.ports.driven.wallet.Passkeys.Rejected;

/** Real WebAuthn ceremonies against webauthn4j-test's software authenticator (packed attestation). */
class WebAuthn4jPasskeysTest {
    private static final String RP_ID = "localhost";
    private static final String ORIGIN = "http://localhost:8443";

    private final WebAuthn4jPasskeys passkeys = new WebAuthn4jPasskeys(RP_ID, Set.of(ORIGIN, "https://app.example"));
    private final ClientPlatform browser =
            new ClientPlatform(new Origin(ORIGIN), new WebAuthnAuthenticatorAdaptor(new PackedAuthenticator()));
    private final SecureRandom random = new SecureRandom();

    /** What the client sends for an assertion. */
    private record Assertion(String credentialId, String clientDataJson, String authenticatorData, String signature,
                             String userHandle) {
    }

    private Registered register() throws Rejected {
        byte[] challenge = new byte[32];
        random.nextBytes(challenge);
        PublicKeyCredential<AuthenticatorAttestationResponse, ?> created = browser.create(creationOptions(challenge));
        return passkeys.register(Bytes.base64url(challenge), Bytes.base64url(created.getRawId()),
                Bytes.base64url(created.getResponse().getClientDataJSON()),
                Bytes.base64url(created.getResponse().getAttestationObject()));
    }

    private PublicKeyCredentialCreationOptions creationOptions(byte[] challenge) {
        return new PublicKeyCredentialCreationOptions(
                new PublicKeyCredentialRpEntity(RP_ID, "Payments"),
                new PublicKeyCredentialUserEntity(new byte[] {1, 2, 3}, "ada@example.com", "Ada"),
                new DefaultChallenge(challenge),
                List.of(new PublicKeyCredentialParameters(PublicKeyCredentialType.PUBLIC_KEY,
                        COSEAlgorithmIdentifier.ES256)),
                60_000L, List.of(),
                new AuthenticatorSelectionCriteria(null, ResidentKeyRequirement.DISCOURAGED,
                        UserVerificationRequirement.DISCOURAGED),
                AttestationConveyancePreference.DIRECT, null);
    }

    /** The browser signs the service's hex challenge: WebAuthn challenge = UTF-8 of the hex string. */
    private Assertion sign(Registered stored, String challengeHex) {
        PublicKeyCredentialRequestOptions options = new PublicKeyCredentialRequestOptions(
                new DefaultChallenge(challengeHex.getBytes(UTF_8)), 60_000L, RP_ID,
                List.of(new PublicKeyCredentialDescriptor(PublicKeyCredentialType.PUBLIC_KEY,
                        Bytes.fromBase64Lenient(stored.credentialId()), null)),
                UserVerificationRequirement.DISCOURAGED, null);
        PublicKeyCredential<AuthenticatorAssertionResponse, ?> got = browser.get(options);
        AuthenticatorAssertionResponse r = got.getResponse();
        return new Assertion(Bytes.base64url(got.getRawId()), Bytes.base64url(r.getClientDataJSON()),
                Bytes.base64url(r.getAuthenticatorData()), Bytes.base64url(r.getSignature()),
                r.getUserHandle() == null ? null : Bytes.base64url(r.getUserHandle()));
    }

    private long verify(Registered stored, String challengeHex, Assertion a) throws Rejected {
        return passkeys.assert_(stored, challengeHex, a.credentialId(), a.clientDataJson(), a.authenticatorData(),
                a.signature(), a.userHandle());
    }

    private String newChallengeHex() {
        byte[] b = new byte[32];
        random.nextBytes(b);
        return JdkClient.HEX.formatHex(b);
    }

    private static Registered withCount(Registered r, long count) {
        return new Registered(r.credentialId(), r.attestedCredentialData(), count);
    }

    @Test
    void registration_returns_the_credential_id_attested_data_and_counter() throws Exception {
        Registered registered = register();

        assertTrue(registered.credentialId().matches("[A-Za-z0-9_-]+"), "unpadded base64url");
        assertTrue(registered.attestedCredentialData().length > 16 + 2 + 16, "aaguid | length | id | COSE key");
        assertEquals(1, registered.signCount(), "the software authenticator counts its registration as 1");
    }

    @Test
    void two_assertions_verify_and_the_counter_increases() throws Exception {
        Registered registered = register();
        String c1 = newChallengeHex();
        long first = verify(registered, c1, sign(registered, c1));
        Registered stored = withCount(registered, first);
        String c2 = newChallengeHex();
        long second = verify(stored, c2, sign(stored, c2));

        assertTrue(first > registered.signCount());
        assertTrue(second > first);
    }

    @Test
    void the_client_data_carries_the_hex_challenge_as_base64url_of_its_utf8() throws Exception {
        Registered stored = register();
        String challenge = "6b35a4" + newChallengeHex().substring(6);

        Assertion a = sign(stored, challenge);

        String clientData = new String(Bytes.fromBase64Lenient(a.clientDataJson()), UTF_8);
        assertTrue(clientData.contains("\"challenge\":\"NmIzNWE0"), clientData);
    }

    @Test
    void a_replayed_older_assertion_is_rejected_by_the_counter() throws Exception {
        Registered stored = register();
        String c1 = newChallengeHex();
        Assertion old = sign(stored, c1);
        long first = verify(stored, c1, old);
        String c2 = newChallengeHex();
        long second = verify(withCount(stored, first), c2, sign(stored, c2));

        Rejected rejected = assertThrows(Rejected.class, () -> verify(withCount(stored, second), c1, old));
        assertTrue(rejected.getMessage().contains("counter"), rejected.getMessage());
    }

    @Test
    void an_assertion_from_another_origin_is_rejected() throws Exception {
        Registered stored = register();
        String c = newChallengeHex();
        browser.setOrigin(new Origin("http://localhost:9999"));

        Assertion a = sign(stored, c);

        Rejected rejected = assertThrows(Rejected.class, () -> verify(stored, c, a));
        assertTrue(rejected.getMessage().contains("origin"), rejected.getMessage());
    }

    @Test
    void an_assertion_over_another_challenge_is_rejected() throws Exception {
        Registered stored = register();
        Assertion a = sign(stored, newChallengeHex());

        Rejected rejected = assertThrows(Rejected.class, () -> verify(stored, newChallengeHex(), a));
        assertTrue(rejected.getMessage().contains("challenge"), rejected.getMessage());
    }

    @Test
    void an_assertion_with_a_tampered_signature_is_rejected() throws Exception {
        Registered stored = register();
        String c = newChallengeHex();
        Assertion a = sign(stored, c);
        byte[] sig = Bytes.fromBase64Lenient(a.signature());
        sig[sig.length - 1] ^= 1;
        Assertion tampered = new Assertion(a.credentialId(), a.clientDataJson(), a.authenticatorData(),
                Bytes.base64url(sig), a.userHandle());

        Rejected rejected = assertThrows(Rejected.class, () -> verify(stored, c, tampered));
        assertTrue(rejected.getMessage().contains("signature"), rejected.getMessage());
    }

    @Test
    void an_assertion_without_the_user_presence_flag_is_rejected() throws Exception {
        Registered stored = register();
        String c = newChallengeHex();
        Assertion a = sign(stored, c);
        byte[] authData = Bytes.fromBase64Lenient(a.authenticatorData());
        authData[32] &= ~0x01;   // flags byte after the 32-byte rpIdHash; bit 0 is UP
        Assertion absent = new Assertion(a.credentialId(), a.clientDataJson(), Bytes.base64url(authData),
                a.signature(), a.userHandle());

        Rejected rejected = assertThrows(Rejected.class, () -> verify(stored, c, absent));
        assertTrue(rejected.getMessage().contains("user presence"), rejected.getMessage());
    }

    @Test
    void an_assertion_for_another_credential_is_rejected() throws Exception {
        Registered stored = register();
        Registered other = register();
        String c = newChallengeHex();
        Assertion a = sign(other, c);

        Rejected rejected = assertThrows(Rejected.class, () -> verify(stored, c, a));
        assertTrue(rejected.getMessage().contains("credential id"), rejected.getMessage());
    }

    @Test
    void an_assertion_for_another_relying_party_is_rejected() throws Exception {
        Registered stored = register();
        String c = newChallengeHex();
        Assertion a = sign(stored, c);
        WebAuthn4jPasskeys otherRp = new WebAuthn4jPasskeys("example.com", Set.of(ORIGIN));

        Rejected rejected = assertThrows(Rejected.class, () -> otherRp.assert_(stored, c, a.credentialId(),
                a.clientDataJson(), a.authenticatorData(), a.signature(), a.userHandle()));
        assertTrue(rejected.getMessage().contains("rpId"), rejected.getMessage());
    }

    @Test
    void a_registration_whose_client_data_carries_another_challenge_is_rejected() throws Exception {
        byte[] signed = new byte[32];
        random.nextBytes(signed);
        PublicKeyCredential<AuthenticatorAttestationResponse, ?> created = browser.create(creationOptions(signed));
        byte[] issued = signed.clone();
        issued[0] ^= 1;

        Rejected rejected = assertThrows(Rejected.class, () -> passkeys.register(Bytes.base64url(issued),
                Bytes.base64url(created.getRawId()), Bytes.base64url(created.getResponse().getClientDataJSON()),
                Bytes.base64url(created.getResponse().getAttestationObject())));
        assertTrue(rejected.getMessage().contains("challenge"), rejected.getMessage());
    }

    @Test
    void a_registration_from_another_origin_is_rejected() throws Exception {
        byte[] challenge = new byte[32];
        random.nextBytes(challenge);
        browser.setOrigin(new Origin("https://evil.example"));
        PublicKeyCredential<AuthenticatorAttestationResponse, ?> created = browser.create(creationOptions(challenge));

        Rejected rejected = assertThrows(Rejected.class, () -> passkeys.register(Bytes.base64url(challenge),
                Bytes.base64url(created.getRawId()), Bytes.base64url(created.getResponse().getClientDataJSON()),
                Bytes.base64url(created.getResponse().getAttestationObject())));
        assertTrue(rejected.getMessage().contains("origin"), rejected.getMessage());
    }

    @Test
    void garbage_attestation_or_client_data_is_rejected_not_thrown() throws Exception {
        byte[] challenge = new byte[32];
        random.nextBytes(challenge);
        PublicKeyCredential<AuthenticatorAttestationResponse, ?> created = browser.create(creationOptions(challenge));
        String id = Bytes.base64url(created.getRawId());
        String clientData = Bytes.base64url(created.getResponse().getClientDataJSON());

        Rejected cbor = assertThrows(Rejected.class,
                () -> passkeys.register(Bytes.base64url(challenge), id, clientData, "AAAAAAAA"));
        assertTrue(cbor.getMessage().contains("malformed"), cbor.getMessage());
        Rejected json = assertThrows(Rejected.class, () -> passkeys.register(Bytes.base64url(challenge), id,
                Bytes.base64url("not json".getBytes(UTF_8)), "AAAA"));
        assertTrue(json.getMessage().contains("malformed"), json.getMessage());
        assertThrows(Rejected.class, () -> passkeys.register(Bytes.base64url(challenge), id, "***", "AAAA"));
    }

    @Test
    void a_padded_registration_challenge_matches_the_unpadded_client_data() throws Exception {
        byte[] challenge = new byte[31];   // 31 bytes: base64 needs one '='
        random.nextBytes(challenge);
        PublicKeyCredential<AuthenticatorAttestationResponse, ?> created = browser.create(creationOptions(challenge));
        String padded = java.util.Base64.getUrlEncoder().encodeToString(challenge);
        assertTrue(padded.endsWith("="));

        Registered registered = passkeys.register(padded, Bytes.base64url(created.getRawId()),
                Bytes.base64url(created.getResponse().getClientDataJSON()),
                Bytes.base64url(created.getResponse().getAttestationObject()));
        assertEquals(Bytes.base64url(created.getRawId()), registered.credentialId());
    }
}
