package payments.ports.driven.webhook;

/**
 * The webhook signatures: ECDSA on P-256 with SHA-256 over the exact body bytes, DER encoded, base64; and the Standard
 * Webhooks one (HMAC-SHA256 over {@code id.timestamp.body} with a secret derived from the same key), which the
 * published Standard Webhooks libraries verify.
 */
public interface WebhookSigner {
    NewKey newKey();

    /** The base64 DER signature of {@code body} by the PKCS#8 {@code privateKey}. */
    String sign(byte[] privateKey, byte[] body);

    /** The Standard Webhooks secret of a key ({@code whsec_<base64>}): derived from it, so it rotates with it. */
    String standardSecret(byte[] privateKey);

    /** The Standard Webhooks signature ({@code v1,<base64>}) of a message by {@code secret} ({@code whsec_...}). */
    String standardSignature(String secret, String messageId, long timestampSeconds, byte[] body);

    /** A fresh key pair: public key as PEM (SPKI), private key as PKCS#8 bytes. */
    record NewKey(String publicKeyPem, byte[] privateKey) {
        @Override
        public String toString() {
            return "NewKey[" + publicKeyPem.length() + " chars of PEM]";
        }
    }
}
