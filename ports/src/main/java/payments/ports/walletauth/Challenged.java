package payments.ports.walletauth;

import payments.core.wallet.AuthChallenge;
import payments.core.wallet.Credential;

/**
 * A credential with what was just issued for it: the bundle of an OTP just sent ({@code otpEncryptionTargetBundle}),
 * or a passkey challenge; neither for a credential that needs none yet.
 */
public record Challenged(Credential credential, String otpEncryptionTargetBundle, AuthChallenge passkey) {
}
