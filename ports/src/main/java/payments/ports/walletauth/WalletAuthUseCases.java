package payments.ports.walletauth;

import java.util.List;
import java.util.UUID;
import payments.core.id.InternalAccountId;
import payments.core.platform.Caller;
import payments.core.wallet.Credential;
import payments.ports.wallet.NewSession;
import payments.ports.wallet.SignedCall;
import payments.ports.wallet.SignedOutcome;

/**
 * An embedded wallet's credentials (EMAIL_OTP, SMS_OTP, OAUTH, PASSKEY): added (unsigned to a wallet with none, else
 * by signed retry), listed, revoked, challenged, and verified into sessions. All MANAGE but the list (VIEW).
 */
public interface WalletAuthUseCases {
    SignedOutcome<Challenged> create(Caller caller, NewCredential command, SignedCall call);

    List<Credential> list(Caller caller, InternalAccountId wallet);

    SignedOutcome<Void> revoke(Caller caller, UUID credentialId, SignedCall call);

    /** An OTP sent (its bundle returned), or a passkey challenge; OAUTH credentials verify a fresh token directly. */
    Challenged challenge(Caller caller, UUID credentialId, CredentialChallenge command);

    SignedOutcome<NewSession> verify(Caller caller, UUID credentialId, CredentialVerification command,
                                     SignedCall call);
}
