package payments.core.platform;

import java.time.Instant;
import java.util.Set;
import payments.core.id.PlatformId;
import payments.core.id.TokenId;

/** An API token of a platform. Its secret is never part of the record: only a hash of it is stored. */
public record ApiToken(TokenId id, PlatformId platformId, String name, Set<Permission> permissions,
                       Instant createdAt, Instant updatedAt) {
    public ApiToken {
        permissions = Set.copyOf(permissions);
    }
}
