package payments.ports.driven.platform;

import java.time.Instant;
import java.util.Optional;
import payments.core.id.PlatformId;
import payments.core.id.TokenId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.ApiToken;
import payments.core.platform.TokenFilter;

public interface ApiTokens {
    /** Raises {@link payments.core.error.Conflict} when the id was ever used, deleted tokens included. */
    void insert(ApiToken token, byte[] secretHash);

    /** Finds a live token by id alone: the one lookup that happens before the platform is known. */
    Optional<StoredToken> findForAuthentication(TokenId id);

    Optional<ApiToken> find(PlatformId platform, TokenId id);

    Page<ApiToken> list(PlatformId platform, TokenFilter filter, PageRequest page);

    boolean delete(PlatformId platform, TokenId id, Instant now);

}
