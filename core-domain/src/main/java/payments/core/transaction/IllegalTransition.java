package payments.core.transaction;

import payments.core.error.Conflict;

/** A move the state machine does not allow; the request conflicts with the transaction's state (409). */
public final class IllegalTransition {
    private IllegalTransition() {
    }

    static Conflict of(String code, Transaction t, String action) {
        return new Conflict(code, "Transaction " + t.id() + " is " + t.status() + " and cannot be " + action);
    }
}
