package payments.adapter.persistence;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import payments.adapter.persistence.embedded.EmbeddedDatabase;

/**
 * The real PostgreSQL every test of a JVM shares: the server named by {@code PAYMENTS_TEST_DATABASE_URL} (with
 * {@code PAYMENTS_TEST_DATABASE_USER}/{@code _PASSWORD}), or else one embedded server in a temporary directory,
 * started once. Tests stay independent by working on platforms of their own.
 */
public final class TestDatabase {
    private static String url;
    private static String user;
    private static String password;
    private static Database database;

    private TestDatabase() {
    }

    public static synchronized String url() {
        if (url == null) {
            String configured = System.getenv("PAYMENTS_TEST_DATABASE_URL");
            if (configured != null && !configured.isBlank()) {
                url = configured;
                user = System.getenv().getOrDefault("PAYMENTS_TEST_DATABASE_USER", "postgres");
                password = System.getenv().getOrDefault("PAYMENTS_TEST_DATABASE_PASSWORD", "");
            } else {
                EmbeddedDatabase embedded = startEmbedded();
                url = embedded.jdbcUrl();
                user = embedded.user();
                password = embedded.password();
            }
        }
        return url;
    }

    public static String user() {
        url();
        return user;
    }

    public static String password() {
        url();
        return password;
    }

    /** A connection of its own to the shared test database, outside any pool: for a test's own transactions. */
    public static Connection connect() throws SQLException {
        return DriverManager.getConnection(url(), user(), password());
    }

    /** A migrated connection pool to the shared test database. */
    public static synchronized Database database() {
        if (database == null) {
            database = Database.connect(url(), user(), password(), 32);
        }
        return database;
    }

    private static EmbeddedDatabase startEmbedded() {
        EmbeddedDatabase embedded = EmbeddedDatabase.startTemporary(false);
        Runtime.getRuntime().addShutdownHook(new Thread(embedded::close));
        return embedded;
    }
}
