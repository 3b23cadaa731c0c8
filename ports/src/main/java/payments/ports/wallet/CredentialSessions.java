package payments.ports.wallet;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import payments.core.error.InvalidFields;
import payments.core.id.InternalAccountId;
import payments.core.platform.Caller;
import payments.core.wallet.Credential;
import payments.core.wallet.WalletSession;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.wallet.Credentials;
import payments.ports.driven.wallet.WalletCrypto;
import payments.ports.driven.wallet.WalletSessions;
import payments.ports.time.PlatformClock;

/**
 * The sessions a wallet's credentials open, and the wallet's lock every wallet path takes first: its active
 * credentials, locked after the owner's row and before challenges, signed requests and sessions, so that changes to
 * one wallet apply one after another and never wait on each other in a circle. A session opens only for a credential
 * still active under that lock, and a revoked credential's sessions end with it.
 */
public final class CredentialSessions {
    private final Credentials credentials;
    private final WalletSessions sessions;
    private final WalletCrypto crypto;
    private final PlatformClock clock;
    private final Ids ids;
    private final TransactionRunner tx;

    public CredentialSessions(Credentials credentials, WalletSessions sessions, WalletCrypto crypto,
            PlatformClock clock,
                              Ids ids, TransactionRunner tx) {
        this.credentials = credentials;
        this.sessions = sessions;
        this.crypto = crypto;
        this.clock = clock;
        this.ids = ids;
        this.tx = tx;
    }

    /** Locks the wallet's active credentials until the transaction ends, and returns them. */
    public List<Credential> lockWallet(Caller caller, InternalAccountId wallet) {
        return credentials.listActiveForUpdate(caller.platformId(), wallet);
    }

    /** {@link #lockWallet}, then the credential as it now stands; empty once revoked. */
    public Optional<Credential> lockActive(Caller caller, Credential credential) {
        return lockWallet(caller, credential.accountId()).stream().filter(c -> c.id().equals(credential.id()))
                .findFirst();
    }

    /** A new session of the credential whose key is sealed to {@code clientKey} (OAUTH, PASSKEY, refresh). */
    public NewSession sealed(Caller caller, Credential credential, String clientKey, UUID replaces) {
        WalletCrypto.SealedSessionKey sealed;
        try {
            sealed = crypto.newSealedSessionKey(clientKey);
        } catch (WalletCrypto.InvalidKey e) {
            throw InvalidFields.of("clientPublicKey", "is not a valid P-256 public key");
        }
        return tx.inTransaction(() -> new NewSession(open(caller, credential, sealed.publicKey(), replaces),
                sealed.encryptedSessionSigningKey()));
    }

    /**
     * Opens a session of the credential if it is still active, checked under the lock a revocation takes (which also
     * orders concurrent opens). {@code replaces} (a refresh's old session, or null) ends first, and must still have
     * been active; then the wallet's oldest active sessions end to keep it within its cap.
     */
    public WalletSession open(Caller caller, Credential credential, String publicKey, UUID replaces) {
        lockActive(caller, credential).orElseThrow(() -> SignedRetry.failedCheck("The credential was revoked"));
        Instant now = clock.now(caller);
        if (replaces != null && !sessions.revoke(caller.platformId(), replaces, now)) {
            throw SignedRetry.failedCheck("The session is no longer active");
        }
        List<WalletSession> active = sessions.listActive(caller.platformId(), credential.accountId(), now);
        active.stream().sorted(Comparator.comparing(WalletSession::createdAt).thenComparing(WalletSession::id))
                .limit(Math.max(0, active.size() - (WalletSession.MAX_ACTIVE_PER_WALLET - 1)))
                .forEach(oldest -> sessions.revoke(caller.platformId(), oldest.id(), now));
        WalletSession session = new WalletSession(ids.newId(), credential.accountId(), credential.id(),
                credential.type(), credential.nickname(), publicKey, now, now, now.plus(WalletSession.LIFETIME),
                null);
        sessions.insert(caller.platformId(), session);
        return session;
    }

    /** Revokes the credential, and ends the sessions it opened. */
    public void revoke(Caller caller, Credential credential, Instant now) {
        credentials.revoke(caller.platformId(), credential.id(), now);
        sessions.revokeIssuedBy(caller.platformId(), credential.id(), now);
    }

    /** The key in its canonical form, or 400 naming {@code field} when it is not a point of P-256. */
    public static String canonicalKey(WalletCrypto crypto, String hex, String field) {
        try {
            return crypto.canonicalPublicKey(hex);
        } catch (WalletCrypto.InvalidKey e) {
            throw InvalidFields.of(field, "is not a valid P-256 public key");
        }
    }
}
