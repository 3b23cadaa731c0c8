package payments.ports.transaction;

import java.time.Instant;
import java.util.UUID;
import payments.core.common.NotFound;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionFilter;
import payments.core.validation.Fields;
import payments.core.validation.ObjectSchema;
import payments.core.validation.Types;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.transaction.Transactions;
import payments.ports.time.PlatformClock;
import payments.ports.transfer.TransferService;
import payments.ports.uma.IncomingPayments;

/** Reading transactions and the platform's actions on them: confirm receipt, cancel, approve, reject. */
public final class TransactionService {
    private static final ObjectSchema CONFIRM = ObjectSchema.of()
            .optional("receiptDeliveryConfirmedAt", Types.dateTime());
    private static final ObjectSchema REASON = ObjectSchema.of().optional("reason", Types.string(1, 500));
    /** {@code receiverCustomerInfo}: the fields the payment's webhook asked for, keyed by name (FULL_NAME, ...). */
    private static final ObjectSchema APPROVE = ObjectSchema.of()
            .optional("receiverCustomerInfo", Types.anyObject(50));

    private final Transactions transactions;
    private final TransferService transfers;
    private final IncomingPayments incoming;
    private final PlatformClock clock;
    private final TransactionRunner tx;

    public TransactionService(Transactions transactions, TransferService transfers, IncomingPayments incoming,
                              PlatformClock clock, TransactionRunner tx) {
        this.transactions = transactions;
        this.transfers = transfers;
        this.incoming = incoming;
        this.clock = clock;
        this.tx = tx;
    }

    public Transaction get(Caller caller, UUID id) {
        caller.require(Permission.VIEW);
        return transactions.find(caller.platformId(), id).orElseThrow(() -> notFound(id));
    }

    public Page<Transaction> list(Caller caller, TransactionFilter filter, PageRequest page) {
        caller.require(Permission.VIEW);
        return transactions.list(caller.platformId(), filter, page);
    }

    public Transaction confirmReceipt(Caller caller, UUID id, Object body) {
        caller.require(Permission.TRANSACT);
        Fields f = body == null ? Fields.empty() : CONFIRM.validate(body);
        return change(caller, id, (t, now) -> t.receiptConfirmed(f.instant("receiptDeliveryConfirmedAt")
                .orElse(now), now));
    }

    public Transaction cancel(Caller caller, UUID id, Object body) {
        caller.require(Permission.TRANSACT);
        Fields f = body == null ? Fields.empty() : REASON.validate(body);
        return change(caller, id, (t, now) -> transfers.releaseOnCancel(t.cancelled(f.string("reason").orElse(null),
                now)));
    }

    /** The platform approves an incoming payment it answered 202 for: the receiver is credited at once. */
    public Transaction approve(Caller caller, UUID id, Object body) {
        caller.require(Permission.TRANSACT);
        if (body != null) {
            APPROVE.validate(body);
        }
        return change(caller, id, (t, now) -> incoming.approve(incoming.withinWindow(t, "approved", now), now));
    }

    public Transaction reject(Caller caller, UUID id, Object body) {
        caller.require(Permission.TRANSACT);
        Fields f = body == null ? Fields.empty() : REASON.validate(body);
        return change(caller, id, (t, now) -> incoming.withinWindow(t, "rejected", now)
                .rejected(f.string("reason").orElse(null), now));
    }

    private interface Change {
        Transaction apply(Transaction current, Instant now);
    }

    /** Loads the row locked, applies the state machine's move, saves: concurrent actions apply one at a time. */
    private Transaction change(Caller caller, UUID id, Change change) {
        return tx.inTransaction(() -> {
            Transaction current = transactions.findForUpdate(caller.platformId(), id)
                    .orElseThrow(() -> notFound(id));
            Transaction next = change.apply(current, clock.now(caller));
            transactions.update(next);
            return next;
        });
    }

    private static NotFound notFound(UUID id) {
        return new NotFound("TRANSACTION_NOT_FOUND", "No transaction " + Transaction.KIND + ":" + id);
    }
}
