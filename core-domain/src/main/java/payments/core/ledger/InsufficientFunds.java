package payments.core.ledger;

/** An owned account cannot cover a debit or hold: nothing of the movement may be applied. */
public final class InsufficientFunds extends RuntimeException {
    public InsufficientFunds(String message) {
        super(message, null, false, false);
    }
}
