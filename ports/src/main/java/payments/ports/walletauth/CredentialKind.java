package payments.ports.walletauth;

import java.time.Instant;
import java.util.List;
import payments.core.customer.Customer;
import payments.core.platform.Caller;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.Credential;
import payments.ports.wallet.NewSession;
import payments.ports.wallet.SignedCall;
import payments.ports.wallet.SignedOutcome;

/** What one kind of credential does its own way: how it registers, is challenged, and proves itself. */
public interface CredentialKind {
    /** The type of credential this kind serves. */
    AuthMethodType type();

    /** What a registration gives the new credential. */
    record Registration(String identity, String nickname, String audience, byte[] passkeyData, long signCount) {
    }

    /** 400 unless the request carries what this kind registers with. */
    void requireRegistrationFields(NewCredential request);

    /** The identity the credential would have, as far as the first leg can tell (before any verification). */
    String identityBeforeRegistration(Caller caller, Customer owner, NewCredential request);

    /** Verifies what the kind verifies and gives the credential's parts. */
    Registration register(Caller caller, Customer owner, NewCredential request);

    /** 400 when the wallet's {@code existing} credentials leave no room for one of this kind and identity. */
    void checkLimit(String identity, List<Credential> existing);

    /** What a credential of this kind added by signed retry gets at once: an OTP's code, to verify with. */
    default Challenged added(Caller caller, Credential added) {
        return new Challenged(added, null, null);
    }

    /** A challenge of the credential, locked and active ({@code locked}), issued at {@code now}. */
    Challenged challenge(Caller caller, Credential locked, CredentialChallenge request, Instant now);

    /** The proof of the credential, opening a session (an OTP's in two legs of a signed retry). */
    SignedOutcome<NewSession> verify(Caller caller, Credential credential, CredentialVerification request,
                                     SignedCall call);
}
