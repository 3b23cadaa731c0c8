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

    static double tps(int port, long seconds) throws IOException, InterruptedException {
        run(List.of("psql", "-h", "127.0.0.1", "-p", "" + port, "-U", "postgres", "-c",
                "drop database if exists pgbench"), true);
        run(List.of("psql", "-h", "127.0.0.1", "-p", "" + port, "-U", "postgres", "-c", "create database pgbench"),
                true);
        run(List.of("pgbench", "-h", "127.0.0.1", "-p", "" + port, "-U", "postgres", "-i", "-q", "-s", "10",
                "pgbench"), true);
        String out = run(List.of("pgbench", "-h", "127.0.0.1", "-p", "" + port, "-U", "postgres", "-c", "8", "-j",
                "2", "-T", "" + seconds, "pgbench"), true);
        Matcher m = TPS.matcher(out);
        if (!m.find()) {
            throw new IllegalStateException("no tps in pgbench output:\n" + out);
        }
        return Double.parseDouble(m.group(1));
    }

    private static String run(List<String> command, boolean mustSucceed) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        StringBuilder out = new StringBuilder();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line; (line = reader.readLine()) != null; ) {
                out.append(line).append('\n');
            }
        }
        if (process.waitFor() != 0 && mustSucceed) {
            throw new IllegalStateException(String.join(" ", command) + " failed:\n" + out);
        }
        return out.toString();
    }
}
