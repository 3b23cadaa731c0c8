package payments.ports.walletauth;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import payments.core.customer.Customer;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.platform.Caller;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.Credential;
import payments.core.wallet.SignedRequest.SignerRule;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.time.PlatformClock;
import payments.ports.wallet.CredentialSessions;
import payments.ports.wallet.NewSession;
import payments.ports.wallet.SignedCall;
import payments.ports.wallet.SignedOutcome;
import payments.ports.wallet.SignedRetry;

/**
 * EMAIL_OTP and SMS_OTP credentials: tied to the wallet owner's email or phone number, one of each per wallet. A
 * challenge sends a six-digit code (the sandbox's is fixed) and returns the bundle of a one-time target key the client
 * seals the code to; verifying opens the bundle (202, signed by the key it carried) and the signed retry opens a
 * session bound to that key.
 */
public final class OtpCredentials implements CredentialKind {
    private final AuthMethodType type;
    private final OtpCodes codes;
    private final SignedRetry signedRetry;
    private final CredentialSessions sessions;
    private final PlatformClock clock;
    private final Ids ids;
    private final TransactionRunner tx;

    public OtpCredentials(AuthMethodType type, OtpCodes codes, SignedRetry signedRetry, CredentialSessions sessions,
                          PlatformClock clock, Ids ids, TransactionRunner tx) {
        this.type = type;
        this.codes = codes;
        this.signedRetry = signedRetry;
        this.sessions = sessions;
        this.clock = clock;
        this.ids = ids;
        this.tx = tx;
    }

    @Override
    public AuthMethodType type() {
        return type;
    }

    @Override
    public void requireRegistrationFields(NewCredential request) {
    }

    @Override
    public String identityBeforeRegistration(Caller caller, Customer owner, NewCredential request) {
        return contactOf(owner);
    }

    @Override
    public Registration register(Caller caller, Customer owner, NewCredential request) {
        String contact = contactOf(owner);
        return new Registration(contact, contact, null, null, 0);
    }

    @Override
    public void checkLimit(String identity, List<Credential> existing) {
        if (existing.stream().anyMatch(c -> c.type() == type)) {
            throw new InvalidInput(type + "_CREDENTIAL_ALREADY_EXISTS", "The wallet already has an " + type);
        }
    }

    /** An OTP credential added by signed retry gets its code on the retry (reference/wallet-auth.md). */
    @Override
    public Challenged added(Caller caller, Credential added) {
        return new Challenged(added, codes.send(caller, added, ids.newId(), clock.now(caller)), null);
    }

    @Override
    public Challenged challenge(Caller caller, Credential locked, CredentialChallenge request, Instant now) {
        codes.requireUnderLimit(caller, locked, now);
        return new Challenged(locked, codes.send(caller, locked, ids.newId(), now), null);
    }

    /** The first call opens the bundle and checks the code (202); the retry signed by its key opens a session. */
    @Override
    public SignedOutcome<NewSession> verify(Caller caller, Credential credential, CredentialVerification request,
                                            SignedCall call) {
        String bundle = request.encryptedOtpBundle();
        if (bundle == null) {
            throw InvalidFields.of("encryptedOtpBundle", "is required for " + credential.type());
        }
        var guard = new SignedRetry.Guard(caller, credential.accountId(), credential.type(),
                "ACTIVITY_TYPE_OTP_LOGIN", call, Map.of(), SignerRule.BOUND_KEY, null, null);
        if (!guard.isFirstLeg()) {
            return tx.inTransaction(() -> {
                // The wallet first, before the request's row, as every wallet path takes them.
                sessions.lockWallet(caller, credential.accountId());
                return signedRetry.run(guard, signer -> new NewSession(sessions.open(caller, credential, signer, null),
                        null));
            });
        }
        OtpCodes.CodeCheck check = tx.inTransaction(() -> checkCode(caller, credential, bundle));
        if (check.failure() != null) {
            throw check.failure();
        }
        return tx.inTransaction(() -> new SignedOutcome.Challenge<>(signedRetry.issue(new SignedRetry.Guard(caller,
                credential.accountId(), credential.type(), "ACTIVITY_TYPE_OTP_LOGIN", call,
                Map.of("publicKey", check.publicKey(), "credentialId", credential.wireId()), SignerRule.BOUND_KEY,
                check.publicKey(), null))));
    }

    /** The credential must still be active; the code is checked under the challenge's row lock. */
    private OtpCodes.CodeCheck checkCode(Caller caller, Credential credential, String bundle) {
        sessions.lockActive(caller,
                credential).orElseThrow(() -> SignedRetry.failedCheck("The credential was revoked"));
        return codes.check(caller, credential, bundle, clock.now(caller));
    }

    private String contactOf(Customer customer) {
        String contact = type == AuthMethodType.EMAIL_OTP ? customer.email() : customer.phoneNumber();
        if (contact == null) {
            throw new InvalidInput("MISSING_MANDATORY_USER_INFO", "The customer has no "
                    + (type == AuthMethodType.EMAIL_OTP ? "email" : "phoneNumber") + " for " + type);
        }
        return contact;
    }
}
