package payments.ports.fakes;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.wallet.WalletSession;
import payments.ports.driven.wallet.WalletSessions;

public final class InMemoryWalletSessions implements WalletSessions {
    private final Map<String, WalletSession> sessions = new LinkedHashMap<>();

    @Override
    public synchronized void insert(PlatformId platform, WalletSession session) {
        sessions.put(platform + "/" + session.id(), session);
    }

    @Override
    public synchronized Optional<WalletSession> find(PlatformId platform, UUID id) {
        return Optional.ofNullable(sessions.get(platform + "/" + id));
    }

    @Override
    public synchronized List<WalletSession> listActive(PlatformId platform, InternalAccountId account, Instant now) {
        return sessions.entrySet().stream().filter(e -> e.getKey().startsWith(platform + "/"))
                .map(Map.Entry::getValue).filter(s -> s.accountId().equals(account) && s.isActive(now)).toList();
    }

    @Override
    public synchronized boolean revoke(PlatformId platform, UUID id, Instant now) {
        WalletSession before = sessions.get(platform + "/" + id);
        sessions.computeIfPresent(platform + "/" + id, (k, s) -> s.revoked(now));
        return before != null && before.revokedAt() == null;
    }

    @Override
    public synchronized void revokeIssuedBy(PlatformId platform, UUID credentialId, Instant now) {
        sessions.replaceAll((k, s) -> k.startsWith(platform + "/") && s.credentialId().equals(credentialId)
                ? s.revoked(now) : s);
    }
}
