package payments.adapter.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.webauthn4j.WebAuthnManager;
import com.webauthn4j.converter.AttestedCredentialDataConverter;
import com.webauthn4j.converter.exception.DataConversionException;
import com.webauthn4j.converter.util.ObjectConverter;
import com.webauthn4j.credential.CredentialRecordImpl;
import com.webauthn4j.data.AuthenticationData;
import com.webauthn4j.data.AuthenticationParameters;
import com.webauthn4j.data.AuthenticationRequest;
import com.webauthn4j.data.PublicKeyCredentialParameters;
import com.webauthn4j.data.PublicKeyCredentialType;
import com.webauthn4j.data.RegistrationData;
import com.webauthn4j.data.RegistrationParameters;
import com.webauthn4j.data.RegistrationRequest;
import com.webauthn4j.data.attestation.authenticator.AttestedCredentialData;
import com.webauthn4j.data.attestation.authenticator.AuthenticatorData;
import com.webauthn4j.data.attestation.statement.COSEAlgorithmIdentifier;
import com.webauthn4j.data.client.Origin;
import com.webauthn4j.data.client.challenge.DefaultChallenge;
import com.webauthn4j.server.ServerProperty;
import com.webauthn4j.util.exception.WebAuthnException;
import com.webauthn4j.verifier.exception.BadAlgorithmException;
import com.webauthn4j.verifier.exception.BadChallengeException;
import com.webauthn4j.verifier.exception.BadOriginException;
import com.webauthn4j.verifier.exception.BadRpIdException;
import com.webauthn4j.verifier.exception.BadSignatureException;
import com.webauthn4j.verifier.exception.BadTopOriginException;
import com.webauthn4j.verifier.exception.CrossOriginException;
import com.webauthn4j.verifier.exception.InconsistentClientDataTypeException;
import com.webauthn4j.verifier.exception.MaliciousCounterValueException;
import com.webauthn4j.verifier.exception.MissingChallengeException;
import com.webauthn4j.verifier.exception.NotAllowedAlgorithmException;
import com.webauthn4j.verifier.exception.NotAllowedCredentialIdException;
import com.webauthn4j.verifier.exception.UserNotPresentException;
import com.webauthn4j.verifier.exception.UserNotVerifiedException;
import java.security.MessageDigest;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import payments.ports.driven.wallet.Passkeys;

/**
 * WebAuthn ceremonies with webauthn4j's non-strict manager (design section 8): no attestation trust path, since
 * authenticators commonly send {@code packed} attestation with a batch certificate we have no anchors for.
 * User presence is required, user verification is not.
 */
public final class WebAuthn4jPasskeys implements Passkeys {
    /** ES256 (most authenticators) and RS256 (Windows Hello). */
    private static final List<PublicKeyCredentialParameters> ALGORITHMS = List.of(
            new PublicKeyCredentialParameters(PublicKeyCredentialType.PUBLIC_KEY, COSEAlgorithmIdentifier.ES256),
            new PublicKeyCredentialParameters(PublicKeyCredentialType.PUBLIC_KEY, COSEAlgorithmIdentifier.RS256));

    private final String rpId;
    private final Set<Origin> origins;
    private final WebAuthnManager manager;
    private final AttestedCredentialDataConverter credentialData;

    public WebAuthn4jPasskeys(String rpId, Set<String> allowedOrigins) {
        if (rpId == null || rpId.isEmpty() || allowedOrigins == null || allowedOrigins.isEmpty()) {
            throw new IllegalArgumentException("rpId and at least one allowed origin are required");
        }
        this.rpId = rpId;
        this.origins = allowedOrigins.stream().map(Origin::new).collect(Collectors.toUnmodifiableSet());
        ObjectConverter converter = new ObjectConverter();
        this.manager = WebAuthnManager.createNonStrictWebAuthnManager(converter);
        this.credentialData = new AttestedCredentialDataConverter(converter);
    }

