package payments.ports.fakes;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import payments.core.id.PlatformId;
import payments.core.wallet.SignedRequest;
import payments.ports.driven.wallet.SignedRequests;

public final class InMemorySignedRequests implements SignedRequests {
    private final Map<String, SignedRequest> requests = new HashMap<>();

    @Override
    public synchronized void insert(PlatformId platform, SignedRequest request) {
        requests.put(platform + "/" + request.id(), request);
    }

    @Override
    public synchronized Optional<SignedRequest> findForUpdate(PlatformId platform, UUID id) {
        return Optional.ofNullable(requests.get(platform + "/" + id));
    }

    @Override
    public synchronized void consume(PlatformId platform, UUID id, Instant now) {
        requests.computeIfPresent(platform + "/" + id, (k, r) -> new SignedRequest(r.id(), r.accountId(), r.type(),
                r.method(), r.path(), r.bodySha256(), r.payload(), r.signerRule(), r.signerArgument(),
                r.credentialSet(), r.createdAt(), r.expiresAt(), now));
    }
}
