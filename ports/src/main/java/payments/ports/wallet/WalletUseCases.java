package payments.ports.wallet;

import payments.core.account.InternalAccountView;
import payments.core.id.InternalAccountId;
import payments.core.platform.Caller;

/** Embedded-wallet actions signed by a session of the wallet (MANAGE): export its secret, change its privacy. */
public interface WalletUseCases {
    SignedOutcome<Exported> export(Caller caller, InternalAccountId wallet, WalletExport command, SignedCall call);

    SignedOutcome<InternalAccountView> update(Caller caller, InternalAccountId wallet, WalletUpdate command,
                                              SignedCall call);
}
