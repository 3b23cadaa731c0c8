package payments.core.wallet;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import payments.core.id.InternalAccountId;

/**
 * A session of a wallet: whoever holds the private key of {@code publicKey} (compressed hex) may sign the wallet's
 * actions until {@code expiresAt}, unless the session or its credential is revoked.
 */
public record WalletSession(UUID id, InternalAccountId accountId, UUID credentialId, AuthMethodType type,
                            String nickname, String publicKey, Instant createdAt, Instant updatedAt,
                            Instant expiresAt, Instant revokedAt) {
    public static final String KIND = "Session";
    public static final Duration LIFETIME = Duration.ofMinutes(15);
    /** Active sessions a wallet keeps at most (shared/design/wallet-crypto.md §10); a new one ends the oldest. */
    public static final int MAX_ACTIVE_PER_WALLET = 10;

    public String wireId() {
        return KIND + ":" + id;
    }

    public boolean isActive(Instant now) {
        return revokedAt == null && now.isBefore(expiresAt);
    }

    public WalletSession revoked(Instant now) {
        return new WalletSession(id, accountId, credentialId, type, nickname, publicKey, createdAt, now, expiresAt,
                revokedAt == null ? now : revokedAt);
    }
}
