package payments.adapter.persistence.embedded;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import payments.adapter.persistence.secret.PrivateFile;

/**
 * A real PostgreSQL server started by this process from binaries shipped on Maven Central, so the service and its
 * tests need nothing installed. Data stays in {@code dataDirectory} across restarts.
 *
 * <p>Every connection proves a password (SCRAM), local ones too: another user of the machine cannot read the
 * service's secrets through the port. The service connects as {@link #OWNER}, which owns the database but is not a
 * superuser; the superuser's password only sets the server up. Both are random, kept beside the data directory in a
 * file of mode 0600 ({@link DatabaseCredentials}).
 */
public final class EmbeddedDatabase implements AutoCloseable {
    /** The role the service connects as: owner of the database and everything in it, not a superuser. */
    public static final String OWNER = "payments";
    /** The superuser: sets the server up; the service never connects as it. */
    public static final String SUPERUSER = "postgres";
    private static final String DATABASE = "postgres";
    /** Passwords for every connection, over TCP or the local socket; nothing else gets in. */
    private static final String HBA = """
            # Written by the payments service at each start: every connection proves its password (SCRAM).
            local all all scram-sha-256
            host all all 127.0.0.1/32 scram-sha-256
            host all all ::1/128 scram-sha-256
            """;
    /** How long the exit hook waits for a server still starting, to stop it once it is up. */
    private static final long LAUNCH_WAIT_SECONDS = 60;
    /** Deleted on close: the directory of a throwaway server, or null. */
    private final Path temporaryDirectory;
    /** Registered before the server starts: stops it at the JVM's exit, after the owner's work ({@link #atExit}). */
    private final Thread stopAtExit = new Thread(this::stopAtExit, "embedded-postgres-stop");
    private final CountDownLatch launched = new CountDownLatch(1);
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile EmbeddedPostgres postgres;
    private volatile DatabaseCredentials credentials;
    private volatile Path dataDirectory;
    /** Run by the exit hook before it stops PostgreSQL (the owner's close), or null. */
    private volatile Runnable beforeStop;

    private EmbeddedDatabase(Path temporaryDirectory) {
        this.temporaryDirectory = temporaryDirectory;
    }

