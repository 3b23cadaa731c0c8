package payments.core.ledger;

/** A hold is pending until it is posted (the money moves) or voided (the money is released); never both. */
public enum HoldStatus {
    PENDING, POSTED, VOIDED
}
