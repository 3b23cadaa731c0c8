package payments.core.card;

/** The network a card is issued on, set by its issuer at provisioning. */
public enum CardBrand {
    VISA, MASTERCARD
}
