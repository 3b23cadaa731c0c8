package payments.ports.driven.wallet;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.wallet.Credential;

/** Wallet credentials. Revoked credentials are kept (sessions refer to them) but never returned. */
public interface Credentials {
    void insert(PlatformId platform, Credential credential);

    void update(PlatformId platform, Credential credential);

    /**
     * {@link #update} of an OTP credential that follows its customer's new email or phone number: the codes already
     * sent to the old address stop working (its open challenges end, as a new challenge ends them).
     */
    void readdress(PlatformId platform, Credential moved);

    Optional<Credential> find(PlatformId platform, UUID id);

    List<Credential> listActive(PlatformId platform, InternalAccountId account);

    /**
     * The same, locked until the transaction ends: what changes a wallet's credential set or opens a session of one
     * of its credentials takes this first, so a revocation cannot interleave with another revocation's count or
     * with a session being opened for the credential it revokes.
     */
    List<Credential> listActiveForUpdate(PlatformId platform, InternalAccountId account);

    void revoke(PlatformId platform, UUID id, Instant now);

    /** Whether an active credential of this type on any of the platform's wallets has this identity. */
    boolean identityInUse(PlatformId platform, payments.core.wallet.AuthMethodType type, String identity);
}
