package payments.adapter.persistence;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A real PostgreSQL server started by this process from binaries shipped on Maven Central, so the service and its
 * tests need nothing installed. Data stays in {@code dataDirectory} across restarts.
 */
public final class EmbeddedDatabase implements AutoCloseable {
    public static final String USER = "postgres";
    /** How long the exit hook waits for a server still starting, to stop it once it is up. */
    private static final long LAUNCH_WAIT_SECONDS = 60;
    /** Deleted on close: the directory of a throwaway server, or null. */
    private final Path temporaryDirectory;
    /** Registered before the server starts: stops it at the JVM's exit, after the owner's work ({@link #atExit}). */
    private final Thread stopAtExit = new Thread(this::stopAtExit, "embedded-postgres-stop");
    private final CountDownLatch launched = new CountDownLatch(1);
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile EmbeddedPostgres postgres;
    /** Run by the exit hook before it stops PostgreSQL (the owner's close), or null. */
    private volatile Runnable beforeStop;

    private EmbeddedDatabase(Path temporaryDirectory) {
        this.temporaryDirectory = temporaryDirectory;
    }

    /** A server in a new temporary directory, deleted when it closes (tests, benchmarks). */
    public static EmbeddedDatabase startTemporary(boolean durable) {
        try {
            Path dir = Files.createTempDirectory("payments-pg");
            return new EmbeddedDatabase(dir).launch(dir, durable, 0);
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
            postgres = startPostgres(dataDirectory, durable, port);
            return this;
        } catch (RuntimeException e) {
            forgetExitHook();
            throw e;
        } finally {
            launched.countDown();
        }
    }

    private static EmbeddedPostgres startPostgres(Path dataDirectory, boolean durable, int port) {
        try {
            Files.createDirectories(dataDirectory);
            String onOff = durable ? "on" : "off";
            var builder = EmbeddedPostgres.builder().setRegisterShutdownHook(false);
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
