package payments.ports.webhook;

import java.time.Instant;

/**
 * What a rotation left valid: the new public key (PEM, SPKI), and the one it replaced with the end of its overlap
 * (both null when there was none).
 */
public record RotatedKeys(String publicKeyPem, String previousPublicKeyPem, Instant previousKeyExpiresAt) {
}
