package payments.ports.driven.webhook;

/** The webhook signature: ECDSA on P-256 with SHA-256 over the exact body bytes, DER encoded, base64. */
public interface WebhookSigner {
    NewKey newKey();

    /** The base64 DER signature of {@code body} by the PKCS#8 {@code privateKey}. */
    String sign(byte[] privateKey, byte[] body);

    /** A fresh key pair: public key as PEM (SPKI), private key as PKCS#8 bytes. */
    record NewKey(String publicKeyPem, byte[] privateKey) {
        @Override
        public String toString() {
            return "NewKey[" + publicKeyPem.length() + " chars of PEM]";
        }
    }
}
