package payments.bench;

import java.net.URI;
import payments.adapter.persistence.embedded.EmbeddedDatabase;

/**
 * The PostgreSQL the bench runs on: a fresh durable embedded one, or the empty database named by
 * {@code BENCH_DATABASE_URL} (with {@code BENCH_DATABASE_USER} and {@code BENCH_DATABASE_PASSWORD}), for example a
 * tuned server or one with pg_stat_statements loaded. pgbench runs against the same server, as {@code admin} (the
 * embedded server's superuser: it creates a database of its own), the service as {@code user}.
 */
record BenchDatabase(String jdbcUrl, String host, int port, String user, String password, String admin,
                     String adminPassword, AutoCloseable owned) implements AutoCloseable {

    static BenchDatabase open(java.util.Map<String, String> env) {
        String url = env.get("BENCH_DATABASE_URL");
        if (url == null) {
            EmbeddedDatabase embedded = EmbeddedDatabase.startTemporary(true);
            return new BenchDatabase(embedded.jdbcUrl(), "127.0.0.1", embedded.port(), embedded.user(),
                    embedded.password(), EmbeddedDatabase.SUPERUSER, embedded.superuserPassword(), embedded);
        }
        URI uri = URI.create(url.substring("jdbc:".length()));
        String user = env.getOrDefault("BENCH_DATABASE_USER", "postgres");
        String password = env.getOrDefault("BENCH_DATABASE_PASSWORD", "");
        return new BenchDatabase(url, uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort(), user, password, user,
                password, () -> { });
    }

    /** The service's login, as its checks read what it wrote. */
    DbLogin login() {
        return new DbLogin(jdbcUrl, user, password);
    }

    /**
     * The settings that make a commit durable, as the server reports them: the ratios count only with all
     * three on, and a server named by {@code BENCH_DATABASE_URL} is not ours to set.
     */
    String durability() throws java.sql.SQLException {
        StringBuilder settings = new StringBuilder();
        try (var c = java.sql.DriverManager.getConnection(jdbcUrl, user, password)) {
            for (String name : java.util.List.of("fsync", "synchronous_commit", "full_page_writes")) {
                try (var rs = c.createStatement().executeQuery("show " + name)) {
                    rs.next();
                    settings.append(settings.length() == 0 ? "" : ", ").append(name).append(' ').append(rs.getString(1));
                }
            }
        }
        return settings.toString();
    }

    @Override
    public void close() throws Exception {
        owned.close();
    }
}
