package payments.adapter.persistence.store;

import payments.adapter.persistence.Fixtures;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.store.JooqTransactions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.id.PlatformId;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.transaction.Direction;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionParty;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;

class JooqTransactionsTest {
    private final JooqTransactions transactions = new JooqTransactions(Fixtures.DB);
    private final PlatformId platform = Fixtures.platform();

    private Transaction payment(long amountMinor) {
        Money amount = new Money(amountMinor, Currencies.of("USD"));
        return new Transaction(UUID.randomUUID(), platform, TransactionType.OUTGOING, Direction.DEBIT,
                TransactionStatus.PROCESSING, null, null, TransactionParty.account("InternalAccount:a", "USD"),
                TransactionParty.account("ExternalAccount:b", "USD"), amount, amount, 0, "REF-" + amountMinor,
                UUID.randomUUID(), null, false, Map.of("description", "batch"), null, null, Fixtures.now(),
                Fixtures.now());
    }

    private List<Optional<Transaction>> stored(List<Transaction> batch) {
        return batch.stream().map(t -> transactions.find(platform, t.id())).toList();
    }

    @Test
    void insert_all_writes_every_transaction_as_insert_would_and_rolls_back_with_the_transaction() {
        List<Transaction> batch = List.of(payment(100), payment(200), payment(300));

        assertThrows(IllegalStateException.class, () -> Fixtures.DB.inTransaction(() -> {
            transactions.insertAll(batch);
            throw new IllegalStateException("rolled back");
        }));
        assertTrue(stored(batch).stream().allMatch(Optional::isEmpty));

        Fixtures.DB.inTransaction(() -> transactions.insertAll(batch));
        Transaction single = payment(400);
        transactions.insert(single);

        assertEquals(batch.stream().map(Optional::of).toList(), stored(batch));
        assertEquals(Optional.of(single), transactions.find(platform, single.id()));
        new JooqTransactions(new Db(null)).insertAll(List.of()); // no statement
    }

    @Test
    void find_all_for_update_locks_the_rows_and_update_all_writes_each_as_update_would() {
        List<Transaction> batch = List.of(payment(100), payment(200));
        transactions.insertAll(batch);
        List<UUID> ids = List.of(batch.get(1).id(), UUID.randomUUID(), batch.get(0).id());

        Fixtures.DB.inTransaction(() -> {
            Map<UUID, Transaction> found = transactions.findAllForUpdate(platform, ids);
            assertEquals(List.of(batch.get(1).id(), batch.get(0).id()), List.copyOf(found.keySet()));
            assertEquals(batch.get(0), found.get(batch.get(0).id()));
            assertEquals(Map.of(), transactions.findAllForUpdate(Fixtures.platform(), ids));
            // Another connection cannot lock a row this transaction holds.
            var other = java.util.concurrent.Executors.newSingleThreadExecutor();
            try {
                var refused = assertThrows(java.util.concurrent.ExecutionException.class, () -> other.submit(() ->
                        Fixtures.DB.ctx().fetch("select 1 from transactions where id = ? for update nowait",
                                batch.get(0).id())).get(10, java.util.concurrent.TimeUnit.SECONDS));
                assertTrue(refused.getCause().getMessage().contains("could not obtain lock"),
                        refused.getCause().getMessage());
            } finally {
                other.shutdownNow();
            }
            transactions.updateAll(batch.stream().map(t -> t.completed(Fixtures.now())).toList());
        });

        assertTrue(stored(batch).stream().allMatch(t -> t.orElseThrow().status() == TransactionStatus.COMPLETED));
    }
}
