package payments.core.cardnetwork;

/**
 * How the money of a card payment is pulled from its funding source, as the issuer reports it: confirmed at once,
 * confirmed later (the pull is pending meanwhile), or reported failed after it was made, which leaves the network
 * paid and the account not debited: an {@code EXCEPTION}.
 */
public enum FundingPull {
    IMMEDIATE, DELAYED, CONFIRMATION_FAILS
}
