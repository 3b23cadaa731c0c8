package payments.adapter.persistence;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.MetricsTrackerFactory;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.database.postgresql.PostgreSQLConfigurationExtension;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;

/** A connection pool to PostgreSQL, migrated to the current schema, and the jOOQ context over it. */
public final class Database implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(Database.class.getName());
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

    /**
     * The schema's migrations, configured on {@code flyway}. An index on a table that payments write is built
     * CONCURRENTLY (payments go on meanwhile), which cannot run in a transaction: such a migration runs statement by
     * statement (mixed), and the migration lock is a session's, not a transaction's, which such a build would wait
     * for forever (flyway/flyway#3682). Processes that start meanwhile wait for the lock up to an hour (one try a
     * second), not 50 s.
     */
    static FluentConfiguration migrations(FluentConfiguration flyway) {
        flyway.locations("classpath:db/migration").mixed(true).lockRetryCount(3_600)
                .getConfigurationExtension(PostgreSQLConfigurationExtension.class).setTransactionalLock(false);
        return flyway;
    }

    /** Connects, then applies any pending Flyway migration (safe when several processes start at once). */
    public static Database connect(String jdbcUrl, String user, String password, int poolSize) {
        return connect(jdbcUrl, user, password, poolSize, null);
    }

    /** The same, the pool reporting its own metrics to {@code metrics} (none when null). */
    public static Database connect(String jdbcUrl, String user, String password, int poolSize,
                                   MetricsTrackerFactory metrics) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(jdbcUrl);
        config.setUsername(user);
        config.setPassword(password);
        config.setMaximumPoolSize(poolSize);
        config.setPoolName("payments");
        if (metrics != null) {
            config.setMetricsTrackerFactory(metrics);
        }
        // Fail fast when the database is down: the request answers 503 instead of waiting.
        config.setConnectionTimeout(2_000);
        // No JIT compilation of plans: PostgreSQL compiles again on every run, which costs more than any of these
        // short statements takes to execute.
        // Generic plans only: every statement is a lookup or range its indexes were made for, its constants inlined
        // (Statement). Left to choose, PostgreSQL replans the batches' array lookups on every run while a table is
        // small, and may pick a scan comparing every row with every key.
        // Index reads priced as reads of cached pages (random_page_cost 1.1, the usual figure for SSDs, not 4 for
        // spinning disks): with 4, a lookup of a few accounts by an array of ids hash-joins two scans of the small,
        // often-updated account tables instead of reading the index (docs/PERFORMANCE.md).
        config.addDataSourceProperty("options",
                "-c jit=off -c plan_cache_mode=force_generic_plan -c random_page_cost=1.1");
        HikariDataSource dataSource = new HikariDataSource(config);
        try {
            migrations(Flyway.configure().dataSource(dataSource)).load().migrate();
            List<String> invalid = invalidIndexes(dataSource);
            if (!invalid.isEmpty()) {
                LOG.log(System.Logger.Level.WARNING, "invalid indexes (an interrupted concurrent build): " + invalid
                        + "; drop them and start again to rebuild them");
            }
        } catch (RuntimeException e) {
            dataSource.close();
            throw e;
        }
        return new Database(dataSource);
    }

    /**
     * The schema's invalid indexes. A concurrent index build cut short (its process killed) leaves one, which the
     * migration's {@code if not exists} then skips: PostgreSQL keeps maintaining it but never reads it. Every start
     * says so until an operator drops it and starts again (docs/DECISIONS.md).
     */
    static List<String> invalidIndexes(javax.sql.DataSource dataSource) {
        return DSL.using(dataSource, SQLDialect.POSTGRES).fetch("select c.relname from pg_index i"
                + " join pg_class c on c.oid = i.indexrelid where not i.indisvalid"
                + " and c.relnamespace = current_schema()::regnamespace").getValues(0, String.class);
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
