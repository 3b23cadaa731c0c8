package payments.core.transaction;

public enum TransactionType {
    INCOMING, OUTGOING
}
