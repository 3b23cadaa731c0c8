package payments.core.wallet;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import payments.core.error.RateLimited;
import payments.core.id.InternalAccountId;

/**
 * An outstanding credential challenge. OTP: the per-challenge HPKE target key (private part kept here, single use)
 * and the hash of the code sent. PASSKEY: the lowercase-hex WebAuthn challenge and the client key fixed for the
 * session. The id is the {@code requestId} a passkey verify must present.
 */
public record AuthChallenge(UUID id, InternalAccountId accountId, UUID credentialId, AuthMethodType type,
                            String challengeHex, String clientPublicKey, String targetPublicKey, byte[] targetPrivate,
                            String codeSha256, int attempts, Instant createdAt, Instant expiresAt,
                            Instant consumedAt) {
    public static final Duration LIFETIME = Duration.ofMinutes(5);
    public static final int MAX_ATTEMPTS = 3;
    /** At most this many challenges of one credential in {@link #WINDOW}. */
    public static final int PER_WINDOW = 3;
    public static final Duration WINDOW = Duration.ofSeconds(180);

    /** 429 when a credential had {@link #PER_WINDOW} challenges or more in the last {@link #WINDOW}. */
    public static void requireUnderLimit(int recent) {
        if (recent >= PER_WINDOW) {
            throw new RateLimited("Too many challenges for this credential", WINDOW.toSeconds());
        }
    }

    public boolean isUsable(Instant now) {
        return consumedAt == null && now.isBefore(expiresAt) && attempts < MAX_ATTEMPTS;
    }
}
