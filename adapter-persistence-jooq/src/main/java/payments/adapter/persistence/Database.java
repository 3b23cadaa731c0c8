package payments.adapter.persistence;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.database.postgresql.PostgreSQLConfigurationExtension;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;

/** A connection pool to PostgreSQL, migrated to the current schema, and the jOOQ context over it. */
public final class Database implements AutoCloseable {
    private final HikariDataSource dataSource;
    private final Db db;
    private final StatisticsKeeper statistics;

    private Database(HikariDataSource dataSource) {
        this.dataSource = dataSource;
        DSLContext dsl = DSL.using(dataSource, SQLDialect.POSTGRES,
                new Settings().withExecuteLogging(false).withRenderSchema(false));
        this.db = new Db(dsl);
        this.statistics = StatisticsKeeper.start(dsl);
    }

    /** Connects, then applies any pending Flyway migration (safe when several processes start at once). */
    public static Database connect(String jdbcUrl, String user, String password, int poolSize) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(jdbcUrl);
        config.setUsername(user);
        config.setPassword(password);
        config.setMaximumPoolSize(poolSize);
        config.setPoolName("payments");
        // Fail fast when the database is down: the request answers 503 instead of waiting.
        config.setConnectionTimeout(2_000);
        // A batch of inserts (Statement.executeBatch) goes as multi-row inserts: one statement, not one per row.
        config.addDataSourceProperty("reWriteBatchedInserts", "true");
        // No JIT compilation of plans: PostgreSQL compiles again on every run, tens of milliseconds, and every
        // statement here is short (a worker's poll joining the sandbox clocks was compiled on each run while that
        // table had no statistics yet: docs/PERFORMANCE.md, session 12).
        config.addDataSourceProperty("options", "-c jit=off");
        HikariDataSource dataSource = new HikariDataSource(config);
        try {
            // An index on a table that payments write is built CONCURRENTLY (payments go on meanwhile), which cannot run
            // in a transaction: such a migration runs statement by statement (mixed), and the migration lock is a
            // session's, not a transaction's, which such a build would wait for forever (flyway/flyway#3682).
            FluentConfiguration flyway = Flyway.configure().dataSource(dataSource).locations("classpath:db/migration")
                    .mixed(true);
            flyway.getConfigurationExtension(PostgreSQLConfigurationExtension.class).setTransactionalLock(false);
            flyway.load().migrate();
        } catch (RuntimeException e) {
            dataSource.close();
            throw e;
        }
        return new Database(dataSource);
    }

    public Db db() {
        return db;
    }

    @Override
    public void close() {
        statistics.close();
        dataSource.close();
    }
}
