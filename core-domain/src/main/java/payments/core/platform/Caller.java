package payments.core.platform;

import payments.core.error.Forbidden;
import payments.core.id.PlatformId;
import payments.core.id.TokenId;

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
