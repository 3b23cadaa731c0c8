package payments.ports.uma;

import payments.core.platform.Caller;
import payments.core.transaction.Transaction;

/**
 * Sandbox: incoming UMA payments (TRANSACT). One lands in the customer's default UMA deposit account (an external
 * account of its currency, paid out through the rail) or else in the customer's internal account of the currency;
 * one that needs the platform's approval first asks for it by webhook.
 */
public interface IncomingUmaUseCases {
    /**
     * Records the payment: settled at once, or awaiting approval, which {@link #decide} then asks for. Its own
     * database transaction, or the caller's (an Idempotency-Key's).
     */
    Transaction record(Caller caller, IncomingUmaPayment command);

    /**
     * A recorded payment as the platform decides it: one awaiting approval is put to the platform's webhook, with no
     * database transaction open, since the platform may answer by calling back about it.
     */
    Transaction decide(Transaction recorded);
}
