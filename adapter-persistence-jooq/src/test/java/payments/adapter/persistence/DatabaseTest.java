package payments.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

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
            try {
                for (int i = 0; i < 3; i++) {
                    started.add(processes.submit(() -> Database.connect(embedded.jdbcUrl(), EmbeddedDatabase.USER,
                            "postgres", 2)));
                }
                List<Database> databases = new ArrayList<>();
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
                databases.forEach(Database::close);
            } finally {
                processes.shutdownNow();
            }
        }
    }
}