    /** A server in a new temporary directory, deleted when it closes (tests, benchmarks). */
    public static EmbeddedDatabase startTemporary(boolean durable) {
        try {
            Path dir = Files.createTempDirectory("payments-pg");
            return new EmbeddedDatabase(dir).launch(dir.resolve("data"), durable, 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * On a fixed port (0: any free port), so a restart keeps its address; stopped by {@link #close}, or at the JVM's
     * exit by this class's own hook (the library's is off: see {@link #atExit}).
     *
     * @param durable fsync and synchronous commit on (the server); off only for throwaway test databases.
     */
    public static EmbeddedDatabase start(Path dataDirectory, boolean durable, int port) {
        return new EmbeddedDatabase(null).launch(dataDirectory, durable, port);
    }

    /**
     * At the JVM's exit, runs {@code closeOwner} (a server's close: its requests in flight and its workers) and then
     * stops PostgreSQL, in this class's one exit hook. Two hooks would run at once, and stop PostgreSQL under that
     * work; and an owner's hook registered beside this one leaves a moment when the JVM could exit with neither
     * standing down nor the order kept. Until this is called (a server starting, an operator command) the hook stops
     * PostgreSQL alone, so none is left running for the next start to trip over.
     */
    public void atExit(Runnable closeOwner) {
        beforeStop = closeOwner;
    }

    /** The exit hook: waits for a server still starting (the JVM's other threads run on meanwhile), then stops it. */
    void stopAtExit() {
        try {
            launched.await(LAUNCH_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        Runnable owner = beforeStop;
        try {
            if (owner != null) {
                owner.run();
            }
        } finally {
            close();
        }
    }

    /** Starts the server, the exit hook registered first: a stop while PostgreSQL starts must not leave it running. */
    private EmbeddedDatabase launch(Path dataDirectory, boolean durable, int port) {
        Runtime.getRuntime().addShutdownHook(stopAtExit);
        try {
            this.dataDirectory = dataDirectory;
            credentials = DatabaseCredentials.at(credentialsFile(dataDirectory));
            postgres = startPostgres(dataDirectory, durable, port, credentials);
            secure(dataDirectory);
            return this;
        } catch (RuntimeException e) {
            forgetExitHook();
            throw e;
        } finally {
            launched.countDown();
        }
    }

    /** The passwords' file, beside the data directory: initdb wants that directory empty. */
    private static Path credentialsFile(Path dataDirectory) {
        return dataDirectory.resolveSibling(dataDirectory.getFileName() + ".credentials");
    }

    /**
     * Starts the server, creating its cluster first if there is none: with password authentication and the
     * superuser's password from the start (initdb's {@code --auth} and {@code --pwfile}), so that no moment exists
     * when a local connection is trusted.
     */
    private static EmbeddedPostgres startPostgres(Path dataDirectory, boolean durable, int port,
                                                  DatabaseCredentials credentials) {
        Path pwfile = dataDirectory.resolveSibling(dataDirectory.getFileName() + ".pwfile");
        try {
            Files.createDirectories(dataDirectory);
            String onOff = durable ? "on" : "off";
            var builder = EmbeddedPostgres.builder().setRegisterShutdownHook(false)
                    .setConnectConfig("password", credentials.superuserPassword());
            if (!Files.exists(dataDirectory.resolve("postgresql.conf"))) {
                Files.deleteIfExists(pwfile);
                PrivateFile.writeDirectly(pwfile, credentials.superuserPassword() + "\n");
                builder.setLocaleConfig("auth", "scram-sha-256").setLocaleConfig("pwfile", pwfile.toString());
            }
            if (port > 0) {
                builder.setPort(port);
            }
            return builder
                    .setDataDirectory(dataDirectory)
                    .setCleanDataDirectory(false)
                    .setServerConfig("fsync", onOff)
                    .setServerConfig("synchronous_commit", onOff)
                    .setServerConfig("full_page_writes", onOff)
                    .setServerConfig("max_connections", "200")
                    // A new 16 MB WAL segment is created without being zero-filled first: filling it holds the WAL
                    // write lock and stalls every commit behind it (docs/PERFORMANCE.md).
                    .setServerConfig("wal_init_zero", "off")
                    // A backend asks the kernel to write its evicted pages after every 256 kB (as the checkpointer
                    // and the background writer do by default): left dirty, they are flushed hundreds of MB at once,
                    // which holds up every commit's WAL flush meanwhile.
                    .setServerConfig("backend_flush_after", durable ? "256kB" : "0")
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("embedded PostgreSQL did not start", e);
        } finally {
            try {
                Files.deleteIfExists(pwfile);
            } catch (IOException e) {
                // initdb has read it; a leftover is private (0600) and replaced at the next initdb
            }
        }
    }

    /**
     * Makes the server as {@link EmbeddedDatabase} says, whatever it was: the superuser's password set, the owner
     * role there with its password and owning the database and every object in it, and only password logins
     * accepted. A cluster made when the server trusted local connections (and the superuser owned everything) is
     * brought to that state at its first start.
     */
    private void secure(Path dataDirectory) {
        try (Connection c = DriverManager.getConnection(jdbcUrl(), SUPERUSER, credentials.superuserPassword());
             Statement s = c.createStatement()) {
            s.execute("ALTER ROLE " + SUPERUSER + " PASSWORD '" + credentials.superuserPassword() + "'");
            s.execute("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '" + OWNER + "') THEN "
                    + "CREATE ROLE " + OWNER + "; END IF; END $$");
            s.execute("ALTER ROLE " + OWNER + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS "
                    + "PASSWORD '" + credentials.ownerPassword() + "'");
            s.execute("ALTER DATABASE " + DATABASE + " OWNER TO " + OWNER);
            s.execute(OWN_EVERYTHING);
            Path hba = dataDirectory.resolve("pg_hba.conf");
            if (!HBA.equals(Files.readString(hba))) {
                Files.writeString(hba, HBA);
                s.execute("SELECT pg_reload_conf()");
                awaitPasswordsRequired();
            }
        } catch (SQLException | IOException e) {
            close();
            throw new IllegalStateException("could not secure the embedded PostgreSQL", e);
        }
    }

    /**
     * Hands the owner role the objects the superuser made in the schema (tables first: a sequence a column owns
     * follows its table and cannot be handed over alone).
     */
    private static final String OWN_EVERYTHING = """
            DO $$
            DECLARE r record;
            BEGIN
              FOR r IN SELECT c.oid::regclass AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
                         AND c.relowner <> 'payments'::regrole LOOP
                EXECUTE format('ALTER TABLE %s OWNER TO payments', r.name);
              END LOOP;
              FOR r IN SELECT c.oid::regclass AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                       WHERE n.nspname = 'public' AND c.relkind = 'S' AND c.relowner <> 'payments'::regrole LOOP
                EXECUTE format('ALTER SEQUENCE %s OWNER TO payments', r.name);
              END LOOP;
              FOR r IN SELECT p.oid::regprocedure AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                       WHERE n.nspname = 'public' AND p.proowner <> 'payments'::regrole LOOP
                EXECUTE format('ALTER ROUTINE %s OWNER TO payments', r.name);
              END LOOP;
              FOR r IN SELECT t.oid::regtype AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
                       WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd') AND t.typowner <> 'payments'::regrole LOOP
                EXECUTE format('ALTER TYPE %s OWNER TO payments', r.name);
              END LOOP;
            END $$""";

    /** A reload takes effect a moment later: waits until a login without a password is refused. */
    private void awaitPasswordsRequired() throws SQLException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            try (Connection trusted = DriverManager.getConnection(jdbcUrl(), SUPERUSER, "")) {
                Thread.onSpinWait();
            } catch (SQLException refused) {
                return;
            }
        }
        throw new SQLException("the server still trusts connections without a password after reloading pg_hba.conf");
    }

    /** The database's JDBC URL, without credentials: {@link #user} and {@link #password} go beside it. */
    public String jdbcUrl() {
        return "jdbc:postgresql://localhost:" + postgres.getPort() + "/" + DATABASE;
    }

    /** The role the service connects as: {@link #OWNER}. */
    public String user() {
        return OWNER;
    }

    /** {@link #OWNER}'s password. */
    public String password() {
        return credentials.ownerPassword();
    }

    Path dataDirectory() {
        return dataDirectory;
    }

    Path credentialsFile() {
        return credentialsFile(dataDirectory);
    }

    /** {@link #SUPERUSER}'s password, for tools that administer the server (the benchmark's own database). */
    public String superuserPassword() {
        return credentials.superuserPassword();
    }

    public int port() {
        return postgres.getPort();
    }

    @Override
    public void close() {
        if (postgres == null || !closed.compareAndSet(false, true)) {
            return;
        }
        forgetExitHook();
        try {
            postgres.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (temporaryDirectory != null) {
                deleteTemporary(temporaryDirectory);
            }
        }
    }

    private void forgetExitHook() {
        try {
            Runtime.getRuntime().removeShutdownHook(stopAtExit);
        } catch (IllegalStateException exiting) {
            // the JVM is exiting (this may be the hook itself): nothing to remove
        }
    }

    /**
     * Deletes a throwaway server's directory, even when its stop failed or raced another shutdown hook (files can
     * still appear while the last ones are written): a few tries, then give up quietly.
     */
    private static void deleteTemporary(Path dir) {
        for (int attempt = 0; attempt < 5 && Files.exists(dir); attempt++) {
            try {
                deleteDirectory(dir);
            } catch (IOException | UncheckedIOException e) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Deletes a directory and everything in it, such as a stopped server's data directory. */
    public static void deleteDirectory(Path dataDirectory) throws IOException {
        if (!Files.exists(dataDirectory)) {
            return;
        }
        try (var paths = Files.walk(dataDirectory)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
