package payments.ports.fakes;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import payments.core.id.PlatformId;
import payments.core.id.TokenId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.ApiToken;
import payments.core.platform.TokenFilter;
import payments.ports.driven.platform.ApiTokens;
import payments.ports.driven.platform.Platforms;
import payments.ports.driven.platform.StoredToken;

/**
 * API tokens with soft delete. Like the table's unique index on the token id, an id is never reused, not even after
 * its token was deleted; the environment comes from the token's platform, as the adapter's join does.
 */
public final class InMemoryApiTokens implements ApiTokens {
    private record Row(ApiToken token, byte[] secretHash, Instant deletedAt) {
        boolean live(PlatformId platform) {
            return deletedAt == null && token.platformId().equals(platform);
        }
    }

    private final Map<TokenId, Row> rows = new LinkedHashMap<>();
    private final Platforms platforms;

    public InMemoryApiTokens(Platforms platforms) {
        this.platforms = platforms;
    }

    @Override
    public void insert(ApiToken token, byte[] secretHash) {
        if (rows.containsKey(token.id())) {
            throw new payments.core.error.Conflict("CONFLICT", "Token " + token.id() + " already exists");
        }
        rows.put(token.id(), new Row(token, secretHash.clone(), null));
    }

    @Override
    public Optional<StoredToken> findForAuthentication(TokenId id) {
        Row row = rows.get(id);
        if (row == null || row.deletedAt() != null) {
            return Optional.empty();
        }
        return platforms.find(row.token().platformId())
                .map(p -> new StoredToken(row.token(), row.secretHash().clone(), p.environment()));
    }

    @Override
    public Optional<ApiToken> find(PlatformId platform, TokenId id) {
        return Optional.ofNullable(rows.get(id)).filter(r -> r.live(platform)).map(Row::token);
    }

    @Override
    public Page<ApiToken> list(PlatformId platform, TokenFilter f, PageRequest page) {
        return Keyset.page(rows.values().stream().filter(r -> r.live(platform)).map(Row::token)
                        .filter(t -> f.name() == null || f.name().equals(t.name()))
                        .filter(t -> Keyset.within(t.createdAt(), f.createdAfter(), f.createdBefore()))
                        .filter(t -> Keyset.within(t.updatedAt(), f.updatedAfter(), f.updatedBefore())),
                ApiToken::createdAt, t -> t.id().value(), page);
    }

    @Override
    public boolean delete(PlatformId platform, TokenId id, Instant now) {
        Row row = rows.get(id);
        if (row == null || !row.live(platform)) {
            return false;
        }
        ApiToken t = row.token();
        rows.put(id, new Row(new ApiToken(t.id(), t.platformId(), t.name(), t.permissions(), t.createdAt(), now),
                row.secretHash(), now));
        return true;
    }
}
