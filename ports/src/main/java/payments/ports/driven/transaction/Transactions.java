package payments.ports.driven.transaction;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionFilter;

public interface Transactions {
    void insert(Transaction transaction);

    /** Inserts several, as one change. */
    default void insertAll(List<Transaction> transactions) {
        transactions.forEach(this::insert);
    }

    void update(Transaction transaction);

    Optional<Transaction> find(PlatformId platform, UUID id);

    /** Locks the row for the rest of the database transaction, so concurrent changes apply one after another. */
    Optional<Transaction> findForUpdate(PlatformId platform, UUID id);

    /** {@link #findForUpdate} of several (locked in id order), those that exist, by id. */
    default Map<UUID, Transaction> findAllForUpdate(PlatformId platform, Collection<UUID> ids) {
        Map<UUID, Transaction> found = new LinkedHashMap<>();
        ids.stream().sorted().forEach(id -> findForUpdate(platform, id).ifPresent(t -> found.put(id, t)));
        return found;
    }

    /** Updates several, as one change. */
    default void updateAll(List<Transaction> transactions) {
        transactions.forEach(this::update);
    }

    Page<Transaction> list(PlatformId platform, TransactionFilter filter, PageRequest page);

}
