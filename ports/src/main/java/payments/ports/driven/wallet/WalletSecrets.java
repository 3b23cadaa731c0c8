package payments.ports.driven.wallet;

import java.util.Optional;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;

/** The secret (seed) of each embedded wallet, returned only sealed to a client key by an export. */
public interface WalletSecrets {
    void store(PlatformId platform, InternalAccountId account, byte[] secret);

    Optional<byte[]> find(PlatformId platform, InternalAccountId account);
}
