package payments.ports.driven.wallet;

/**
 * The byte formats of wallet authentication (shared/design/wallet-crypto.md, Turnkey-compatible): P-256 keys,
 * Service-Wallet-Signature stamps, the HPKE profile, OTP bundles, sealed session keys and export bundles.
 * Public keys cross this port as lowercase hex: compressed (66 hex) unless a method says otherwise.
 */
public interface WalletCrypto {
    /** A P-256 public key in hex, compressed or uncompressed, as the compressed lowercase hex of the same point. */
    String canonicalPublicKey(String hex) throws InvalidKey;

    /** Parses a {@code Service-Wallet-Signature} header value. */
    Stamp parseStamp(String headerValue) throws MalformedStamp;

    /** Whether the stamp's signature is a valid ECDSA-SHA256 signature of {@code payload} by its public key. */
    boolean verify(Stamp stamp, byte[] payload);

    /**
     * A {@code Service-Wallet-Signature} stamp over {@code payload} by the key of {@code privateScalar} (a key the
     * service holds: a card's delegated key).
     */
    String stamp(byte[] privateScalar, byte[] payload);

    /** A fresh P-256 key (a per-challenge HPKE target key, a delegated key): its private scalar kept server-side. */
    TargetKey newTargetKey();

    /** The {@code otpEncryptionTargetBundle} JSON string for a target key, signed with the service's bundle key. */
    String otpTargetBundle(TargetKey target);

    /** Opens an {@code encryptedOtpBundle} JSON string with the challenge's target key. */
    OtpBundle openOtpBundle(String encryptedOtpBundle, TargetKey target) throws InvalidBundle;

    /**
     * Makes a fresh session key and seals its private scalar to {@code clientPublicKey} (base58check credential
     * bundle). The private scalar is discarded: only the public key is returned with the bundle.
     */
    SealedSessionKey newSealedSessionKey(String clientPublicKey) throws InvalidKey;

    /** The {@code encryptedWalletCredentials} export bundle: {@code secret} sealed to {@code clientPublicKey}. */
    String exportBundle(String clientPublicKey, byte[] secret, String organizationId) throws InvalidKey;

    /** The service's bundle-signing public key, uncompressed hex ({@code enclaveQuorumPublic}). */
    String bundleSigningPublicKey();

    /** {@code length} bytes from a cryptographically strong random source (wallet secrets, one-time codes). */
    byte[] randomBytes(int length);

    /** Lowercase hex of SHA-256 (the OIDC nonce rule, body hashes, passkey challenges). */
    String sha256Hex(byte[] data);

    /** A stamp's parts: compressed public key hex, scheme, DER (or raw r||s) signature bytes. */
    record Stamp(String publicKey, String scheme, byte[] signature) {
    }

    /** A target key: its uncompressed public hex and its 32-byte private scalar (kept server-side, single use). */
    record TargetKey(String publicKeyUncompressed, byte[] privateScalar) {
    }

    /** The decrypted OTP bundle: the code and the client's public key (compressed hex). */
    record OtpBundle(String otpCode, String publicKey) {
    }

    /** A session key: its compressed public hex and the base58check bundle sealing its private scalar. */
    record SealedSessionKey(String publicKey, String encryptedSessionSigningKey) {
    }

    final class InvalidKey extends Exception {
        public InvalidKey(String message) {
            super(message, null, false, false);
        }
    }

    final class MalformedStamp extends Exception {
        public MalformedStamp(String message) {
            super(message, null, false, false);
        }
    }

    final class InvalidBundle extends Exception {
        public InvalidBundle(String message) {
            super(message, null, false, false);
        }
    }
}
