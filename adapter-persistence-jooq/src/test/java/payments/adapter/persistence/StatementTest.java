package payments.adapter.persistence;

import payments.adapter.persistence.store.JooqPlatforms;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.adapter.persistence.schema.Tables.LEDGER_ACCOUNTS;
import static payments.adapter.persistence.schema.Tables.PLATFORMS;
import static payments.adapter.persistence.schema.Tables.WEBHOOK_EVENTS;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jooq.SQLDialect;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import payments.adapter.persistence.schema.tables.records.WebhookEventsRecord;
import payments.core.id.PlatformId;

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
    private static final Statement COUNT_EVENTS = Statement.query(ctx -> ctx.selectCount().from(WEBHOOK_EVENTS)
            .where(WEBHOOK_EVENTS.PLATFORM_ID.eq(Statement.param(WEBHOOK_EVENTS.PLATFORM_ID))));

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
    void an_array_of_keys_reads_their_rows_in_one_statement_by_key_in_the_order_asked() {
        Statement byIds = Statement.byKeys(LEDGER_ACCOUNTS, LEDGER_ACCOUNTS.PLATFORM_ID, LEDGER_ACCOUNTS.ID);
        assertTrue(byIds.toString().contains("any ("), byIds.toString());
        assertEquals(2, byIds.toString().chars().filter(c -> c == '?').count(), byIds.toString());
        PlatformId platform = Fixtures.platform();
        UUID a = Fixtures.account(platform, null).id().value();
        UUID b = Fixtures.account(platform, null).id().value();
        UUID elsewhere = Fixtures.account(Fixtures.platform(), null).id().value();

        Map<UUID, String> found = byIds.fetchAll(Fixtures.DB, LEDGER_ACCOUNTS.ID,
                List.of(b, UUID.randomUUID(), a, elsewhere, b), id -> id, r -> r.get(LEDGER_ACCOUNTS.KIND),
                platform.value());

        assertEquals(List.of(b, a), List.copyOf(found.keySet()));
        assertEquals(Map.of(a, "PLATFORM", b, "PLATFORM"), found);
    }

    @Test
    void rows_carry_the_generated_columns_so_mapping_finds_each_by_identity() {
        PlatformId platform = Fixtures.platform();
        Fixtures.account(platform, null);
        Statement byPlatform = Statement.query(ctx -> ctx.selectFrom(LEDGER_ACCOUNTS)
                .where(LEDGER_ACCOUNTS.PLATFORM_ID.eq(Statement.param(LEDGER_ACCOUNTS.PLATFORM_ID))));

        var row = byPlatform.fetch(Fixtures.DB, platform.value()).get(0);

        // jOOQ's own select.fields() are copies (the select's columns as a derived table), found only by name.
        assertEquals(LEDGER_ACCOUNTS.fields().length, row.size());
        for (int i = 0; i < row.size(); i++) {
            assertSame(LEDGER_ACCOUNTS.fields()[i], row.field(i));
        }
        assertEquals(platform.value(), row.into(LEDGER_ACCOUNTS).getPlatformId());
    }

    @Test
    void every_statement_is_kept_prepared_on_the_connection_arrays_too_and_planned_once() {
        Statement byIds = Statement.byKeys(LEDGER_ACCOUNTS, LEDGER_ACCOUNTS.PLATFORM_ID, LEDGER_ACCOUNTS.ID);
        PlatformId platform = Fixtures.platform();
        UUID a = Fixtures.account(platform, null).id().value();

        var prepared = Fixtures.DB.inTransaction(() -> { // one connection throughout
            for (int i = 0; i < 20; i++) { // past pgjdbc's threshold (5) for a server-side prepared statement
                byIds.fetchAll(Fixtures.DB, LEDGER_ACCOUNTS.ID, List.of(a), id -> id, r -> r, platform.value());
                ACCOUNTS_WITH_BALANCE.fetch(Fixtures.DB, platform.value(), 0L);
            }
            return Fixtures.DB.ctx().fetch("select statement, generic_plans, custom_plans from pg_prepared_statements");
        });

        assertTrue(prepared.getValues(0, String.class).stream()
                .anyMatch(sql -> sql.contains("'SYSTEM'") && sql.contains("held_minor")), prepared.toString());
        // The pooled connection may hold other tests' statements: find this one by its text as the server has it.
        String asPrepared = numberedParameters(byIds.toString());
        var arrays = prepared.stream().filter(r -> r.get(0, String.class).equals(asPrepared)).toList();
        assertEquals(1, arrays.size(), asPrepared + "\n" + prepared);
        // Its generic plan, made once, serves every run: none is planned for its values (Database's pool settings).
        assertEquals(0L, arrays.get(0).get(2, Long.class), prepared.toString());
        assertTrue(arrays.get(0).get(1, Long.class) >= 10, prepared.toString());
    }

    /** pgjdbc sends a statement's {@code ?} placeholders as {@code $1, $2, ...}. */
    private static String numberedParameters(String sql) {
        StringBuilder out = new StringBuilder();
        int n = 0;
        for (char c : sql.toCharArray()) {
            out.append(c == '?' ? "$" + ++n : String.valueOf(c));
        }
        return out.toString();
    }

    /** A few rows of a small table, by an array of keys: the generic plan reads the index (Database's costs). */
    @Test
    void a_generic_plan_reads_a_few_rows_of_a_small_table_by_its_index_not_by_a_scan() {
        String plan = Fixtures.DB.inTransaction(() -> { // one connection throughout; the table dies with it
            Fixtures.DB.ctx().execute("create temporary table probe (id uuid primary key, note text) on commit drop");
            Fixtures.DB.ctx().execute("insert into probe select gen_random_uuid(), repeat('x', 100)"
                    + " from generate_series(1, 500)");
            Fixtures.DB.ctx().execute("analyze probe");
            Fixtures.DB.ctx().execute("prepare probe_by_ids(uuid[]) as select note from probe where id = any($1)");
            String text = String.join("\n", Fixtures.DB.ctx().fetch("explain execute probe_by_ids('{}')")
                    .getValues(0, String.class));
            Fixtures.DB.ctx().execute("deallocate probe_by_ids");
            return text;
        });

        assertTrue(plan.contains("probe_pkey"), plan); // with random_page_cost at its default (4) a Seq Scan
    }

    @Test
    void no_keys_and_no_rows_run_no_statement() {
        Db noDatabase = new Db(null); // any statement would fail on it
        assertEquals(Map.of(), Statement.byKeys(LEDGER_ACCOUNTS, LEDGER_ACCOUNTS.PLATFORM_ID, LEDGER_ACCOUNTS.ID)
                .fetchAll(noDatabase, LEDGER_ACCOUNTS.ID, List.of(), id -> id, r -> r, UUID.randomUUID()));
        INSERT_EVENT.writeAll(noDatabase, List.of());
    }

    @Test
    void rows_are_written_in_one_batch_that_commits_or_rolls_back_with_the_transaction() {
        PlatformId platform = Fixtures.platform();
        List<Row<WebhookEventsRecord>> records = List.of(event(platform), event(platform), event(platform));

        assertThrows(IllegalStateException.class, () -> Fixtures.DB.inTransaction(() -> {
            INSERT_EVENT.writeAll(Fixtures.DB, records);
            assertEquals(3, eventCount(platform));
            throw new IllegalStateException("rolled back");
        }));
        assertEquals(0, eventCount(platform));

        Fixtures.DB.inTransaction(() -> INSERT_EVENT.writeAll(Fixtures.DB, records));
        assertEquals(3, eventCount(platform));
        var stored = Fixtures.DB.ctx().selectFrom(WEBHOOK_EVENTS).where(WEBHOOK_EVENTS.ID.eq(records.get(1).get(WEBHOOK_EVENTS.ID)))
                .fetchOne();
        assertEquals(12, ((Number) JsonColumns.readObject(stored.getData()).get("amount")).intValue());
        DataAccessException duplicate = assertThrows(DataAccessException.class,
                () -> INSERT_EVENT.writeAll(Fixtures.DB, List.of(event(platform), records.get(2))));
        assertTrue(UniqueViolation.constraintOf(duplicate).isPresent(), duplicate.toString());
        assertEquals(3, eventCount(platform), "a failed batch writes none of its rows");
    }

    /**
     * Inserts wait in the transaction and go with its next statement, in one round trip (one prepared statement here
     * is one round trip: pgjdbc sends a statement's parts with one sync), or with the commit.
     */
    @Test
    void inserts_wait_for_the_transactions_next_statement_and_travel_with_it() throws Exception {
        PlatformId platform = Fixtures.platform();
        try (Connection c = DriverManager.getConnection(TestDatabase.url(), TestDatabase.user(),
                TestDatabase.password())) {
            List<String> sent = new ArrayList<>();
            Connection counting = (Connection) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                        if (method.getName().equals("prepareStatement")) {
                            sent.add((String) args[0]);
                        }
                        try {
                            return method.invoke(c, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
            Db db = new Db(DSL.using(counting, SQLDialect.POSTGRES));

            long seen = db.inTransaction(() -> {
                INSERT_EVENT.writeAll(db, List.of(event(platform), event(platform)));
                INSERT_EVENT.writeAll(db, List.of(event(platform)));
                assertEquals(List.of(), sent, "nothing is sent before a statement needs it");
                return COUNT_EVENTS.fetch(db, platform.value()).get(0).get(0, Long.class);
            });

            assertEquals(3, seen, "the count ran after the inserts");
            assertEquals(1, sent.size(), "the two inserts and the count went together: " + sent);
            assertEquals(3, sent.get(0).split(";").length, sent.get(0));
            sent.clear();
            db.inTransaction(() -> {
                INSERT_EVENT.writeAll(db, List.of(event(platform)));
                return null;
            });
            assertEquals(1, sent.size(), "sent with the commit: " + sent);
            assertTrue(sent.get(0).endsWith("commit"), sent.get(0));
            assertEquals(4, eventCount(platform), "committed");
            assertTrue(c.getAutoCommit(), "the connection is back to its own state");
        }
    }

    @Test
    void a_clash_of_a_waiting_insert_fails_the_statement_it_travels_with_and_nothing_commits() {
        PlatformId platform = Fixtures.platform();
        Row<WebhookEventsRecord> existing = event(platform);
        INSERT_EVENT.write(Fixtures.DB, existing);

        DataAccessException atCommit = assertThrows(DataAccessException.class, () -> Fixtures.DB.inTransaction(() -> {
            INSERT_EVENT.writeAll(Fixtures.DB, List.of(event(platform), existing));
            return null;
        }));
        DataAccessException atRead = assertThrows(DataAccessException.class, () -> Fixtures.DB.inTransaction(() -> {
            INSERT_EVENT.writeAll(Fixtures.DB, List.of(event(platform), existing));
            return COUNT_EVENTS.fetch(Fixtures.DB, platform.value());
        }));

        for (DataAccessException failed : List.of(atCommit, atRead)) {
            assertTrue(failed instanceof Db.DeferredWriteFailed, failed.toString());
            assertEquals("23505", failed.getCause(PSQLException.class).getSQLState(), failed.toString());
            assertTrue(UniqueViolation.constraintOf(failed).isEmpty(), "not the failed statement's own clash");
        }
        assertEquals(1, eventCount(platform));
    }

    /** A repository that maps its own insert's unique violation to a 409 does not take a waiting insert's for it. */
    @Test
    void a_clash_of_a_waiting_insert_is_not_taken_for_the_next_writes_own() {
        PlatformId platform = Fixtures.platform();
        Row<WebhookEventsRecord> existing = event(platform);
        INSERT_EVENT.write(Fixtures.DB, existing);
        PlatformId another = new PlatformId(UUID.randomUUID());

        DataAccessException failed = assertThrows(DataAccessException.class, () -> Fixtures.DB.inTransaction(() -> {
            INSERT_EVENT.writeAll(Fixtures.DB, List.of(existing));
            new JooqPlatforms(Fixtures.DB).insert(Fixtures.platformNamed(another));
            return null;
        }));

        assertTrue(failed instanceof Db.DeferredWriteFailed, failed.toString());
        assertEquals(0, Fixtures.DB.ctx().fetchCount(PLATFORMS, PLATFORMS.PLATFORM_ID.eq(another.value())));
    }

    /**
     * Waiting inserts taken for a round trip that failed before it left (here a statement given too few values) are
     * gone from the transaction: it must not commit without them, even if the caller catches the failure.
     */
    @Test
    void a_transaction_whose_waiting_inserts_failed_never_commits_even_if_the_failure_is_caught() {
        PlatformId platform = Fixtures.platform();

        DataAccessException atCommit = assertThrows(DataAccessException.class, () -> Fixtures.DB.inTransaction(() -> {
            INSERT_EVENT.writeAll(Fixtures.DB, List.of(event(platform)));
            DataAccessException notSent = assertThrows(DataAccessException.class,
                    () -> COUNT_EVENTS.fetch(Fixtures.DB));
            assertTrue(notSent instanceof Db.DeferredWriteFailed, notSent.toString());
            INSERT_EVENT.writeAll(Fixtures.DB, List.of(event(platform))); // carries on as if nothing failed
            return null;
        }));

        assertTrue(atCommit instanceof Db.DeferredWriteFailed, atCommit.toString());
        assertEquals(0, eventCount(platform), "neither insert committed");
    }

    private static Row<WebhookEventsRecord> event(PlatformId platform) {
        OffsetDateTime at = OffsetDateTime.now(ZoneOffset.UTC).withNano(0);
        return Row.of(WEBHOOK_EVENTS).set(WEBHOOK_EVENTS.PLATFORM_ID, platform.value())
                .set(WEBHOOK_EVENTS.ID, UUID.randomUUID()).set(WEBHOOK_EVENTS.TYPE, "TEST")
                .set(WEBHOOK_EVENTS.DATA, JsonColumns.write(Map.of("amount", 12)))
                .set(WEBHOOK_EVENTS.STATUS, "PENDING").set(WEBHOOK_EVENTS.ATTEMPTS, 0)
                .set(WEBHOOK_EVENTS.MAX_ATTEMPTS, 3).set(WEBHOOK_EVENTS.NEXT_ATTEMPT_AT, at)
                .set(WEBHOOK_EVENTS.CREATED_AT, at).set(WEBHOOK_EVENTS.UPDATED_AT, at);
    }

    private static int eventCount(PlatformId platform) {
        return Fixtures.DB.ctx().fetchCount(WEBHOOK_EVENTS, WEBHOOK_EVENTS.PLATFORM_ID.eq(platform.value()));
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
    void a_row_insert_binds_json_and_timestamps_and_a_duplicate_is_a_unique_violation() {
        PlatformId platform = Fixtures.platform();
        Row<WebhookEventsRecord> r = event(platform);

        assertEquals(1, INSERT_EVENT.write(Fixtures.DB, r));

        WebhookEventsRecord stored = stored(r);
        assertEquals(12, ((Number) JsonColumns.readObject(stored.getData()).get("amount")).intValue());
        assertEquals(r.get(WEBHOOK_EVENTS.NEXT_ATTEMPT_AT).toInstant(), stored.getNextAttemptAt().toInstant());
        DataAccessException duplicate = assertThrows(DataAccessException.class,
                () -> INSERT_EVENT.write(Fixtures.DB, r));
        assertTrue(UniqueViolation.constraintOf(duplicate).isPresent());
    }

    @Test
    void a_row_update_rewrites_the_row_with_its_keys() {
        PlatformId platform = Fixtures.platform();
        Row<WebhookEventsRecord> r = event(platform).set(WEBHOOK_EVENTS.DATA, null);
        INSERT_EVENT.write(Fixtures.DB, r);
        r.set(WEBHOOK_EVENTS.STATUS, "DELIVERED").set(WEBHOOK_EVENTS.ATTEMPTS, 1)
                .set(WEBHOOK_EVENTS.NEXT_ATTEMPT_AT, null).set(WEBHOOK_EVENTS.LAST_RESPONSE_STATUS, 200);

        assertEquals(1, Statement.update(WEBHOOK_EVENTS, WEBHOOK_EVENTS.PLATFORM_ID, WEBHOOK_EVENTS.ID)
                .write(Fixtures.DB, r));

        WebhookEventsRecord stored = stored(r);
        assertEquals("DELIVERED", stored.getStatus());
        assertEquals(200, stored.getLastResponseStatus());
    }

    @Test
    void rows_are_updated_by_one_statement_from_an_array_per_column_in_any_year() {
        Statement updateRows = Statement.updateRows(WEBHOOK_EVENTS,
                new org.jooq.Field<?>[] {WEBHOOK_EVENTS.PLATFORM_ID, WEBHOOK_EVENTS.ID}, WEBHOOK_EVENTS.fields());
        String sql = updateRows.toString();
        assertEquals(WEBHOOK_EVENTS.fields().length, sql.chars().filter(c -> c == '?').count(), sql);
        assertTrue(sql.contains("unnest("), sql);
        PlatformId platform = Fixtures.platform();
        List<Row<WebhookEventsRecord>> events = List.of(event(platform), event(platform), event(platform));
        events.forEach(e -> INSERT_EVENT.write(Fixtures.DB, e));
        OffsetDateTime farFuture = OffsetDateTime.of(12_345, 6, 7, 8, 9, 10, 123_456_000, ZoneOffset.ofHours(2));
        OffsetDateTime beforeYearOne = OffsetDateTime.of(-43, 3, 15, 12, 0, 0, 0, ZoneOffset.ofHours(1));
        Row<WebhookEventsRecord> first = events.get(0).set(WEBHOOK_EVENTS.STATUS, "DELIVERED")
                .set(WEBHOOK_EVENTS.DATA, JsonColumns.write(Map.of("note", "a \"quoted\" {text}, with commas")))
                .set(WEBHOOK_EVENTS.LAST_RESPONSE_STATUS, 200).set(WEBHOOK_EVENTS.NEXT_ATTEMPT_AT, null)
                .set(WEBHOOK_EVENTS.UPDATED_AT, farFuture);
        Row<WebhookEventsRecord> third = events.get(2).set(WEBHOOK_EVENTS.ATTEMPTS, 2)
                .set(WEBHOOK_EVENTS.NEXT_ATTEMPT_AT, beforeYearOne);

        assertThrows(IllegalStateException.class, () -> Fixtures.DB.inTransaction(() -> {
            updateRows.writeAll(Fixtures.DB, List.of(first, third));
            throw new IllegalStateException("rolled back");
        }));
        assertEquals("PENDING", stored(events.get(0)).getStatus());
        Fixtures.DB.inTransaction(() -> updateRows.writeAll(Fixtures.DB, List.of(first, third)));

        WebhookEventsRecord one = stored(events.get(0));
        assertEquals("DELIVERED", one.getStatus());
        assertEquals("a \"quoted\" {text}, with commas", JsonColumns.readObject(one.getData()).get("note"));
        assertEquals(200, one.getLastResponseStatus());
        assertEquals(null, one.getNextAttemptAt());
        assertEquals(farFuture.toInstant(), one.getUpdatedAt().toInstant());
        assertEquals(events.get(0).get(WEBHOOK_EVENTS.CREATED_AT).toInstant(), one.getCreatedAt().toInstant());
        WebhookEventsRecord three = stored(events.get(2));
        assertEquals(2, three.getAttempts());
        assertEquals(beforeYearOne.toInstant(), three.getNextAttemptAt().toInstant());
        assertEquals("PENDING", stored(events.get(1)).getStatus(), "a row not given is not changed");
        assertEquals(12, ((Number) JsonColumns.readObject(stored(events.get(1)).getData()).get("amount")).intValue());
    }

    @Test
    void a_single_row_binds_date_times_of_any_year() {
        PlatformId platform = Fixtures.platform();
        OffsetDateTime next = OffsetDateTime.of(10_000, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
        OffsetDateTime created = OffsetDateTime.of(0, 2, 29, 23, 59, 59, 999_999_000, ZoneOffset.ofHours(-5));
        Row<WebhookEventsRecord> r = event(platform).set(WEBHOOK_EVENTS.NEXT_ATTEMPT_AT, next)
                .set(WEBHOOK_EVENTS.CREATED_AT, created);

        INSERT_EVENT.write(Fixtures.DB, r);

        WebhookEventsRecord stored = stored(r);
        assertEquals(next.toInstant(), stored.getNextAttemptAt().toInstant());
        assertEquals(created.toInstant(), stored.getCreatedAt().toInstant());
        assertEquals("0001-02-29T23:59:59.999999-05:00 BC", PgText.of(created));
        assertEquals("10000-01-01T00:00Z", PgText.of(next));
    }

    private static WebhookEventsRecord stored(Row<WebhookEventsRecord> event) {
        return Fixtures.DB.ctx().selectFrom(WEBHOOK_EVENTS)
                .where(WEBHOOK_EVENTS.ID.eq(event.get(WEBHOOK_EVENTS.ID))).fetchOne();
    }
}
