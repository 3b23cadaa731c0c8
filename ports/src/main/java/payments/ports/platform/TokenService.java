package payments.ports.platform;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import payments.core.error.Conflict;
import payments.core.error.NotFound;
import payments.core.error.Unauthenticated;
import payments.core.id.EntityId;
import payments.core.id.PlatformId;
import payments.core.id.TokenId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.ApiToken;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.platform.TokenFilter;
import payments.ports.driven.Clock;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.platform.ApiTokens;
import payments.ports.driven.platform.StoredToken;
import payments.ports.driven.platform.TokenSecrets;

/**
 * {@link TokenUseCases} and {@link Authentication}: API tokens issued (the secret shown once), listed, revoked, and
 * the requests made with them authenticated.
 */
public final class TokenService implements TokenUseCases, Authentication {
    private final ApiTokens tokens;
    private final TokenSecrets secrets;
    private final TransactionRunner tx;
    private final Clock clock;
    private final Ids ids;
    private final VerifiedTokens<TokenId> verified;

    public TokenService(ApiTokens tokens, TokenSecrets secrets, TransactionRunner tx, Clock clock, Ids ids) {
        this.verified = new VerifiedTokens<>(clock);
        this.tokens = tokens;
        this.secrets = secrets;
        this.tx = tx;
        this.clock = clock;
        this.ids = ids;
    }

    @Override
    public IssuedToken create(Caller caller, NewToken command) {
        caller.require(Permission.MANAGE);
        command.permissions().forEach(caller::require);
        return tx.inTransaction(() -> issue(caller.platformId(), command.name(), command.permissions()));
    }

    /** Issues a token for a platform; call inside a transaction. */
    public IssuedToken issue(PlatformId platform, String name, Set<Permission> permissions) {
        String secret = secrets.newSecret();
        ApiToken token = store(platform, new TokenId(ids.newId()), name, permissions, secret);
        return new IssuedToken(token, secret);
    }

    /**
     * Makes sure a token with this id and secret exists on the platform (for a configured sandbox token). A token
     * id that already exists with another secret or on another platform is refused rather than overwritten.
     */
    public void ensure(PlatformId platform, TokenId id, String secret, String name) {
        tx.inTransaction(() -> {
            var existing = tokens.findForAuthentication(id);
            if (existing.isEmpty()) {
                store(platform, id, name, EnumSet.allOf(Permission.class), secret);
            } else if (!existing.get().token().platformId().equals(platform)
                    || !secrets.matches(secret, existing.get().secretHash())) {
                throw new Conflict("CONFLICT", "Token " + id + " already exists with other credentials");
            }
        });
    }

    private ApiToken store(PlatformId platform, TokenId id, String name, Set<Permission> permissions, String secret) {
        var now = clock.now();
        ApiToken token = new ApiToken(id, platform, name, permissions, now, now);
        tokens.insert(token, secrets.hash(secret));
        return token;
    }

    /** VIEW reads everything, tokens too (reference: "read everything"); a secret is never shown again. */
    @Override
    public Page<ApiToken> list(Caller caller, TokenFilter filter, PageRequest page) {
        caller.require(Permission.VIEW);
        return tokens.list(caller.platformId(), filter, page);
    }

    @Override
    public ApiToken get(Caller caller, TokenId id) {
        caller.require(Permission.VIEW);
        return tokens.find(caller.platformId(), id).orElseThrow(() -> notFound(id));
    }

    /**
     * Deleting, like issuing, reaches no further than the caller's own permissions: a MANAGE-only token cannot take
     * away a token that may do more than it (the platform's first token among them).
     */
    @Override
    public void delete(Caller caller, TokenId id) {
        caller.require(Permission.MANAGE);
        boolean deleted = tx.inTransaction(() -> {
            ApiToken target = tokens.find(caller.platformId(), id).orElseThrow(() -> notFound(id));
            target.permissions().forEach(caller::require);
            return tokens.delete(caller.platformId(), id, clock.now());
        });
        verified.forget(id);
        if (!deleted) {
            throw notFound(id);
        }
    }

    /**
     * Authenticates a Basic-auth pair. The username is the token's uuid (also accepted as {@code Token:<uuid>}).
     * Every failure looks the same to the caller. A token looked up in the last {@link VerifiedTokens#TTL} is not
     * looked up again (its secret is still checked): a token deleted through another process keeps working here
     * for at most that long.
     */
    @Override
    public Caller authenticate(String username, String secret) {
        TokenId id = tokenIdOfCredentials(username);
        Optional<Caller> remembered = remembered(id, secret);
        if (remembered.isPresent()) {
            return remembered.get();
        }
        StoredToken stored = tokens.findForAuthentication(id).orElse(null);
        if (stored == null || !secrets.matches(secret, stored.secretHash())) {
            throw invalidCredentials();
        }
        ApiToken t = stored.token();
        Caller caller = new Caller(t.platformId(), stored.environment(), t.id(), t.permissions());
        verified.remember(id, stored.secretHash(), caller);
        return caller;
    }

    /**
     * {@link #authenticate} without reading the database, for an HTTP server's I/O thread: the caller when the token
     * was verified recently, empty when its token must be looked up; a refusal when the username is no token id or
     * the secret does not match the remembered one. One look at the cache decides, so an entry that lapses meanwhile
     * cannot send the caller to the database after all.
     */
    @Override
    public Optional<Caller> authenticateRemembered(String username, String secret) {
        return remembered(tokenIdOfCredentials(username), secret);
    }

    /** The caller of a token verified recently whose secret matches, empty if it was not; else a refusal. */
    private Optional<Caller> remembered(TokenId id, String secret) {
        return verified.remembered(id, secret, secrets, TokenService::invalidCredentials);
    }

    /** The token id a Basic-auth username names, or the refusal every failed authentication gets. */
    private static TokenId tokenIdOfCredentials(String username) {
        try {
            return TokenId.parse("username", EntityId.isOfKind(TokenId.KIND, username) ? username
                    : TokenId.KIND + ":" + username);
        } catch (payments.core.error.InvalidInput e) {
            throw invalidCredentials();
        }
    }

    private static Unauthenticated invalidCredentials() {
        return new Unauthenticated("UNAUTHORIZED", "Invalid API credentials");
    }

    private static NotFound notFound(TokenId id) {
        return new NotFound("TOKEN_NOT_FOUND", "No token " + id);
    }
}
