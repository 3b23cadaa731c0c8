package payments.ports.transfer;

import payments.core.account.ExternalAccount;
import payments.core.account.InternalAccount;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Hold;
import payments.core.transaction.Transaction;

/** A checked transfer-out before its hold: PROCESSING, with the hold's id. */
record OutgoingTransfer(Transaction transaction, InternalAccount source, ExternalAccount destination) {
    Hold hold() {
        return Hold.pending(transaction.holdId(), AccountRef.owned(source.id().value()), source.currency(),
                transaction.sentAmount().amountMinor());
    }
}
