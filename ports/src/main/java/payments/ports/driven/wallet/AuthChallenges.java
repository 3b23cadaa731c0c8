package payments.ports.driven.wallet;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import payments.core.id.PlatformId;
import payments.core.wallet.AuthChallenge;

public interface AuthChallenges {
    /** Stores a new challenge; earlier unconsumed challenges of the same credential stop being usable. */
    void insert(PlatformId platform, AuthChallenge challenge);

    /** The credential's latest challenge, locked for the rest of the database transaction. */
    Optional<AuthChallenge> latestForUpdate(PlatformId platform, UUID credentialId);

    Optional<AuthChallenge> findForUpdate(PlatformId platform, UUID id);

    /** How many challenges the credential received since {@code since} (for the re-issue rate limit). */
    int countSince(PlatformId platform, UUID credentialId, Instant since);

    void recordAttempt(PlatformId platform, UUID id);

    void consume(PlatformId platform, UUID id, Instant now);
}
