package payments.core.compliance;

import java.time.Instant;
import payments.core.error.Gone;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;

/**
 * A hosted verification link: single use, expiring, known by the hash of its token (hex) (the token itself is shown once,
 * in the link). {@code outcome} is the status the end user's visit gave, once used.
 */
public record KycLink(String tokenHash, PlatformId platformId, CustomerId customerId, String redirectUri,
                      Instant expiresAt, Instant usedAt, String outcome, Instant createdAt) {
    /** 410 for a link already used or past its expiry. */
    public void requireOpen(Instant now) {
        if (usedAt != null) {
            throw new Gone("KYC_LINK_USED", "This verification link was already used");
        }
        if (!now.isBefore(expiresAt)) {
            throw new Gone("KYC_LINK_EXPIRED", "This verification link has expired; ask for a new one");
        }
    }

    public KycLink used(String status, Instant now) {
        return new KycLink(tokenHash, platformId, customerId, redirectUri, expiresAt, now, status, createdAt);
    }
}
