package payments.core.platform;

import payments.core.common.Forbidden;
import payments.core.common.PlatformId;
import payments.core.common.TokenId;

/** Who is calling: the authenticated token, its platform and what it may do. Every use case takes one. */
public record Caller(PlatformId platformId, Environment environment, TokenId tokenId,
                     java.util.Set<Permission> permissions) {
    public Caller {
        permissions = java.util.Set.copyOf(permissions);
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
