package payments.ports.externalaccount;

import payments.core.account.ExternalAccount;
import payments.core.id.CustomerId;
import payments.core.id.ExternalAccountId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;

/**
 * External accounts of customers and of the platform: registered with a beneficiary check (MANAGE), read (VIEW),
 * removed (MANAGE); registration and removal send {@code EXTERNAL_ACCOUNT.STATUS_UPDATED}. {@code platformOwned}
 * reads and removes among the platform's own accounts only.
 */
public interface ExternalAccountUseCases {
    ExternalAccount create(Caller caller, NewExternalAccount command);

    ExternalAccount get(Caller caller, ExternalAccountId id, boolean platformOwned);

    /** The platform's own accounts when {@code platformOwned}, else customers' ({@code customer}'s, if given). */
    Page<ExternalAccount> list(Caller caller, boolean platformOwned, CustomerId customer, String currency,
                               PageRequest page);

    void delete(Caller caller, ExternalAccountId id, boolean platformOwned);
}
