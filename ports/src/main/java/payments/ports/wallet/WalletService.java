package payments.ports.wallet;

import java.util.Map;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountView;
import payments.core.error.InvalidFields;
import payments.core.id.InternalAccountId;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.SignedRequest.SignerRule;
import payments.ports.account.InternalAccountService;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.account.InternalAccounts;
import payments.ports.driven.wallet.WalletCrypto;
import payments.ports.driven.wallet.WalletSecrets;
import payments.ports.time.PlatformClock;

/** {@link WalletUseCases}: each action a signed retry by any active session of the wallet. */
public final class WalletService implements WalletUseCases {
    private final InternalAccounts accounts;
    private final WalletAccounts wallets;
    private final InternalAccountService views;
    private final WalletSecrets secrets;
    private final WalletCrypto crypto;
    private final SignedRetry signedRetry;
    private final PlatformClock clock;
    private final TransactionRunner tx;

    public WalletService(InternalAccounts accounts, WalletAccounts wallets, InternalAccountService views,
                         WalletSecrets secrets, WalletCrypto crypto, SignedRetry signedRetry, PlatformClock clock,
                         TransactionRunner tx) {
        this.accounts = accounts;
        this.wallets = wallets;
        this.views = views;
        this.secrets = secrets;
        this.crypto = crypto;
        this.signedRetry = signedRetry;
        this.clock = clock;
        this.tx = tx;
    }

    @Override
    public SignedOutcome<Exported> export(Caller caller, InternalAccountId id, WalletExport command,
                                          SignedCall call) {
        caller.require(Permission.MANAGE);
        String clientKey = command.clientPublicKey();
        CredentialSessions.canonicalKey(crypto, clientKey, "clientPublicKey"); // a bad key is 400 before any 202
        InternalAccount wallet = wallets.require(caller, "id", id);
        var guard = new SignedRetry.Guard(caller, wallet.id(), AuthMethodType.EMAIL_OTP,
                "ACTIVITY_TYPE_EXPORT_WALLET", call,
                Map.of("clientPublicKey", clientKey), SignerRule.ANY_SESSION, null, null);
        return signedRetry.run(guard, signer -> {
            byte[] secret = secrets.find(caller.platformId(), wallet.id()).orElseThrow();
            try {
                return new Exported(wallet, crypto.exportBundle(clientKey, secret, wallet.id().toString()));
            } catch (WalletCrypto.InvalidKey e) {
                throw InvalidFields.of("clientPublicKey", "is not a valid P-256 public key");
            }
        });
    }

    @Override
    public SignedOutcome<InternalAccountView> update(Caller caller, InternalAccountId id, WalletUpdate command,
                                                     SignedCall call) {
        caller.require(Permission.MANAGE);
        boolean privateEnabled = command.privateEnabled();
        InternalAccount wallet = wallets.require(caller, "id", id);
        var guard = new SignedRetry.Guard(caller, wallet.id(), AuthMethodType.EMAIL_OTP,
                "ACTIVITY_TYPE_UPDATE_WALLET", call,
                Map.of("privateEnabled", Boolean.toString(privateEnabled)), SignerRule.ANY_SESSION, null, null);
        return signedRetry.run(guard, signer -> tx.inTransaction(() -> {
            accounts.setPrivacy(caller.platformId(), wallet.id(), privateEnabled, clock.now(caller));
            return views.view(caller, accounts.find(caller.platformId(), wallet.id()).orElseThrow());
        }));
    }
}
