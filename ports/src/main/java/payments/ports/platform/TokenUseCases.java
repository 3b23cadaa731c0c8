package payments.ports.platform;

import payments.core.id.TokenId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.ApiToken;
import payments.core.platform.Caller;
import payments.core.platform.TokenFilter;

/** A platform's API tokens: issued with their secret shown once (MANAGE), listed and read (VIEW), revoked (MANAGE). */
public interface TokenUseCases {
    /** A token grants at most its creator's permissions (403 otherwise), so MANAGE alone cannot mint TRANSACT. */
    IssuedToken create(Caller caller, NewToken command);

    Page<ApiToken> list(Caller caller, TokenFilter filter, PageRequest page);

    ApiToken get(Caller caller, TokenId id);

    void delete(Caller caller, TokenId id);
}
