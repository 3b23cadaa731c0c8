package payments.ports.fakes;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.ports.driven.wallet.WalletSecrets;

public final class InMemoryWalletSecrets implements WalletSecrets {
    private final Map<String, byte[]> secrets = new HashMap<>();

    @Override
    public synchronized void store(PlatformId platform, InternalAccountId account, byte[] secret) {
        secrets.put(platform + "/" + account, secret.clone());
    }

    @Override
    public synchronized Optional<byte[]> find(PlatformId platform, InternalAccountId account) {
        return Optional.ofNullable(secrets.get(platform + "/" + account)).map(byte[]::clone);
    }
}
