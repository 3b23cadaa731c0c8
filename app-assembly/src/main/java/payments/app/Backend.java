package payments.app;

import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import payments.adapter.metrics.ServiceMetrics;
import payments.adapter.persistence.Database;
import payments.adapter.persistence.secret.Sealing;
import payments.adapter.persistence.secret.SecretBox;
import payments.adapter.persistence.embedded.EmbeddedDatabase;
import payments.ports.driven.Clock;

/** The database (the embedded one unless a URL is configured) and the services wired to it. */
final class Backend implements AutoCloseable {
    private final EmbeddedDatabase embedded;
    private final Database database;
    final Wiring wiring;
    final ServiceMetrics metrics;
    private final SecretBox box;

    private Backend(EmbeddedDatabase embedded, Database database, Wiring wiring, ServiceMetrics metrics,
                    SecretBox box) {
        this.embedded = embedded;
        this.database = database;
        this.wiring = wiring;
        this.metrics = metrics;
        this.box = box;
    }

    static Backend open(Config config) {
        EmbeddedDatabase embedded = null;
        try {
            String url = config.databaseUrl();
            String user = config.databaseUser();
            String password = config.databasePassword();
            if (url == null) {
                embedded = EmbeddedDatabase.start(config.dataDir().resolve("postgres"), true, 0);
                url = embedded.jdbcUrl();
                user = embedded.user();
                password = embedded.password();
            }
            SecretBox box = SecretBox.of(config.masterKey() != null ? config.masterKey()
                    : MasterKeyFile.loadOrCreate(MasterKeyFile.in(config.dataDir())));
            ServiceMetrics metrics = new ServiceMetrics();
            Database database = Database.connect(url, user, password, config.databasePoolSize(),
                    new MicrometerMetricsTrackerFactory(metrics.registry()));
            try {
                Sealing.prepare(database.db(), box);
            } catch (RuntimeException e) {
                database.close();
                throw e;
            }
            Clock clock = new SystemClock();
            return new Backend(embedded, database,
                    new Wiring(database.db(), clock, new TimeOrderedIds(clock), config, metrics, box), metrics, box);
        } catch (RuntimeException e) {
            if (embedded != null) {
                embedded.close();
            }
            throw e;
        }
    }

    /**
     * Runs {@code closeServer} at the JVM's exit (SIGTERM, Ctrl-C): in the embedded database's own exit hook, which
     * stops PostgreSQL after it ({@link EmbeddedDatabase#atExit}), or in a hook of its own.
     */
    void atExit(Runnable closeServer) {
        if (embedded != null) {
            embedded.atExit(closeServer);
        } else {
            Runtime.getRuntime().addShutdownHook(new Thread(closeServer, "shutdown"));
        }
    }

    /** Every secret sealed again under {@code next} (the operator's rotation); how many values were sealed. */
    int reseal(SecretBox next) {
        return Sealing.reseal(database.db(), box, next);
    }

    @Override
    public void close() {
        wiring.close();
        database.close();
        metrics.close();
        if (embedded != null) {
            embedded.close();
        }
    }
}
