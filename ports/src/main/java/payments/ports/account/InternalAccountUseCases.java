package payments.ports.account;

import java.util.List;
import payments.core.account.InternalAccountFilter;
import payments.core.account.InternalAccountType;
import payments.core.account.InternalAccountView;
import payments.core.id.InternalAccountId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;

/**
 * Internal accounts with their balances and funding instructions (VIEW), and, in the sandbox, their funding
 * (TRANSACT) through the ledger like every balance change.
 */
public interface InternalAccountUseCases {
    Page<InternalAccountView> listCustomerAccounts(Caller caller, InternalAccountFilter filter, PageRequest page);

    /** The platform's own accounts, of {@code currency} and {@code type} when given (not null). */
    List<InternalAccountView> listPlatformAccounts(Caller caller, String currency, InternalAccountType type);

    InternalAccountView get(Caller caller, InternalAccountId id);

    /** Sandbox: credits the account from the sandbox funding source and sends its balance webhook. */
    InternalAccountView fund(Caller caller, InternalAccountId id, SandboxFunding command);
}
