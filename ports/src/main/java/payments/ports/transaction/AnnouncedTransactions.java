package payments.ports.transaction;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionFilter;
import payments.core.transaction.TransactionStatus;
import payments.ports.driven.transaction.Transactions;
import payments.ports.spending.SpendingGate;
import payments.ports.webhook.Events;

/**
 * The transaction store, announcing: every insert, and every update that moves a status or a refund, writes its
 * payment event ({@link Events#transactionChanged}) in the same database transaction, and an agent's payment that
 * fails gives back what it counted against the agent's budget ({@link SpendingGate#failed}). Every service that
 * saves a transaction goes through it, so no path can change a payment silently.
 */
public final class AnnouncedTransactions implements Transactions {
    private final Transactions store;
    private final Events events;
    private final SpendingGate gate;

    public AnnouncedTransactions(Transactions store, Events events, SpendingGate gate) {
        this.store = store;
        this.events = events;
        this.gate = gate;
    }

    @Override
    public void insert(Transaction transaction) {
        store.insert(transaction);
        events.transactionChanged(null, transaction);
    }

    /** Stores them all at once, then appends all their events at once ({@link Events#transactionsInserted}). */
    @Override
    public void insertAll(List<Transaction> transactions) {
        store.insertAll(transactions);
        events.transactionsInserted(transactions);
    }

    /** Reads the stored row first (the caller holds its lock) to see what changed. */
    @Override
    public void update(Transaction transaction) {
        Transaction before = store.find(transaction.platformId(), transaction.id()).orElse(null);
        store.update(transaction);
        events.transactionChanged(before, transaction);
        givenBack(java.util.Collections.singletonList(before), List.of(transaction));
    }

    /** {@link #update} of several: the stored rows read in one go per platform, the events appended at once. */
    @Override
    public void updateAll(List<Transaction> changed) {
        Map<UUID, Transaction> stored = new HashMap<>();
        changed.stream().collect(Collectors.groupingBy(Transaction::platformId)).forEach((platform, ts) ->
                stored.putAll(store.findAllForUpdate(platform, ts.stream().map(Transaction::id).toList())));
        updateAll(stored, changed);
    }

    /**
     * {@link #updateAll(List)} for a caller that read the stored rows with {@link #findAllForUpdate} in this
     * database transaction (so they are as stored, and locked): they are not read a second time.
     */
    public void updateAll(Map<UUID, Transaction> stored, List<Transaction> changed) {
        store.updateAll(changed);
        List<Transaction> before = changed.stream().map(t -> stored.get(t.id())).toList();
        events.transactionsChanged(before, changed);
        givenBack(before, changed);
    }

    /** The agents' payments among {@code after} that have just failed give back what they counted. */
    private void givenBack(List<Transaction> before, List<Transaction> after) {
        List<Transaction> failed = new java.util.ArrayList<>();
        for (int i = 0; i < after.size(); i++) {
            Transaction t = after.get(i);
            Transaction was = before.get(i);
            if (t.agentId() != null && t.status() == TransactionStatus.FAILED
                    && (was == null || was.status() != TransactionStatus.FAILED)) {
                failed.add(t);
            }
        }
        failed.stream().collect(Collectors.groupingBy(Transaction::platformId))
                .forEach((platform, ts) -> gate.failed(platform, ts));
    }

    @Override
    public Optional<Transaction> find(PlatformId platform, UUID id) {
        return store.find(platform, id);
    }

    @Override
    public Optional<Transaction> findForUpdate(PlatformId platform, UUID id) {
        return store.findForUpdate(platform, id);
    }

    @Override
    public Map<UUID, Transaction> findAllForUpdate(PlatformId platform, java.util.Collection<UUID> ids) {
        return store.findAllForUpdate(platform, ids);
    }

    @Override
    public Page<Transaction> list(PlatformId platform, TransactionFilter filter, PageRequest page) {
        return store.list(platform, filter, page);
    }
}
