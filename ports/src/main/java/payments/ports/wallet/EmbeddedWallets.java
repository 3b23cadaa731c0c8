package payments.ports.wallet;

import java.time.Instant;
import java.util.Map;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountStatus;
import payments.core.account.InternalAccountType;
import payments.core.customer.Customer;
import payments.core.id.InternalAccountId;
import payments.core.platform.Environment;
import payments.core.platform.Platform;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.Credential;
import payments.ports.driven.Ids;
import payments.ports.driven.account.InternalAccounts;
import payments.ports.driven.wallet.Credentials;
import payments.ports.driven.wallet.WalletCrypto;
import payments.ports.driven.wallet.WalletSecrets;

/**
 * Gives a customer with an email an embedded wallet when the platform enables them (on by default for sandbox
 * platforms; {@code embeddedWalletConfig.enabled} decides otherwise), in the configured currency (default USDC),
 * starting with an EMAIL_OTP credential tied to the customer's email.
 */
public final class EmbeddedWallets {
    static final String DEFAULT_CURRENCY = "USDC";
    /** The wallet's secret: 256 random bits. */
    private static final int SEED_BYTES = 32;

    private final InternalAccounts accounts;
    private final Credentials credentials;
    private final WalletSecrets secrets;
    private final WalletCrypto crypto;
    private final Ids ids;

    public EmbeddedWallets(InternalAccounts accounts, Credentials credentials, WalletSecrets secrets,
                           WalletCrypto crypto, Ids ids) {
        this.accounts = accounts;
        this.credentials = credentials;
        this.secrets = secrets;
        this.crypto = crypto;
        this.ids = ids;
    }

    /** Call inside the transaction that creates or updates the customer. */
    public void provision(Platform platform, Customer customer, Instant now) {
        if (customer.email() == null || !enabled(platform)) {
            return;
        }
        boolean hasWallet = accounts.listOwnedBy(platform.id(), customer.id()).stream()
                .anyMatch(a -> a.type() == InternalAccountType.EMBEDDED_WALLET);
        if (hasWallet) {
            return;
        }
        Map<String, Object> config = platform.config().embeddedWalletConfig();
        String currency = config != null && config.get("currency") instanceof String c ? c : DEFAULT_CURRENCY;
        InternalAccount wallet = new InternalAccount(new InternalAccountId(ids.newId()), customer.id(), currency,
                InternalAccountType.EMBEDDED_WALLET, InternalAccountStatus.ACTIVE, 0, 0, false, now, now);
        accounts.open(platform.id(), wallet);
        secrets.store(platform.id(), wallet.id(), crypto.randomBytes(SEED_BYTES));
        credentials.insert(platform.id(), new Credential(ids.newId(), wallet.id(), AuthMethodType.EMAIL_OTP,
                customer.email(), customer.email(), null, null, 0, now, now));
    }

    private static boolean enabled(Platform platform) {
        Map<String, Object> config = platform.config().embeddedWalletConfig();
        if (config != null && config.get("enabled") instanceof Boolean b) {
            return b;
        }
        return platform.environment() == Environment.SANDBOX;
    }
}
