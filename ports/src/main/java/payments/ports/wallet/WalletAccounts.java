package payments.ports.wallet;

import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountType;
import payments.core.customer.Customer;
import payments.core.error.InvalidFields;
import payments.core.id.InternalAccountId;
import payments.core.platform.Caller;
import payments.ports.driven.account.InternalAccounts;
import payments.ports.driven.customer.Customers;

/** Finds the embedded wallet a wallet request names, and locks its owner. */
public final class WalletAccounts {
    private final InternalAccounts accounts;
    private final Customers customers;

    public WalletAccounts(InternalAccounts accounts, Customers customers) {
        this.accounts = accounts;
        this.customers = customers;
    }

    /** The wallet: 404 when there is no such account, 400 on {@code field} when it is not an embedded wallet. */
    public InternalAccount require(Caller caller, String field, InternalAccountId id) {
        InternalAccount account = accounts.require(caller.platformId(), id);
        if (account.type() != InternalAccountType.EMBEDDED_WALLET) {
            throw InvalidFields.of(field, "must be an EMBEDDED_WALLET internal account");
        }
        return account;
    }

    /**
     * The wallet's owner, locked: first of a wallet's locks, as a contact change takes it before the credentials tied
     * to the contact.
     */
    public Customer ownerForUpdate(Caller caller, InternalAccount wallet) {
        return customers.findForUpdate(caller.platformId(), wallet.customerId()).orElseThrow();
    }
}