    @Override
    public Registered register(String challenge, String credentialId, String clientDataJson, String attestationObject)
            throws Rejected {
        byte[] clientData = decode(clientDataJson, "clientDataJSON");
        byte[] attestation = decode(attestationObject, "attestationObject");
        byte[] credId = decode(credentialId, "credentialId");
        byte[] challengeBytes = decode(challenge, "challenge");
        // The platform backend issues the challenge; compare it as base64url text, then let webauthn4j check bytes.
        if (!unpadded(challenge).equals(unpadded(clientDataChallenge(clientData)))) {
            throw new Rejected("challenge mismatch");
        }
        RegistrationData data = verify(() -> manager.verify(new RegistrationRequest(attestation, clientData),
                new RegistrationParameters(server(challengeBytes), ALGORITHMS, false, true)));
        AuthenticatorData<?> authData = data.getAttestationObject().getAuthenticatorData();
        AttestedCredentialData attested = authData.getAttestedCredentialData();
        if (attested == null || !MessageDigest.isEqual(attested.getCredentialId(), credId)) {
            throw new Rejected("credential id mismatch");
        }
        return new Registered(Bytes.base64url(credId), credentialData.convert(attested), authData.getSignCount());
    }

    @Override
    public long assert_(Registered stored, String challengeHex, String credentialId, String clientDataJson,
                        String authenticatorData, String signature, String userHandle) throws Rejected {
        byte[] credId = decode(credentialId, "credentialId");
        if (!MessageDigest.isEqual(credId, decode(stored.credentialId(), "stored credentialId"))) {
            throw new Rejected("credential id mismatch");
        }
        byte[] clientData = decode(clientDataJson, "clientDataJSON");
        byte[] authData = decode(authenticatorData, "authenticatorData");
        byte[] sig = decode(signature, "signature");
        byte[] handle = userHandle == null || userHandle.isEmpty() ? null : decode(userHandle, "userHandle");
        if (challengeHex == null || challengeHex.isEmpty()) {
            throw new Rejected("challenge mismatch");
        }
        AuthenticationData data = verify(() -> {
            CredentialRecordImpl record = new CredentialRecordImpl(null, null, null, null, stored.signCount(),
                    credentialData.convert(stored.attestedCredentialData()), null, null, null, null);
            // The WebAuthn challenge is the UTF-8 of the hex string we issued, not its decoded bytes.
            return manager.verify(new AuthenticationRequest(credId, handle, authData, clientData, sig),
                    new AuthenticationParameters(server(challengeHex.getBytes(UTF_8)), record, List.of(credId),
                            false, true));
        });
        return data.getAuthenticatorData().getSignCount();
    }

    private ServerProperty server(byte[] challenge) {
        return ServerProperty.builder().origins(origins).rpId(rpId).challenge(new DefaultChallenge(challenge)).build();
    }

    private interface Ceremony<T> {
        T run();
    }

    private static <T> T verify(Ceremony<T> ceremony) throws Rejected {
        try {
            return ceremony.run();
        } catch (WebAuthnException e) {
            throw new Rejected(reason(e));
        } catch (RuntimeException e) {
            // Client bytes webauthn4j could not even model (bad CBOR, truncated data): the client's fault, not a 500.
            throw new Rejected("malformed passkey data");
        }
    }

    /** The failed check, named for the API's {@code details.reason}. */
    static String reason(WebAuthnException e) {
        if (e instanceof BadChallengeException || e instanceof MissingChallengeException) {
            return "challenge mismatch";
        } else if (e instanceof BadOriginException || e instanceof CrossOriginException
                || e instanceof BadTopOriginException) {
            return "origin not allowed";
        } else if (e instanceof BadRpIdException) {
            return "rpId mismatch";
        } else if (e instanceof UserNotPresentException) {
            return "user presence flag not set";
        } else if (e instanceof UserNotVerifiedException) {
            return "user verification flag not set";
        } else if (e instanceof BadSignatureException) {
            return "signature invalid";
        } else if (e instanceof MaliciousCounterValueException) {
            return "signature counter did not increase";
        } else if (e instanceof NotAllowedCredentialIdException) {
            return "credential id mismatch";
        } else if (e instanceof InconsistentClientDataTypeException) {
            return "client data type mismatch";
        } else if (e instanceof BadAlgorithmException || e instanceof NotAllowedAlgorithmException) {
            return "algorithm not allowed";
        } else if (e instanceof DataConversionException) {
            return "malformed passkey data";
        }
        return "passkey verification failed: " + e.getClass().getSimpleName();
    }

    private static String clientDataChallenge(byte[] clientData) throws Rejected {
        try {
            return Json.text(Json.object(clientData), "challenge");
        } catch (IllegalArgumentException e) {
            throw new Rejected("malformed clientDataJSON");
        }
    }

    private static byte[] decode(String base64url, String field) throws Rejected {
        try {
            return Bytes.fromBase64Lenient(base64url);
        } catch (IllegalArgumentException e) {
            throw new Rejected("malformed " + field);
        }
    }

    private static String unpadded(String base64url) {
        return base64url.replace("=", "");
    }
}
