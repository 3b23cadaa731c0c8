package payments.ports.transaction;

import java.util.UUID;
import payments.core.cardnetwork.CardTransaction;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.transaction.ListedTransaction;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionFilter;

/**
 * Reading transactions (VIEW) and the platform's actions on them (TRANSACT), each applied as the transaction's state
 * machine allows, one at a time.
 */
public interface TransactionUseCases {
    Transaction get(Caller caller, UUID id);

    /** A card transaction ({@code CardTransaction:<uuid>}), which the payments' list shows among them. */
    CardTransaction getCard(Caller caller, UUID id);

    /** Payments and card transactions, newest first unless asked otherwise. */
    Page<ListedTransaction> list(Caller caller, TransactionFilter filter, PageRequest page);

    Transaction confirmReceipt(Caller caller, UUID id, ReceiptConfirmation command);

    /** Cancels a payment the rail has not taken; its held funds go back once the rail allows. */
    Transaction cancel(Caller caller, UUID id, Cancellation command);

    /** The platform approves an incoming payment it answered 202 for: the receiver is credited at once. */
    Transaction approve(Caller caller, UUID id, Approval command);

    Transaction reject(Caller caller, UUID id, Rejection command);
}
