package payments.ports.transaction;

import java.time.Instant;
import java.util.UUID;
import payments.core.cardnetwork.CardTransaction;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.transaction.ListedTransaction;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionFilter;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.card.CardTransactions;
import payments.ports.driven.transaction.Transactions;
import payments.ports.time.PlatformClock;
import payments.ports.transfer.TransferOutcomes;
import payments.ports.uma.IncomingPayments;

/** {@link TransactionUseCases}: a cancellation releases a transfer's hold, an approval credits the receiver. */
public final class TransactionService implements TransactionUseCases {
    private final Transactions transactions;
    private final CardTransactions cardTransactions;
    private final TransferOutcomes transfers;
    private final IncomingPayments incoming;
    private final PlatformClock clock;
    private final TransactionRunner tx;

    public TransactionService(Transactions transactions, CardTransactions cardTransactions,
                              TransferOutcomes transfers, IncomingPayments incoming, PlatformClock clock,
                              TransactionRunner tx) {
        this.transactions = transactions;
        this.cardTransactions = cardTransactions;
        this.transfers = transfers;
        this.incoming = incoming;
        this.clock = clock;
        this.tx = tx;
    }

    @Override
    public Transaction get(Caller caller, UUID id) {
        caller.require(Permission.VIEW);
        return transactions.find(caller.platformId(), id).orElseThrow(() -> Transaction.notFound(id));
    }

    @Override
    public CardTransaction getCard(Caller caller, UUID id) {
        caller.require(Permission.VIEW);
        return cardTransactions.find(caller.platformId(), id).orElseThrow(() -> CardTransaction.notFound(id));
    }

    /** Both lists read for the same page, and merged in their common order. */
    @Override
    public Page<ListedTransaction> list(Caller caller, TransactionFilter filter, PageRequest page) {
        caller.require(Permission.VIEW);
        return Page.merged(transactions.list(caller.platformId(), filter, page),
                cardTransactions.list(caller.platformId(), filter, page), page.limit(), filter.ascending(),
                ListedTransaction::createdAt, ListedTransaction::id);
    }

    @Override
    public Transaction confirmReceipt(Caller caller, UUID id, ReceiptConfirmation command) {
        caller.require(Permission.TRANSACT);
        return change(caller, id, (t, now) -> t.receiptConfirmed(command.receiptDeliveryConfirmedAt() == null ? now
                : command.receiptDeliveryConfirmedAt(), now));
    }

    @Override
    public Transaction cancel(Caller caller, UUID id, Cancellation command) {
        caller.require(Permission.TRANSACT);
        return change(caller, id, (t, now) -> transfers.cancel(t, command.reason(), now));
    }

    @Override
    public Transaction approve(Caller caller, UUID id, Approval command) {
        caller.require(Permission.TRANSACT);
        return change(caller, id, (t, now) -> incoming.approve(incoming.withinWindow(t, "approved", now), now));
    }

    @Override
    public Transaction reject(Caller caller, UUID id, Rejection command) {
        caller.require(Permission.TRANSACT);
        return change(caller, id, (t, now) -> incoming.withinWindow(t, "rejected", now)
                .rejected(command.reason(), now));
    }

    private interface Change {
        Transaction apply(Transaction current, Instant now);
    }

    /** Loads the row locked, applies the state machine's move, saves: concurrent actions apply one at a time. */
    private Transaction change(Caller caller, UUID id, Change change) {
        return tx.inTransaction(() -> {
            Transaction current = transactions.findForUpdate(caller.platformId(), id)
                    .orElseThrow(() -> Transaction.notFound(id));
            Transaction next = change.apply(current, clock.now(caller));
            transactions.update(next);
            return next;
        });
    }
}
