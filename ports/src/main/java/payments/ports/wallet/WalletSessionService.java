package payments.ports.wallet;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.error.NotFound;
import payments.core.id.InternalAccountId;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.wallet.Credential;
import payments.core.wallet.SignedRequest.SignerRule;
import payments.core.wallet.WalletSession;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.wallet.Credentials;
import payments.ports.driven.wallet.WalletCrypto;
import payments.ports.driven.wallet.WalletSessions;
import payments.ports.time.PlatformClock;

/** {@link WalletSessionUseCases}: list the active sessions, revoke one, refresh one onto a new client key. */
public final class WalletSessionService implements WalletSessionUseCases {
    private final WalletSessions sessions;
    private final Credentials credentials;
    private final CredentialSessions opening;
    private final SignedRetry signedRetry;
    private final WalletCrypto crypto;
    private final PlatformClock clock;
    private final TransactionRunner tx;

    public WalletSessionService(WalletSessions sessions, Credentials credentials, CredentialSessions opening,
                                SignedRetry signedRetry, WalletCrypto crypto, PlatformClock clock,
                                TransactionRunner tx) {
        this.sessions = sessions;
        this.credentials = credentials;
        this.opening = opening;
        this.signedRetry = signedRetry;
        this.crypto = crypto;
        this.clock = clock;
        this.tx = tx;
    }

    @Override
    public List<WalletSession> list(Caller caller, InternalAccountId account) {
        caller.require(Permission.VIEW);
        return sessions.listActive(caller.platformId(), account, clock.now(caller));
    }

    @Override
    public SignedOutcome<Void> revoke(Caller caller, UUID id, SignedCall call) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            WalletSession session = active(caller, id);
            var guard = new SignedRetry.Guard(caller, session.accountId(), session.type(),
                    "ACTIVITY_TYPE_DELETE_SESSION", call,
                    Map.of("sessionId", session.wireId()), SignerRule.ANY_SESSION, null, null);
            return signedRetry.run(guard, signer -> {
                sessions.revoke(caller.platformId(), id, clock.now(caller));
                return null;
            });
        });
    }

    /**
     * Signed by the refreshed session's own key: only its holder may move it to a new key (another session's holder
     * could otherwise take over a session of another credential, and keep that credential's authority after its own
     * was revoked). The refreshed session must be active on both legs (401 when it is not, 404 when there is none),
     * and it ends when the new one starts.
     */
    @Override
    public SignedOutcome<NewSession> refresh(Caller caller, UUID id, SessionRefresh command, SignedCall call) {
        caller.require(Permission.MANAGE);
        String clientKey = command.clientPublicKey();
        CredentialSessions.canonicalKey(crypto, clientKey, "clientPublicKey");
        return tx.inTransaction(() -> {
            WalletSession session = sessions.find(caller.platformId(), id).orElseThrow(() -> notFound(id));
            if (!session.isActive(clock.now(caller))) {
                throw SignedRetry.failedCheck("The session is no longer active");
            }
            var guard = new SignedRetry.Guard(caller, session.accountId(), session.type(),
                    "ACTIVITY_TYPE_REFRESH_SESSION", call,
                    Map.of("sessionId", session.wireId(), "clientPublicKey", clientKey), SignerRule.BOUND_KEY,
                    session.publicKey(), null);
            if (!guard.isFirstLeg()) {
                opening.lockWallet(caller, session.accountId()); // before the request's row, as every wallet path does
            }
            return signedRetry.run(guard, signer -> {
                Credential credential = credentials.find(caller.platformId(), session.credentialId())
                        .orElseThrow(() -> new NotFound("REFERENCE_NOT_FOUND", "The session's credential is gone"));
                // The old session ends inside the new one's opening: after the wallet's credential locks (the order
                // a credential's revocation takes them in), before the cap counts the wallet's sessions, and only if
                // no logout or eviction ended it since it was read.
                return opening.sealed(caller, credential, clientKey, id);
            });
        });
    }

    private WalletSession active(Caller caller, UUID id) {
        Instant now = clock.now(caller);
        return sessions.find(caller.platformId(), id).filter(s -> s.isActive(now)).orElseThrow(() -> notFound(id));
    }

    private static NotFound notFound(UUID id) {
        return new NotFound("REFERENCE_NOT_FOUND", "No active session " + WalletSession.KIND + ":" + id);
    }
}
