package payments.ports.walletauth;

import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.account.InternalAccount;
import payments.core.customer.Customer;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.id.InternalAccountId;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.Credential;
import payments.core.wallet.SignedRequest.SignerRule;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.wallet.Credentials;
import payments.ports.time.PlatformClock;
import payments.ports.wallet.CredentialSessions;
import payments.ports.wallet.NewSession;
import payments.ports.wallet.SignedCall;
import payments.ports.wallet.SignedOutcome;
import payments.ports.wallet.SignedRetry;
import payments.ports.wallet.WalletAccounts;

/**
 * {@link WalletAuthUseCases}: what every credential goes through (the wallet's locks, the signed retry once the wallet
 * has a credential, the one-credential minimum), each kind's own part done by its {@link CredentialKind}.
 */
public final class WalletAuthService implements WalletAuthUseCases {
    private final Credentials credentials;
    private final WalletAccounts wallets;
    private final CredentialSessions sessions;
    private final SignedRetry signedRetry;
    private final Map<AuthMethodType, CredentialKind> kinds;
    private final PlatformClock clock;
    private final Ids ids;
    private final TransactionRunner tx;

    /** @param kinds one per credential type */
    public WalletAuthService(Credentials credentials, WalletAccounts wallets, CredentialSessions sessions,
                             SignedRetry signedRetry, List<CredentialKind> kinds, PlatformClock clock, Ids ids,
                             TransactionRunner tx) {
        this.credentials = credentials;
        this.wallets = wallets;
        this.sessions = sessions;
        this.signedRetry = signedRetry;
        this.kinds = new EnumMap<>(AuthMethodType.class);
        kinds.forEach(kind -> this.kinds.put(kind.type(), kind));
        this.clock = clock;
        this.ids = ids;
        this.tx = tx;
    }

    /**
     * Unsigned to a wallet with none, else by signed retry. An OTP credential added by signed retry gets its code on
     * the retry, to verify with {@code /verify}; the first one of a wallet does not (it calls {@code /challenge}).
     */
    @Override
    public SignedOutcome<Challenged> create(Caller caller, NewCredential command, SignedCall call) {
        caller.require(Permission.MANAGE);
        CredentialKind kind = kinds.get(command.type());
        InternalAccount wallet = wallets.require(caller, "accountId", command.accountId());
        kind.requireRegistrationFields(command);
        return tx.inTransaction(() -> {
            // The owner first, as a contact change locks it before the credentials tied to the contact: an OTP
            // credential's address is the contact as it stands after any change in flight.
            Customer owner = wallets.ownerForUpdate(caller, wallet);
            // Locked as a revocation locks them: a credential set counted here stays the set the retry adds to.
            List<Credential> existing = sessions.lockWallet(caller, wallet.id());
            if (existing.isEmpty()) {
                return new SignedOutcome.Done<>(new Challenged(register(caller, wallet, owner, kind, command,
                        existing), null, null), null);
            }
            var guard = new SignedRetry.Guard(caller, wallet.id(), kind.type(), "ACTIVITY_TYPE_CREATE_AUTHENTICATORS",
                    call, Map.of("credentialType", kind.type().name()), SignerRule.ANY_SESSION, null, null);
            if (guard.isFirstLeg()) {
                kind.checkLimit(kind.identityBeforeRegistration(caller, owner, command), existing);
            }
            return signedRetry.run(guard, signer -> kind.added(caller, register(caller, wallet, owner, kind, command,
                    existing)));
        });
    }

    @Override
    public List<Credential> list(Caller caller, InternalAccountId wallet) {
        caller.require(Permission.VIEW);
        return credentials.listActive(caller.platformId(), wallet);
    }

    @Override
    public SignedOutcome<Void> revoke(Caller caller, UUID credentialId, SignedCall call) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            Credential credential = credential(caller, credentialId);
            if (sessions.lockWallet(caller, credential.accountId()).size() <= 1) {
                throw new InvalidInput("INVALID_INPUT", "A wallet keeps at least one credential; add another first");
            }
            var guard = new SignedRetry.Guard(caller, credential.accountId(), credential.type(),
                    "ACTIVITY_TYPE_DELETE_AUTHENTICATORS", call,
                    Map.of("credentialId", credential.wireId()), SignerRule.SESSION_OF_OTHER_CREDENTIAL,
                    credential.id().toString(), null);
            return signedRetry.run(guard, signer -> {
                sessions.revoke(caller, credential, clock.now(caller));
                return null;
            });
        });
    }

    @Override
    public Challenged challenge(Caller caller, UUID credentialId, CredentialChallenge command) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            // Locked, so concurrent challenges count each other (the rate limit holds) and a contact change in
            // flight has committed: the code goes to the credential's address as it stands.
            Credential credential = sessions.lockActive(caller, credential(caller, credentialId))
                    .orElseThrow(() -> notFound(credentialId));
            Instant now = clock.now(caller);
            return kinds.get(credential.type()).challenge(caller, credential, command, now);
        });
    }

    @Override
    public SignedOutcome<NewSession> verify(Caller caller, UUID credentialId, CredentialVerification command,
                                            SignedCall call) {
        caller.require(Permission.MANAGE);
        Credential credential = tx.inTransaction(() -> credential(caller, credentialId));
        if (credential.type() != command.type()) {
            throw InvalidFields.of("type", "must be " + credential.type() + ", the credential's type");
        }
        return kinds.get(credential.type()).verify(caller, credential, command, call);
    }

    /** Registers the credential the kind verified, within the wallet's limits for it. */
    private Credential register(Caller caller, InternalAccount wallet, Customer owner, CredentialKind kind,
                                NewCredential command, List<Credential> existing) {
        Instant now = clock.now(caller);
        CredentialKind.Registration registered = kind.register(caller, owner, command);
        kind.checkLimit(registered.identity(), existing);
        Credential credential = new Credential(ids.newId(), wallet.id(), kind.type(), registered.nickname(),
                registered.identity(), registered.audience(), registered.passkeyData(), registered.signCount(), now,
                now);
        credentials.insert(caller.platformId(), credential);
        return credential;
    }

    private Credential credential(Caller caller, UUID id) {
        return credentials.find(caller.platformId(), id).orElseThrow(() -> notFound(id));
    }

    private static NotFound notFound(UUID credentialId) {
        return new NotFound("REFERENCE_NOT_FOUND", "No credential " + Credential.KIND + ":" + credentialId);
    }
}
