package payments.ports.fakes;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionFilter;
import payments.ports.driven.transaction.Transactions;

/** Transactions by (platform, id). The list honours the customer, status and type filters only. */
public final class InMemoryTransactions implements Transactions {
    private record Key(PlatformId platform, UUID id) {
    }

    private final Map<Key, Transaction> rows = new LinkedHashMap<>();

    @Override
    public void insert(Transaction t) {
        if (rows.putIfAbsent(new Key(t.platformId(), t.id()), t) != null) {
            throw new IllegalStateException("duplicate transaction id " + t.id());
        }
    }

    @Override
    public void update(Transaction t) {
        rows.computeIfPresent(new Key(t.platformId(), t.id()), (k, old) -> t);
    }

    @Override
    public Optional<Transaction> find(PlatformId platform, UUID id) {
        return Optional.ofNullable(rows.get(new Key(platform, id)));
    }

    /** Nothing runs concurrently in memory, so there is nothing to lock. */
    @Override
    public Optional<Transaction> findForUpdate(PlatformId platform, UUID id) {
        return find(platform, id);
    }

    @Override
    public Page<Transaction> list(PlatformId platform, TransactionFilter f, PageRequest page) {
        return Keyset.page(rows.values().stream()
                        .filter(t -> t.platformId().equals(platform))
                        .filter(t -> f.customerId() == null || f.customerId().equals(t.customerId()))
                        .filter(t -> !f.platformOwn() || t.customerId() == null)
                        .filter(t -> f.status() == null || t.status() == f.status())
                        .filter(t -> f.type() == null || t.type() == f.type()),
                Transaction::createdAt, Transaction::id, page);
    }
}
