package payments.core.cardnetwork;

/** Why an authorization was declined: told to the network (and, in the sandbox, to the simulator's caller). */
public enum DeclineReason {
    INSUFFICIENT_FUNDS, CARD_PAUSED, CARD_NOT_ACTIVE, SPEND_LIMIT_EXCEEDED
}
