package payments.adapter.crypto;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import payments.ports.driven.platform.TokenSecrets;

/**
 * API token secrets: 32 bytes from a SecureRandom, base64url. Stored as SHA-256: the secret has 256 bits of entropy,
 * so a slow password hash would add latency to every request without adding protection. Compared in constant time.
 */
public final class Sha256TokenSecrets implements TokenSecrets {
    private final SecureRandom random = new SecureRandom();

    @Override
    public String newSecret() {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    @Override
    public byte[] hash(String secret) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every JDK", e);
        }
    }

    @Override
    public boolean matches(String secret, byte[] hash) {
        return MessageDigest.isEqual(hash(secret), hash);
    }
}
