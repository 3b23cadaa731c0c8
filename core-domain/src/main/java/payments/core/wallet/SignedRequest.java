package payments.core.wallet;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import payments.core.id.InternalAccountId;

/**
 * The first leg of a signed retry: the exact {@code payload} the client must sign, what it binds (method, path,
 * body hash, target), who may sign it ({@link SignerRule} and {@code signerArgument}), and its single use.
 * {@code credentialSet} is a fingerprint of the account's credentials that matter to the action, so a retry after
 * they changed can be refused.
 */
public record SignedRequest(UUID id, InternalAccountId accountId, AuthMethodType type, String method, String path,
                            String bodySha256, String payload, SignerRule signerRule, String signerArgument,
                            String credentialSet, Instant createdAt, Instant expiresAt, Instant consumedAt) {
    public static final String KIND = "Request";
    public static final Duration LIFETIME = Duration.ofMinutes(5);

    public String wireId() {
        return KIND + ":" + id;
    }

    /** Why this request cannot be used for {@code method path} at {@code now}; null when it can. */
    public String unusableReason(String method, String path, Instant now) {
        if (consumedAt != null) {
            return "Request-Id was already used";
        }
        if (!now.isBefore(expiresAt)) {
            return "Request-Id expired at " + expiresAt;
        }
        if (!this.method.equals(method) || !this.path.equals(path)) {
            return "Request-Id was issued for another request";
        }
        return null;
    }

    /** Who may sign the payload. */
    public enum SignerRule {
        /** An active session of the account. */
        ANY_SESSION,
        /** An active session issued by a credential other than {@code signerArgument} (revoking that credential). */
        SESSION_OF_OTHER_CREDENTIAL,
        /** The client key bound into the payload, {@code signerArgument} (OTP verify: it becomes the session). */
        BOUND_KEY
    }
}
