package payments.adapter.persistence;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A real PostgreSQL server started by this process from binaries shipped on Maven Central, so the service and its
 * tests need nothing installed. Data stays in {@code dataDirectory} across restarts.
 */
public final class EmbeddedDatabase implements AutoCloseable {
    public static final String USER = "postgres";
    private final EmbeddedPostgres postgres;
    /** Deleted on close: the directory of a throwaway server, or null. */
    private final Path temporaryDirectory;

    private EmbeddedDatabase(EmbeddedPostgres postgres, Path temporaryDirectory) {
        this.postgres = postgres;
        this.temporaryDirectory = temporaryDirectory;
    }

    /** A server in a new temporary directory, deleted when it closes (tests, benchmarks). */
    public static EmbeddedDatabase startTemporary(boolean durable) {
        try {
            Path dir = Files.createTempDirectory("payments-pg");
            EmbeddedDatabase started = start(dir, durable, 0);
            return new EmbeddedDatabase(started.postgres, dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The server's database, durable, stopped only by {@link #close}: its owner closes it from its own shutdown
     * hook after the requests and workers that use it have finished. (The library's own hook, which the other
     * starts keep, would stop PostgreSQL at the same moment as the owner's hook, under the requests in flight.)
     */
    public static EmbeddedDatabase startClosedByOwner(Path dataDirectory) {
        return start(dataDirectory, true, 0, false);
    }

    /**
     * On a fixed port (0: any free port), so a restart keeps its address; stopped by {@link #close} or at the JVM's
     * exit.
     *
     * @param durable fsync and synchronous commit on (the server); off only for throwaway test databases.
     */
    public static EmbeddedDatabase start(Path dataDirectory, boolean durable, int port) {
        return start(dataDirectory, durable, port, true);
    }

    private static EmbeddedDatabase start(Path dataDirectory, boolean durable, int port, boolean stopAtExit) {
        try {
            Files.createDirectories(dataDirectory);
            String onOff = durable ? "on" : "off";
            var builder = EmbeddedPostgres.builder().setRegisterShutdownHook(stopAtExit);
            if (port > 0) {
                builder.setPort(port);
            }
            return new EmbeddedDatabase(builder
                    .setDataDirectory(dataDirectory)
                    .setCleanDataDirectory(false)
                    .setServerConfig("fsync", onOff)
                    .setServerConfig("synchronous_commit", onOff)
                    .setServerConfig("full_page_writes", onOff)
                    .setServerConfig("max_connections", "200")
                    // A new 16 MB WAL segment is created without being zero-filled first: filling it holds the WAL
                    // write lock and stalled every commit behind it for tens of ms (docs/PERFORMANCE.md, session 5).
                    .setServerConfig("wal_init_zero", "off")
                    // A backend asks the kernel to write its evicted pages after every 256 kB (as the checkpointer
                    // and the background writer do by default), instead of leaving them dirty until the kernel
                    // flushed hundreds of MB at once, which held every commit's WAL flush for 100-200 ms (session 13).
                    .setServerConfig("backend_flush_after", durable ? "256kB" : "0")
                    .start(), null);
        } catch (IOException e) {
            throw new UncheckedIOException("embedded PostgreSQL did not start", e);
        }
    }

    public String jdbcUrl() {
        return postgres.getJdbcUrl(USER, "postgres");
    }

    public int port() {
        return postgres.getPort();
    }

    @Override
    public void close() {
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
