package payments.ports.wallet;

import java.util.List;
import java.util.UUID;
import payments.core.id.InternalAccountId;
import payments.core.platform.Caller;
import payments.core.wallet.WalletSession;

/** A wallet's sessions: listed (VIEW), ended or moved to a new client key by signed retry (MANAGE). */
public interface WalletSessionUseCases {
    List<WalletSession> list(Caller caller, InternalAccountId wallet);

    /** Any active session of the wallet may sign, the revoked one included (logging out). */
    SignedOutcome<Void> revoke(Caller caller, UUID id, SignedCall call);

    /** A new session sealed to the new client key, signed by the refreshed session's own key. */
    SignedOutcome<NewSession> refresh(Caller caller, UUID id, SessionRefresh command, SignedCall call);
}
