package payments.ports.wallet;

import payments.ports.time.PlatformClock;
import java.util.Map;
import payments.core.account.InternalAccount;
import payments.core.common.InvalidFields;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.validation.ObjectSchema;
import payments.core.validation.Types;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.SignedRequest.SignerRule;
import payments.ports.driven.account.InternalAccounts;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.wallet.WalletCrypto;
import payments.ports.driven.wallet.WalletSecrets;

/** Embedded-wallet actions signed by a session of the wallet: export its secret, change its privacy. */
public final class WalletService {
    private static final ObjectSchema EXPORT = ObjectSchema.of()
            .required("clientPublicKey", Types.pattern(WalletAuthService.PUBLIC_KEY_PATTERN, 66, 130));
    private static final ObjectSchema UPDATE = ObjectSchema.of().required("privateEnabled", Types.bool());

    private final InternalAccounts accounts;
    private final WalletAccounts wallets;
    private final WalletSecrets secrets;
    private final WalletCrypto crypto;
    private final SignedRetry signedRetry;
    private final PlatformClock clock;
    private final TransactionRunner tx;

    public WalletService(InternalAccounts accounts, WalletSecrets secrets, WalletCrypto crypto,
                         SignedRetry signedRetry, PlatformClock clock, TransactionRunner tx) {
        this.accounts = accounts;
        this.wallets = new WalletAccounts(accounts);
        this.secrets = secrets;
        this.crypto = crypto;
        this.signedRetry = signedRetry;
        this.clock = clock;
        this.tx = tx;
    }

    public record Exported(InternalAccount account, String encryptedWalletCredentials) {
    }

    public SignedRetry.Outcome<Exported> export(Caller caller, String accountId, Object body,
                                                SignedRetry.Signed signed) {
        caller.require(Permission.MANAGE);
        String clientKey = EXPORT.validate(body).string("clientPublicKey").orElseThrow();
        WalletAuthService.canonicalKey(crypto, clientKey, "clientPublicKey"); // a bad key is 400 before any 202
        InternalAccount wallet = wallets.require(caller, "id", accountId);
        var guard = new SignedRetry.Guard(caller, wallet.id(), AuthMethodType.EMAIL_OTP,
                "ACTIVITY_TYPE_EXPORT_WALLET", signed,
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

    public SignedRetry.Outcome<InternalAccount> update(Caller caller, String accountId, Object body,
                                                       SignedRetry.Signed signed) {
        caller.require(Permission.MANAGE);
        boolean privateEnabled = UPDATE.validate(body).bool("privateEnabled").orElseThrow();
        InternalAccount wallet = wallets.require(caller, "id", accountId);
        var guard = new SignedRetry.Guard(caller, wallet.id(), AuthMethodType.EMAIL_OTP,
                "ACTIVITY_TYPE_UPDATE_WALLET", signed,
                Map.of("privateEnabled", Boolean.toString(privateEnabled)), SignerRule.ANY_SESSION, null, null);
        return signedRetry.run(guard, signer -> tx.inTransaction(() -> {
            accounts.setPrivacy(caller.platformId(), wallet.id(), privateEnabled, clock.now(caller));
            return accounts.find(caller.platformId(), wallet.id()).orElseThrow();
        }));
    }
}
