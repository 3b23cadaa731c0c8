package payments.ports.wallet;

import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountType;
import payments.core.common.InternalAccountId;
import payments.core.common.InvalidFields;
import payments.core.platform.Caller;
import payments.ports.driven.account.InternalAccounts;

/** Finds the embedded wallet a wallet-auth request names. */
final class WalletAccounts {
    private final InternalAccounts accounts;

    WalletAccounts(InternalAccounts accounts) {
        this.accounts = accounts;
    }

    InternalAccount require(Caller caller, String field, String accountId) {
        InternalAccountId id = InternalAccountId.parse(field, accountId);
        InternalAccount account = accounts.require(caller.platformId(), id);
        if (account.type() != InternalAccountType.EMBEDDED_WALLET) {
            throw InvalidFields.of(field, "must be an EMBEDDED_WALLET internal account");
        }
        return account;
    }
}
