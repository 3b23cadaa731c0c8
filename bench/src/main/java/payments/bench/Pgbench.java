package payments.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** TPC-B with pgbench (scale 10, 8 clients) on the same PostgreSQL: the yardstick the payment rates are divided by. */
final class Pgbench {
    private static final Pattern TPS = Pattern.compile("tps = ([0-9.]+) \\(without initial connection time\\)");

    private Pgbench() {
    }

    static double tps(BenchDatabase db, long seconds) throws IOException, InterruptedException {
        List<String> server = List.of("-h", db.host(), "-p", "" + db.port(), "-U", db.user());
        run(db, "psql", server, "-d", "postgres", "-c", "drop database if exists pgbench");
        run(db, "psql", server, "-d", "postgres", "-c", "create database pgbench");
        run(db, "pgbench", server, "-i", "-q", "-s", "10", "pgbench");
        String out = run(db, "pgbench", server, "-c", "8", "-j", "2", "-T", "" + seconds, "pgbench");
        run(db, "psql", server, "-d", "postgres", "-c", "drop database pgbench"); // its pages leave the cache
        Matcher m = TPS.matcher(out);
        if (!m.find()) {
            throw new IllegalStateException("no tps in pgbench output:\n" + out);
        }
        return Double.parseDouble(m.group(1));
    }

    private static String run(BenchDatabase db, String program, List<String> server, String... args)
            throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of(program));
        command.addAll(server);
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("PGPASSWORD", db.password());
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
