package payments.ports.driven.wallet;

/**
 * WebAuthn ceremonies (registration and assertion), checked against the configured relying party and origins.
 * All byte fields arrive base64url as the API carries them.
 */
public interface Passkeys {
    /**
     * Verifies a registration. {@code challenge} is the platform backend's base64url registration challenge.
     * Returns what must be stored to verify later assertions.
     */
    Registered register(String challenge, String credentialId, String clientDataJson, String attestationObject)
            throws Rejected;

    /**
     * Verifies an assertion for a stored credential; {@code challengeHex} is the lowercase hex challenge the service
     * issued (its UTF-8 bytes are the WebAuthn challenge). Returns the authenticator's new signature counter.
     */
    long assert_(Registered stored, String challengeHex, String credentialId, String clientDataJson,
                 String authenticatorData, String signature, String userHandle) throws Rejected;

    /** A registered passkey: credential id (base64url), attested credential data, last signature counter. */
    record Registered(String credentialId, byte[] attestedCredentialData, long signCount) {
    }

    /** The ceremony failed; {@code reason} names the failed check (credential id, challenge, origin, counter...). */
    final class Rejected extends Exception {
        public Rejected(String reason) {
            super(reason, null, false, false);
        }
    }
}
