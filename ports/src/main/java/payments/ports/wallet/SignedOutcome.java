package payments.ports.wallet;

import payments.core.wallet.SignedRequest;

/** The outcome of a wallet action behind a signed retry: a challenge to sign (202), or the action's result. */
public sealed interface SignedOutcome<T> permits SignedOutcome.Challenge, SignedOutcome.Done {
    /** The first leg: what to sign, and the request id to send back with the retry. */
    record Challenge<T>(SignedRequest request) implements SignedOutcome<T> {
    }

    /**
     * The action ran; {@code signer} is the public key (compressed hex) that signed; for the legacy sandbox value, the
     * key the payload binds, or null where it binds none.
     */
    record Done<T>(T value, String signer) implements SignedOutcome<T> {
    }
}
