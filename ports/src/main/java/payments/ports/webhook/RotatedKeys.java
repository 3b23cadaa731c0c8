package payments.ports.webhook;

import java.time.Instant;

/**
 * What a rotation left valid: the new public key (PEM, SPKI) and its Standard Webhooks secret, and the key it replaced
 * with its secret and the end of its overlap (null when there was none).
 */
public record RotatedKeys(String publicKeyPem, String secret, String previousPublicKeyPem, String previousSecret,
                         Instant previousKeyExpiresAt) {
    @Override
    public String toString() {
        return "RotatedKeys[" + publicKeyPem.length() + " chars of PEM]";
    }
}
