package payments.core.transaction;

/** Whether the platform's customer account is credited or debited (independent of the type). */
public enum Direction {
    CREDIT, DEBIT
}
