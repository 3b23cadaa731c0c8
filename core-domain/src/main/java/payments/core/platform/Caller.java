package payments.core.platform;

import java.util.Set;
import payments.core.agent.OnBehalf;
import payments.core.error.Forbidden;
import payments.core.id.PlatformId;
import payments.core.id.TokenId;

/**
 * Who is calling: the authenticated token, its platform and what it may do. Every use case takes one. An agent
 * calls {@link #onBehalf} of one customer: it has no API token ({@code tokenId} null), and what it reaches is that
 * customer's alone.
 */
public record Caller(PlatformId platformId, Environment environment, TokenId tokenId, Set<Permission> permissions,
                     OnBehalf onBehalf) {
    public Caller {
        permissions = Set.copyOf(permissions);
    }

    /** A platform's caller: an API token's. */
    public Caller(PlatformId platformId, Environment environment, TokenId tokenId, Set<Permission> permissions) {
        this(platformId, environment, tokenId, permissions, null);
    }

    /** An agent of the platform acting for its customer, with the platform's {@code granted} permissions. */
    public Caller acting(OnBehalf agent, Set<Permission> granted) {
        return new Caller(platformId, environment, null, granted, agent);
    }

    public boolean isSandbox() {
        return environment == Environment.SANDBOX;
    }

    public void require(Permission permission) {
        if (!permissions.contains(permission)) {
            throw new Forbidden("FORBIDDEN", "This API token lacks the " + permission + " permission");
        }
    }

    public void requireSandbox() {
        if (!isSandbox()) {
            throw new Forbidden("FORBIDDEN", "Sandbox endpoints are not available to production platforms");
        }
    }
}
