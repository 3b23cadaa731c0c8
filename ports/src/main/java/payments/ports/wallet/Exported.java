package payments.ports.wallet;

import payments.core.account.InternalAccount;

/** A wallet's secret, sealed to the client key it was exported to. */
public record Exported(InternalAccount account, String encryptedWalletCredentials) {
}
