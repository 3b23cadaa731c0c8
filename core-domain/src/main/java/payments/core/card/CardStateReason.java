package payments.core.card;

/** Why a card is closed: its issuer refused to provision it, the platform closed it, or the service did. */
public enum CardStateReason {
    ISSUER_REJECTED, CLOSED_BY_PLATFORM, CLOSED_BY_SERVICE
}
