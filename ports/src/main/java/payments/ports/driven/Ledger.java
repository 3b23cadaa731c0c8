package payments.ports.driven;

import payments.core.common.PlatformId;
import payments.core.ledger.Journal;

/**
 * The books. {@link #post} applies a balanced journal atomically: every posting updates its account's balance
 * with a conditional write (customer and platform accounts never go below zero; system accounts may) and records
 * an entry with the running balance. Raises {@link InsufficientFunds} and changes nothing if any account would go
 * negative. System accounts are created on first use.
 */
public interface Ledger {
    void post(PlatformId platform, Journal journal);

    final class InsufficientFunds extends RuntimeException {
        public InsufficientFunds(String message) {
            super(message, null, false, false);
        }
    }
}
