package payments.ports.cardnetwork;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import payments.core.id.CardId;
import payments.core.platform.Caller;

/**
 * What a card network asks of the issuer for a platform's card: decide an authorization, and apply the clearings,
 * advices and returns that follow it. In the sandbox the simulators call these; each is decided before it answers
 * (the time a network gives an issuer), and its webhooks follow.
 */
public interface CardNetworkUseCases {
    /**
     * An authorization, answered once decided (authorizations are group-committed); a declined one records
     * nothing.
     */
    CompletableFuture<NetworkAnswer> authorize(Caller caller, NetworkAuthorization command);

    /** A clearing of an open authorization: for less (partial), the same, more (post-hoc pull) or 0 (expiry). */
    NetworkAnswer clear(Caller caller, CardId card, NetworkAdjustment command);

    /** An authorization advice: the network's new total authorized for an open authorization. */
    NetworkAnswer advise(Caller caller, CardId card, NetworkAdjustment command);

    /** A merchant's return of part or all of what was settled. */
    NetworkAnswer acceptReturn(Caller caller, CardId card, NetworkAdjustment command);

    /** A return taken back by the network: the refunded amount is debited again. */
    NetworkAnswer reverseReturn(Caller caller, CardId card, UUID cardTransactionId);
}
