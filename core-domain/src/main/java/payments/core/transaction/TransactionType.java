package payments.core.transaction;

/** A payment in ({@code INCOMING}) or out ({@code OUTGOING}), or a card's ({@code CARD}: a card transaction). */
public enum TransactionType {
    INCOMING, OUTGOING, CARD
}
