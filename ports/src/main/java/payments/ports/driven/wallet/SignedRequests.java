package payments.ports.driven.wallet;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import payments.core.id.PlatformId;
import payments.core.wallet.SignedRequest;

public interface SignedRequests {
    void insert(PlatformId platform, SignedRequest request);

    /** Locks the pending request for the rest of the database transaction: a request id is used at most once. */
    Optional<SignedRequest> findForUpdate(PlatformId platform, UUID id);

    void consume(PlatformId platform, UUID id, Instant now);
}
