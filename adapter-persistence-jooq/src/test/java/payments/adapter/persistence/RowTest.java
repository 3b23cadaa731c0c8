package payments.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static payments.adapter.persistence.schema.Tables.IDEMPOTENCY_KEYS;
import static payments.adapter.persistence.schema.Tables.LEDGER_ACCOUNTS;

import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.schema.tables.records.IdempotencyKeysRecord;

class RowTest {
    @Test
    void holds_the_columns_set_in_the_tables_order_and_null_for_the_others() {
        UUID platform = UUID.randomUUID();
        Row<IdempotencyKeysRecord> row = Row.of(IDEMPOTENCY_KEYS).set(IDEMPOTENCY_KEYS.RESPONSE_STATUS, 201)
                .set(IDEMPOTENCY_KEYS.IDEMPOTENCY_KEY, "k-1").set(IDEMPOTENCY_KEYS.PLATFORM_ID, platform)
                .set(IDEMPOTENCY_KEYS.RESPONSE_BODY, null);

        assertEquals("k-1", row.get(IDEMPOTENCY_KEYS.IDEMPOTENCY_KEY));
        assertNull(row.get(IDEMPOTENCY_KEYS.CREATED_AT));
        List<Object> order = List.of(IDEMPOTENCY_KEYS.fields()).stream()
                .filter(row.values()::containsKey).map(f -> (Object) f).toList();
        assertEquals(order, List.copyOf(row.values().keySet()), "the table's order");
        assertEquals(4, row.values().size(), "a column set to null is set");
        assertEquals(platform, row.values().get(IDEMPOTENCY_KEYS.PLATFORM_ID));
    }

    @Test
    void a_column_of_another_table_is_refused() {
        Row<IdempotencyKeysRecord> row = Row.of(IDEMPOTENCY_KEYS);
        assertThrows(IllegalArgumentException.class, () -> row.get(LEDGER_ACCOUNTS.ID));
        assertThrows(IllegalArgumentException.class, () -> row.get(IDEMPOTENCY_KEYS.as("other").field(
                IDEMPOTENCY_KEYS.IDEMPOTENCY_KEY)));
    }
}
