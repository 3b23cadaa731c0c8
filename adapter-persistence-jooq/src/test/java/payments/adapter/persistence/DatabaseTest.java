package payments.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;
import payments.adapter.persistence.embedded.EmbeddedDatabase;

class DatabaseTest {
    /**
     * Processes started together on an empty database: one migrates while the others wait for its lock, and none
     * deadlocks with an index that a migration builds CONCURRENTLY (such a build waits for other transactions).
     */
    @Test
    void several_processes_starting_at_once_migrate_an_empty_database_once() throws Exception {
        try (EmbeddedDatabase embedded = EmbeddedDatabase.startTemporary(false)) {
            ExecutorService processes = Executors.newFixedThreadPool(3);
            List<Future<Database>> started = new ArrayList<>();
            List<Database> databases = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    started.add(processes.submit(() -> Database.connect(embedded.jdbcUrl(), embedded.user(),
                            embedded.password(), 2)));
                }
                for (Future<Database> f : started) {
                    databases.add(f.get(120, TimeUnit.SECONDS));
                }
                Db db = databases.get(0).db();
                assertEquals(0, db.ctx().fetchCount(db.ctx().selectFrom("flyway_schema_history")
                        .where("not success")));
                assertEquals(1, db.ctx().fetchCount(db.ctx().selectFrom("flyway_schema_history")
                        .where("version = '10'")));
                assertEquals(0, db.ctx().fetchCount(db.ctx().selectFrom("pg_index").where("not indisvalid")),
                        "every index built concurrently is valid");
            } finally {
                databases.forEach(Database::close);
                processes.shutdownNow();
            }
        }
    }

    @Test
    void an_index_whose_concurrent_build_failed_is_reported_as_invalid() throws Exception {
        try (EmbeddedDatabase embedded = EmbeddedDatabase.startTemporary(false)) {
            PGSimpleDataSource source = new PGSimpleDataSource();
            source.setUrl(embedded.jdbcUrl());
            source.setUser(embedded.user());
            source.setPassword(embedded.password());
            Database.connect(embedded.jdbcUrl(), embedded.user(), embedded.password(), 2).close();
            assertEquals(List.of(), Database.invalidIndexes(source), "the migrations' indexes");
            try (Connection c = source.getConnection(); Statement st = c.createStatement()) {
                st.execute("create table twice (x int)");
                st.execute("insert into twice values (1), (1)");
                assertThrows(SQLException.class, () -> st.execute("create unique index concurrently twice_x"
                        + " on twice (x)"));
            }
            assertEquals(List.of("twice_x"), Database.invalidIndexes(source));
        }
    }
}
