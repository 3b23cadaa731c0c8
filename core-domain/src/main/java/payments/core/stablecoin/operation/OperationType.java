package payments.core.stablecoin.operation;

/** A mint creates tokens; a burn destroys them and pays their fiat value out. */
public enum OperationType {
    MINT, BURN
}
