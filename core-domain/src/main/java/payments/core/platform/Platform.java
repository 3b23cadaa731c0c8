package payments.core.platform;

import java.time.Instant;
import payments.core.id.PlatformId;

/** A tenant of the service: every other record belongs to exactly one platform. */
public record Platform(PlatformId id, String name, Environment environment, PlatformConfig config,
                       Instant createdAt, Instant updatedAt) {
    public Platform withConfig(PlatformConfig newConfig, Instant now) {
        return new Platform(id, name, environment, newConfig, createdAt, now);
    }
}
