package payments.ports.walletauth;

import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import payments.core.customer.Customer;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.id.EntityId;
import payments.core.platform.Caller;
import payments.core.wallet.AuthChallenge;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.Credential;
import payments.core.wallet.SignedRequest;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.wallet.AuthChallenges;
import payments.ports.driven.wallet.Credentials;
import payments.ports.driven.wallet.Passkeys;
import payments.ports.driven.wallet.WalletCrypto;
import payments.ports.time.PlatformClock;
import payments.ports.wallet.CredentialSessions;
import payments.ports.wallet.NewSession;
import payments.ports.wallet.SignedCall;
import payments.ports.wallet.SignedOutcome;
import payments.ports.wallet.SignedRetry;

/**
 * PASSKEY credentials: WebAuthn, each passkey once per wallet. A challenge fixes the client key the session will be
 * sealed to; its assertion, checked against the credential's sign count under the wallet's lock, opens the session.
 */
public final class PasskeyCredentials implements CredentialKind {
    static final String LEGACY_PASSKEY_SIGNATURE = "sandbox-valid-passkey-signature";
    /** WebAuthn wants at least 16 unpredictable bytes; an id's are partly its time. */
    private static final int CHALLENGE_BYTES = 32;

    private final Passkeys passkeys;
    private final AuthChallenges challenges;
    private final Credentials credentials;
    private final WalletCrypto crypto;
    private final CredentialSessions sessions;
    private final PlatformClock clock;
    private final Ids ids;
    private final TransactionRunner tx;

    public PasskeyCredentials(Passkeys passkeys, AuthChallenges challenges, Credentials credentials,
            WalletCrypto crypto,
                       CredentialSessions sessions, PlatformClock clock, Ids ids, TransactionRunner tx) {
        this.passkeys = passkeys;
        this.challenges = challenges;
        this.credentials = credentials;
        this.crypto = crypto;
        this.sessions = sessions;
        this.clock = clock;
        this.ids = ids;
        this.tx = tx;
    }

    @Override
    public AuthMethodType type() {
        return AuthMethodType.PASSKEY;
    }

    @Override
    public void requireRegistrationFields(NewCredential request) {
        if (request.challenge() == null) {
            throw InvalidFields.of("challenge", "is required for PASSKEY");
        }
        if (request.attestation() == null) {
            throw InvalidFields.of("attestation", "is required for PASSKEY");
        }
    }

    /** The passkey's id as the client states it; its attestation is verified by the retry's registration. */
    @Override
    public String identityBeforeRegistration(Caller caller, Customer owner, NewCredential request) {
        return request.attestation().credentialId();
    }

    @Override
    public Registration register(Caller caller, Customer owner, NewCredential request) {
        NewCredential.Attestation attestation = request.attestation();
        Passkeys.Registered registered;
        try {
            registered = passkeys.register(request.challenge(), attestation.credentialId(),
                    attestation.clientDataJson(), attestation.attestationObject());
        } catch (Passkeys.Rejected e) {
            throw InvalidFields.of("attestation", "registration rejected: " + e.getMessage());
        }
        return new Registration(registered.credentialId(), request.nickname() == null ? "Passkey"
                : request.nickname(), null, registered.attestedCredentialData(), registered.signCount());
    }

    @Override
    public void checkLimit(String identity, List<Credential> existing) {
        if (existing.stream().anyMatch(c -> c.type() == AuthMethodType.PASSKEY && c.identity().equals(identity))) {
            throw new InvalidInput("PASSKEY_CREDENTIAL_ALREADY_EXISTS", "This passkey is already registered");
        }
    }

    @Override
    public Challenged challenge(Caller caller, Credential locked, CredentialChallenge request, Instant now) {
        AuthChallenge.requireUnderLimit(challenges.countSince(caller.platformId(), locked.id(),
                now.minus(AuthChallenge.WINDOW)));
        UUID id = ids.newId();
        if (request.clientPublicKey() == null) {
            throw InvalidFields.of("clientPublicKey", "is required for a PASSKEY challenge");
        }
        String clientKey = CredentialSessions.canonicalKey(crypto, request.clientPublicKey(), "clientPublicKey");
        String challengeHex = HexFormat.of().formatHex(crypto.randomBytes(CHALLENGE_BYTES));
        AuthChallenge challenge = new AuthChallenge(id, locked.accountId(), locked.id(), locked.type(), challengeHex,
                clientKey, null, null, null, 0, now, now.plus(AuthChallenge.LIFETIME), null);
        challenges.insert(caller.platformId(), challenge);
        return new Challenged(locked, null, challenge);
    }

    @Override
    public SignedOutcome<NewSession> verify(Caller caller, Credential credential, CredentialVerification request,
                                            SignedCall call) {
        CredentialVerification.Assertion assertion = request.assertion();
        if (assertion == null) {
            throw InvalidFields.of("assertion", "is required");
        }
        if (call.requestId() == null) {
            throw SignedRetry.unauthorized("REQUEST_ID_MISSING", "Request-Id from /challenge is required");
        }
        return new SignedOutcome.Done<>(tx.inTransaction(() -> {
            // Locked and read again: two assertions at once are checked against each other's sign count, not both
            // against the one read before either.
            Credential current = sessions.lockActive(caller, credential)
                    .orElseThrow(() -> SignedRetry.failedCheck("The credential was revoked"));
            Instant now = clock.now(caller);
            UUID id;
            try {
                id = EntityId.parse(SignedRequest.KIND, "Request-Id", call.requestId());
            } catch (InvalidInput e) {
                throw SignedRetry.failedCheck("Request-Id is not a Request:<uuid>");
            }
            AuthChallenge challenge = challenges.findForUpdate(caller.platformId(), id)
                    .filter(c -> c.credentialId().equals(current.id()) && c.isUsable(now))
                    .orElseThrow(() -> SignedRetry.failedCheck("Request-Id is unknown, used or expired"));
            long count = current.signCount();
            if (!(caller.isSandbox() && LEGACY_PASSKEY_SIGNATURE.equals(assertion.signature()))) {
                try {
                    count = passkeys.assert_(new Passkeys.Registered(current.identity(), current.passkeyData(),
                                    current.signCount()), challenge.challengeHex(), assertion.credentialId(),
                            assertion.clientDataJson(), assertion.authenticatorData(), assertion.signature(),
                            assertion.userHandle());
                } catch (Passkeys.Rejected e) {
                    throw SignedRetry.failedCheck("Passkey assertion rejected: " + e.getMessage());
                }
            }
            NewSession session = sessions.sealed(caller, current, challenge.clientPublicKey(), null);
            credentials.update(caller.platformId(), current.withSignCount(count, now));
            challenges.consume(caller.platformId(), challenge.id(), now);
            return session;
        }), null);
    }
}
