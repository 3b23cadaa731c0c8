package payments.ports.driven.webhook;

import java.time.Instant;
import java.util.List;
import payments.core.id.PlatformId;

/**
 * The platforms' webhook signing keys, numbered by generation (1, 2, ... per platform). A key is valid until its
 * {@code retiresAt} (platform time; null while it is the newest).
 */
public interface WebhookKeys {
    /** The keys valid at {@code now}, newest generation first. */
    List<WebhookKey> active(PlatformId platform, Instant now);

    /** Stores a key; false when its generation exists already (another process stored one first). */
    boolean insert(WebhookKey key);

    /** Ends the validity of every key older than {@code generation} at {@code at}, unless it ends sooner. */
    void retireBelow(PlatformId platform, int generation, Instant at);

    /** A key pair: the public key as PEM (SPKI), the private key as PKCS#8 bytes, never shown or logged. */
    record WebhookKey(PlatformId platform, int generation, String publicKeyPem, byte[] privateKey,
                      Instant createdAt, Instant retiresAt) {
        @Override
        public String toString() {
            return "WebhookKey[" + platform + " generation " + generation + "]";
        }
    }
}
