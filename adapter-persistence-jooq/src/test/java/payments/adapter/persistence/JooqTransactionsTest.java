package payments.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.common.PlatformId;
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
}
