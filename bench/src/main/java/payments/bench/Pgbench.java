package payments.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import payments.adapter.persistence.embedded.EmbeddedDatabase;

/**
 * TPC-B with pgbench (scale 10, 8 clients) in a database of its own on the same PostgreSQL: the yardstick the payment
 * rates are divided by, and, at half its own rate, the database's own latency in the same hour of the disk. Closing
 * drops the database, so that its pages leave the cache.
 */
final class Pgbench implements AutoCloseable {
    private static final Pattern TPS = Pattern.compile("tps = ([0-9.]+) \\(without initial connection time\\)");
    private static final List<String> CLIENTS = List.of("-c", "8", "-j", "2");

    private final BenchDatabase db;
    private final List<String> server;

    /**
     * @param tps         transactions per second at its peak (closed loop)
     * @param halfRate    latencies at half that rate (open loop), or null when not measured
     * @param diskFlushes the {@link DiskProbe}'s flushes meanwhile, or null
     */
    record Measured(double tps, Histogram halfRate, Histogram diskFlushes) {
    }

    /** pgbench at its peak for {@code seconds}, then, given a disk probe, at half that rate for as long. */
    static Measured measure(BenchDatabase db, long seconds, DiskProbe disk) throws IOException, InterruptedException {
        try (Pgbench pgbench = open(db)) {
            double tps = pgbench.tps(seconds);
            if (disk == null) {
                return new Measured(tps, null, null);
            }
            disk.interval();
            Histogram halfRate = pgbench.latenciesAt(tps / 2, seconds);
            return new Measured(tps, halfRate, disk.interval());
        }
    }

    private Pgbench(BenchDatabase db) {
        this.db = db;
        this.server = List.of("-h", db.host(), "-p", "" + db.port(), "-U", db.admin());
    }

    /** A freshly initialised pgbench database. */
    private static Pgbench open(BenchDatabase db) throws IOException, InterruptedException {
        Pgbench pgbench = new Pgbench(db);
        pgbench.run("psql", "-d", "postgres", "-c", "drop database if exists pgbench");
        pgbench.run("psql", "-d", "postgres", "-c", "create database pgbench");
        pgbench.run("pgbench", "-i", "-q", "-s", "10", "pgbench");
        return pgbench;
    }

    /** Transactions per second at its peak (closed loop) over {@code seconds}. */
    private double tps(long seconds) throws IOException, InterruptedException {
        String out = run("pgbench", with(CLIENTS, "-T", "" + seconds, "pgbench"));
        Matcher m = TPS.matcher(out);
        if (!m.find()) {
            throw new IllegalStateException("no tps in pgbench output:\n" + out);
        }
        return Double.parseDouble(m.group(1));
    }

    /**
     * Each transaction's latency, in ns, at {@code rate} in an open loop ({@code --rate}) over {@code seconds}, from
     * pgbench's per-transaction log: its third field is then the time from the transaction's scheduled start to its
     * end, in µs, so a stall counts for every transaction it delays.
     */
    private Histogram latenciesAt(double rate, long seconds) throws IOException, InterruptedException {
        Path logs = Files.createTempDirectory("bench-pgbench-log");
        try {
            run("pgbench", with(CLIENTS, "-R", String.format("%.0f", Math.max(1, rate)), "-T", "" + seconds,
                    "--log", "--log-prefix=" + logs.resolve("tx"), "pgbench"));
            Histogram latencies = new Histogram(3);
            try (Stream<Path> files = Files.list(logs)) {
                for (Path file : files.toList()) {
                    try (Stream<String> lines = Files.lines(file)) {
                        lines.forEach(line -> latencies.recordValue(Long.parseLong(line.split(" ", 4)[2]) * 1000));
                    }
                }
            }
            return latencies;
        } finally {
            EmbeddedDatabase.deleteDirectory(logs);
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        run("psql", "-d", "postgres", "-c", "drop database pgbench");
    }

    private static List<String> with(List<String> first, String... rest) {
        List<String> all = new ArrayList<>(first);
        all.addAll(List.of(rest));
        return all;
    }

    private String run(String program, String... args) throws IOException, InterruptedException {
        return run(program, List.of(args));
    }

    private String run(String program, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(program));
        command.addAll(server);
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("PGPASSWORD", db.adminPassword());
        Process process = builder.start();
        StringBuilder out = new StringBuilder();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line; (line = reader.readLine()) != null; ) {
                out.append(line).append('\n');
            }
        }
        if (process.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed:\n" + out);
        }
        return out.toString();
    }
}
