package payments.ports.driven.wallet;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.wallet.WalletSession;

public interface WalletSessions {
    void insert(PlatformId platform, WalletSession session);

    Optional<WalletSession> find(PlatformId platform, UUID id);

    /** Active (unexpired, unrevoked) sessions of an account, newest first. */
    List<WalletSession> listActive(PlatformId platform, InternalAccountId account, Instant now);

    /** Ends the session; false when it was revoked already (so a caller that needs it ended by itself can tell). */
    boolean revoke(PlatformId platform, UUID id, Instant now);

    /** Revokes every session a credential issued. */
    void revokeIssuedBy(PlatformId platform, UUID credentialId, Instant now);
}
