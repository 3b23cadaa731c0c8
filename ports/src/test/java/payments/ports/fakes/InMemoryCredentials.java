package payments.ports.fakes;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.wallet.Credential;
import payments.ports.driven.wallet.Credentials;

/** Wallet credentials in memory; revoked ones are forgotten by every read. */
public final class InMemoryCredentials implements Credentials {
    private record Key(PlatformId platform, UUID id) {
    }

    private final Map<Key, Credential> live = new LinkedHashMap<>();

    @Override
    public synchronized void insert(PlatformId platform, Credential credential) {
        live.put(new Key(platform, credential.id()), credential);
    }

    @Override
    public synchronized void update(PlatformId platform, Credential credential) {
        live.replace(new Key(platform, credential.id()), credential);
    }

    /** No challenges are kept in memory, so there are none to end. */
    @Override
    public synchronized void readdress(PlatformId platform, Credential moved) {
        update(platform, moved);
    }

    @Override
    public synchronized Optional<Credential> find(PlatformId platform, UUID id) {
        return Optional.ofNullable(live.get(new Key(platform, id)));
    }

    @Override
    public synchronized List<Credential> listActive(PlatformId platform, InternalAccountId account) {
        return live.entrySet().stream().filter(e -> e.getKey().platform().equals(platform))
                .map(Map.Entry::getValue).filter(c -> c.accountId().equals(account)).toList();
    }

    /** No locks here: the fakes' callers run one at a time. */
    @Override
    public List<Credential> listActiveForUpdate(PlatformId platform, InternalAccountId account) {
        return listActive(platform, account);
    }

    @Override
    public synchronized void revoke(PlatformId platform, UUID id, Instant now) {
        live.remove(new Key(platform, id));
    }

    @Override
    public synchronized boolean identityInUse(PlatformId platform, payments.core.wallet.AuthMethodType type,
                                              String identity) {
        return live.entrySet().stream().anyMatch(e -> e.getKey().platform().equals(platform)
                && e.getValue().type() == type && e.getValue().identity().equals(identity));
    }
}
