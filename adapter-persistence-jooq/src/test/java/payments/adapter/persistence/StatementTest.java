package payments.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.adapter.persistence.schema.Tables.LEDGER_ACCOUNTS;
import static payments.adapter.persistence.schema.Tables.WEBHOOK_EVENTS;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jooq.exception.DataAccessException;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.schema.tables.records.WebhookEventsRecord;
import payments.core.common.PlatformId;

class StatementTest {
    private static final Statement ACCOUNTS_WITH_BALANCE = Statement.query(ctx -> ctx.select(LEDGER_ACCOUNTS.ID)
            .from(LEDGER_ACCOUNTS)
            .where(LEDGER_ACCOUNTS.PLATFORM_ID.eq(Statement.param(LEDGER_ACCOUNTS.PLATFORM_ID))
                    .and(LEDGER_ACCOUNTS.KIND.ne("SYSTEM"))
                    .and(LEDGER_ACCOUNTS.POSTED_MINOR.ge(Statement.param("balance", LEDGER_ACCOUNTS.POSTED_MINOR)))
                    .and(LEDGER_ACCOUNTS.HELD_MINOR.le(Statement.param("balance", LEDGER_ACCOUNTS.HELD_MINOR)))));
    private static final Statement INSERT_EVENT = Statement.insert(WEBHOOK_EVENTS, WEBHOOK_EVENTS.PLATFORM_ID,
            WEBHOOK_EVENTS.ID, WEBHOOK_EVENTS.TYPE, WEBHOOK_EVENTS.DATA, WEBHOOK_EVENTS.STATUS, WEBHOOK_EVENTS.ATTEMPTS,
            WEBHOOK_EVENTS.MAX_ATTEMPTS, WEBHOOK_EVENTS.NEXT_ATTEMPT_AT, WEBHOOK_EVENTS.CREATED_AT,
            WEBHOOK_EVENTS.UPDATED_AT);

    @Test
    void constants_are_inlined_and_a_name_used_twice_takes_one_value() {
        String sql = ACCOUNTS_WITH_BALANCE.toString();
        assertTrue(sql.contains("'SYSTEM'"), sql);
        assertEquals(3, sql.chars().filter(c -> c == '?').count(), sql);
        PlatformId platform = Fixtures.platform();
        var account = Fixtures.account(platform, null);

        List<UUID> found = ACCOUNTS_WITH_BALANCE.fetch(Fixtures.DB, platform.value(), 0L).stream()
                .map(r -> r.get(LEDGER_ACCOUNTS.ID)).toList();

        assertEquals(List.of(account.id().value()), found);
        assertEquals(List.of(), ACCOUNTS_WITH_BALANCE.fetch(Fixtures.DB, platform.value(), 1L));
    }

    @Test
    void a_constant_that_looks_like_a_placeholder_is_refused_when_the_statement_is_declared() {
        assertThrows(IllegalArgumentException.class, () -> Statement.query(ctx -> ctx.select(LEDGER_ACCOUNTS.ID)
                .from(LEDGER_ACCOUNTS).where(LEDGER_ACCOUNTS.CURRENCY.eq("x :currency"))));
    }

    @Test
    void the_wrong_number_of_values_is_refused_before_reaching_the_database() {
        assertThrows(IllegalArgumentException.class, () -> ACCOUNTS_WITH_BALANCE.fetch(Fixtures.DB, UUID.randomUUID()));
    }

    @Test
    void a_record_insert_binds_json_and_timestamps_and_a_duplicate_is_a_unique_violation() {
        PlatformId platform = Fixtures.platform();
        OffsetDateTime at = OffsetDateTime.now(ZoneOffset.UTC).withNano(0);
        WebhookEventsRecord r = new WebhookEventsRecord();
        r.setPlatformId(platform.value());
        r.setId(UUID.randomUUID());
        r.setType("TEST");
        r.setData(JsonColumns.write(Map.of("amount", 12)));
        r.setStatus("PENDING");
        r.setAttempts(0);
        r.setMaxAttempts(3);
        r.setNextAttemptAt(at);
        r.setCreatedAt(at);
        r.setUpdatedAt(at);

        assertEquals(1, INSERT_EVENT.write(Fixtures.DB, r));

        var stored = Fixtures.DB.ctx().selectFrom(WEBHOOK_EVENTS).where(WEBHOOK_EVENTS.ID.eq(r.getId())).fetchOne();
        assertEquals(12, ((Number) JsonColumns.readObject(stored.getData()).get("amount")).intValue());
        assertEquals(at.toInstant(), stored.getNextAttemptAt().toInstant());
        DataAccessException duplicate = assertThrows(DataAccessException.class,
                () -> INSERT_EVENT.write(Fixtures.DB, r));
        assertTrue(UniqueViolation.constraintOf(duplicate).isPresent());
    }

    @Test
    void a_record_update_rewrites_the_row_with_its_keys() {
        PlatformId platform = Fixtures.platform();
        OffsetDateTime at = OffsetDateTime.now(ZoneOffset.UTC).withNano(0);
        WebhookEventsRecord r = new WebhookEventsRecord(platform.value(), UUID.randomUUID(), "TEST", null, "PENDING",
                0, 3, at, null, null, null, at, at);
        INSERT_EVENT.write(Fixtures.DB, r);
        r.setStatus("DELIVERED");
        r.setAttempts(1);
        r.setNextAttemptAt(null);
        r.setLastResponseStatus(200);

        assertEquals(1, Statement.update(WEBHOOK_EVENTS, WEBHOOK_EVENTS.PLATFORM_ID, WEBHOOK_EVENTS.ID)
                .write(Fixtures.DB, r));

        var stored = Fixtures.DB.ctx().selectFrom(WEBHOOK_EVENTS).where(WEBHOOK_EVENTS.ID.eq(r.getId())).fetchOne();
        assertEquals("DELIVERED", stored.getStatus());
        assertEquals(200, stored.getLastResponseStatus());
    }
}
