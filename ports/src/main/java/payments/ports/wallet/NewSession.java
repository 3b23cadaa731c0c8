package payments.ports.wallet;

import payments.core.wallet.WalletSession;

/** A new wallet session, and for OAUTH, PASSKEY and a refresh the session's key sealed to the client (else null). */
public record NewSession(WalletSession session, String encryptedSessionSigningKey) {
}
