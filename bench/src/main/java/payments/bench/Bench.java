package payments.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import payments.app.Config;
import payments.app.PaymentsServer;

/**
 * {@code bench/run}: the assembled server on a durable embedded PostgreSQL (fsync and synchronous commit on),
 * seeded customers with funded accounts, and the scenarios, each driven at its peak (closed loop) and then at
 * half of it (open loop, for latency), and the webhook outbox's pace behind transfer-outs ({@link WebhookScenario}).
 * pgbench TPC-B on the same server, before and after them, is the yardstick; before them it also runs at half its
 * own rate, for the database's own latency in that hour of the disk.
 * A run whose ledger does not match the client's success count, or does not reconcile, fails.
 */
public final class Bench {
    private static final String TOKEN = "22222222-3333-4444-8555-666666666666:bench-secret-0123456789abcdef";
    private static final Map<String, String> ENV = System.getenv();

    private Bench() {
    }

    /**
     * @param settle      the unmeasured open loop at the half peak's rate just before it ({@code BENCH_SETTLE_SECONDS})
     * @param diskFlushes the {@link DiskProbe}'s flushes during the half peak
     */
    record Line(String scenario, Load.Result warmUp, Load.Result peak, Load.Result settle, Load.Result halfPeak,
                Histogram diskFlushes) {
        /** Every payment the client saw succeed in the scenario, warm-up included: what the gate counts. */
        long ok() {
            return warmUp.ok() + peak.ok() + settle.ok() + halfPeak.ok();
        }

        /** Failed requests in every phase, warm-up included, so none goes unreported. */
        long failed() {
            return warmUp.failed() + peak.failed() + settle.failed() + halfPeak.failed();
        }
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("org.jooq.no-logo", "true");
        System.setProperty("org.jooq.no-tips", "true");
        // The server logs as it does in service (access log included), to a file: its cost is in the figures.
        System.setProperty("logback.configurationFile", "logback-bench.xml");
        org.slf4j.bridge.SLF4JBridgeHandler.removeHandlersForRootLogger();
        org.slf4j.bridge.SLF4JBridgeHandler.install();
        long seconds = Long.parseLong(ENV.getOrDefault("BENCH_SECONDS", "60"));
        // Unmeasured closed-loop seconds before each scenario: its code paths are compiled before the clock runs.
        long warmUpSeconds = Long.parseLong(ENV.getOrDefault("BENCH_WARMUP_SECONDS", "15"));
        // Unmeasured open-loop seconds at the half peak's rate before it is measured, so that it measures that rate's
        // steady state: the peak's aftermath (autovacuum's and the statistics keeper's first passes over the tables it
        // grew, the checkpoint of its pages) falls there; its p99 is printed beside (docs/PERFORMANCE.md).
        long settleSeconds = Long.parseLong(ENV.getOrDefault("BENCH_SETTLE_SECONDS", "15"));
        // How long webhooks waits, once its payments stop, for no event to be pending.
        long drainWaitSeconds = Long.parseLong(ENV.getOrDefault("BENCH_WEBHOOK_DRAIN_SECONDS", "120"));
        int customers = Integer.parseInt(ENV.getOrDefault("BENCH_CUSTOMERS", "200"));
        // Closed-loop workers per route: a scenario whose operation is two requests on two routes gets twice as
        // many, so that each route's batches see as many waiting requests as transfer_out's (docs/PERFORMANCE.md).
        int workers = Integer.parseInt(ENV.getOrDefault("BENCH_WORKERS", "64"));
        List<String> scenarios = List.of(ENV.getOrDefault("BENCH_SCENARIOS",
                "transfer_out,webhooks,agent_transfer_out,quote_execute,hot_platform_account,reads,card_authorization,"
                        + "card_authorization_one_card,bulk_import").split(","));
        try (BenchDatabase database = BenchDatabase.open(ENV); DiskProbe disk = DiskProbe.start()) {
            Config config = Config.fromEnvironment(ENV).withPort(0) // PAYMENTS_* settings apply, e.g. the pool size
                    .withDatabase(database.jdbcUrl(), database.user(), database.password()).withSandboxToken(TOKEN);
            // pgbench runs on the quiet server before the scenarios and again after them (autovacuum and checkpoints
            // then still busy with their rows); the ratio divides by the higher, so a slow moment flatters nothing.
            // Before, pgbench also runs at half its rate (open loop): the database's own p99 in this hour of the disk,
            // beside the one the payments' half peak is held to. BENCH_PGBENCH_TPS skips all of it when iterating on
            // one scenario.
            String givenTps = ENV.get("BENCH_PGBENCH_TPS");
            Pgbench.Measured before = givenTps != null
                    ? new Pgbench.Measured(Double.parseDouble(givenTps), null, null)
                    : Pgbench.measure(database, seconds, disk);
            double tpsBefore = before.tps();
            try (PaymentsServer server = PaymentsServer.start(config)) {
                Api api = new Api(server.port(), TOKEN);
                Seeded seeded = Seeded.create(api, customers);
                List<Line> lines = new ArrayList<>();
                LinkedBlockingQueue<String> transactionIds = new LinkedBlockingQueue<>(); // size() in O(1)
                // BENCH_RATE runs the open loop at that rate instead of half the peak: two versions compare by
                // their CPU per operation at the same load.
                double fixedRate = Double.parseDouble(ENV.getOrDefault("BENCH_RATE", "0"));
                Scenarios run = new Scenarios(scenarios, workers, warmUpSeconds, settleSeconds, seconds, fixedRate,
                        disk, lines);
                run.maybe("transfer_out", 1, () -> seeded.transferOut(api, transactionIds));
                // Before any scenario that advances the sandbox clock, and with the endpoint unset after it.
                WebhookScenario.Result webhooks = scenarios.contains("webhooks") ? WebhookScenario.run(run, api,
                        () -> seeded.transferOut(api, transactionIds), database.login(), drainWaitSeconds) : null;
                if (scenarios.contains("agent_transfer_out")) {
                    seeded.connectAgents(api);
                }
                run.maybe("agent_transfer_out", 1, seeded::agentTransferOut);
                run.maybe("quote_execute", 2, () -> seeded.quoteAndExecute(api));
                run.maybe("hot_platform_account", 1, () -> seeded.platformTransferOut(api));
                List<String> sample = new ArrayList<>(transactionIds).subList(0, Math.min(1000,
                        transactionIds.size()));
                run.maybe("reads", 1, () -> seeded.read(api, sample));
                if (scenarios.contains("card_authorization") || scenarios.contains("card_authorization_one_card")) {
                    seeded.issueCards(api);
                }
                run.maybe("card_authorization", 1, () -> seeded.cardAuthorization(api, false));
                run.maybe("card_authorization_one_card", 1, () -> seeded.cardAuthorization(api, true));

                boolean valid = gate(database, api, lines, webhooks);
                BulkImport.Result imported = scenarios.contains("bulk_import") ? BulkImport.run(api,
                        Integer.parseInt(ENV.getOrDefault("BENCH_BULK_ROWS", "100000"))) : null;
                double tpsAfter = givenTps != null ? tpsBefore : Pgbench.measure(database, seconds, null).tps();
                double tps = Math.max(tpsBefore, tpsAfter);
                System.out.printf("%nconditions: %d s per phase after %d s of warm-up, %d customers, %d closed-loop "
                        + "workers per route, %d cores, process RSS %d MiB at the end, %d MiB at most (server and load "
                        + "generator in one JVM), pgbench tps %.1f before the scenarios and %.1f after them, ratios by "
                        + "%.1f%n", seconds, warmUpSeconds, customers, workers,
                        Runtime.getRuntime().availableProcessors(), statusKb("VmRSS:") / 1024,
                        statusKb("VmHWM:") / 1024, tpsBefore, tpsAfter, tps);
                System.out.println("  database durability: " + database.durability());
                if (before.halfRate() != null) {
                    Histogram h = before.halfRate();
                    System.out.printf("  %-22s at half its tps before the scenarios, %.0f/s (open loop): p50 %.1f ms, "
                                    + "p99 %.1f ms, max %.1f ms; disk flush p99 %.1f ms, max %.1f ms%n", "pgbench",
                            tpsBefore / 2, h.getValueAtPercentile(50) / 1e6,
                            h.getValueAtPercentile(99) / 1e6, h.getMaxValue() / 1e6,
                            before.diskFlushes().getValueAtPercentile(99) / 1e6,
                            before.diskFlushes().getMaxValue() / 1e6);
                }
                String openLoopPhase = fixedRate > 0 ? "fixed rate" : "half peak";
                for (Line l : lines) {
                    System.out.printf("  %-22s peak %.1f/s (p50 %.1f ms, p99 %.1f ms); at %s %.1f/s p50 %.1f ms, "
                                    + "p90 %.1f ms, p99 %.1f ms, max %.1f ms (in the %d s before it, unmeasured: p99 "
                                    + "%.1f ms, max %.1f ms); failed %d in all phases%n", l.scenario(),
                            l.peak().rate(), l.peak().p(50), l.peak().p(99),
                            openLoopPhase, l.halfPeak().rate(), l.halfPeak().p(50), l.halfPeak().p(90),
                            l.halfPeak().p(99), l.halfPeak().latency().getMaxValue() / 1e6, settleSeconds,
                            l.settle().p(99), l.settle().latency().getMaxValue() / 1e6, l.failed());
                    System.out.printf("  %-22s CPU per operation: at peak java %.3f ms, postgres %.3f ms (steal %.0f %%); "
                                    + "at %s java %.3f ms, postgres %.3f ms (steal %.0f %%)%n", "",
                            l.peak().cpuPerOk()[0], l.peak().cpuPerOk()[1], 100 * l.peak().cpuPerOk()[2],
                            openLoopPhase, l.halfPeak().cpuPerOk()[0],
                            l.halfPeak().cpuPerOk()[1], 100 * l.halfPeak().cpuPerOk()[2]);
                    System.out.printf("  %-22s disk flush (8 kB, fdatasync) at %s: p99 %.1f ms, max %.1f ms%n", "",
                            openLoopPhase, l.diskFlushes().getValueAtPercentile(99) / 1e6,
                            l.diskFlushes().getMaxValue() / 1e6);
                    if (!l.halfPeak().slowSeconds().isEmpty()) {
                        System.out.printf("  %-22s %d requests over %d ms at %s (%.2f %%); the seconds with most "
                                        + "(UTC): %s%n", "", l.halfPeak().overTarget(), Load.TARGET_MS, openLoopPhase,
                                100.0 * l.halfPeak().overTarget() / l.halfPeak().latency().getTotalCount(),
                                l.halfPeak().slowSeconds().stream()
                                        .map(s -> String.format("%s, slowest disk flush %.0f ms, %.1f MB read", s,
                                                disk.slowestMs(s.at()), disk.readMb(s.at())))
                                        .collect(Collectors.joining("; ")));
                    }
                }
                if (webhooks != null) {
                    System.out.println(webhooks.detail());
                }
                System.out.println(valid ? "validity gate: passed" : "validity gate: FAILED");
                for (Line l : lines) {
                    System.out.printf("%s ok=%d rate=%.1f p99_ms=%.1f ratio=%.2f%n", l.scenario(),
                            l.ok(), l.peak().rate(), l.halfPeak().p(99),
                            l.peak().rate() / tps);
                }
                if (webhooks != null) {
                    System.out.println(webhooks.summary());
                }
                agentRatio(lines);
                lines.stream().filter(l -> l.scenario().equals("card_authorization")).findFirst().ifPresent(l ->
                        System.out.printf("card_authorization p99 at half peak %.1f ms (target 50)%n",
                                l.halfPeak().p(99)));
                if (imported != null) {
                    System.out.printf("bulk_import ok=%d rate=%.1f heap_peak_mib=%d (file %d MiB, held by the load "
                                    + "generator in the same JVM) in %.1f s%n", imported.succeeded(),
                            imported.succeeded() / imported.seconds(), imported.heapPeakMib(), imported.fileMib(),
                            imported.seconds());
                    valid &= imported.succeeded() == imported.rows();
                }
                if (!valid) {
                    System.exit(1);
                }
            }
        }
    }

    /**
     * The scenarios named in BENCH_SCENARIOS (all by default), each warmed up, then at its peak and then at half of
     * it (or at {@code fixedRate}), that rate settled for {@code settleSeconds} first.
     */
    record Scenarios(List<String> names, int workers, long warmUpSeconds, long settleSeconds, long seconds,
                     double fixedRate, DiskProbe disk, List<Line> lines) {
        /** @param routes how many routes one operation calls, one after the other */
        void maybe(String name, int routes, BooleanSupplier op) {
            if (!names.contains(name)) {
                return;
            }
            int threads = workers * routes;
            System.out.println("running " + name + " with " + threads + " closed-loop workers (after "
                    + warmUpSeconds + " s of warm-up) ...");
            Load.Result warmUp = Load.closedLoop(op, threads, warmUpSeconds);
            Load.Result peak = Load.closedLoop(op, threads, seconds);
            double rate = openLoopRate(peak);
            Load.Result settle = Load.openLoop(op, rate, settleSeconds);
            disk.interval();
            Load.Result half = Load.openLoop(op, rate, seconds);
            lines.add(new Line(name, warmUp, peak, settle, half, disk.interval()));
        }

        /** The open loop's rate after {@code peak}: half of it, or {@code fixedRate}. */
        double openLoopRate(Load.Result peak) {
            return fixedRate > 0 ? fixedRate : Math.max(1, peak.rate() / 2);
        }
    }

    /**
     * The ledger holds as many payments of each kind as the client saw succeed (counts: a timed-out request that
     * committed makes them differ), the books reconcile, and no request failed: every request the bench sends is
     * valid and funded, so a failure is a fault, and its latency would also flatter the percentiles. With
     * {@code webhooks} (null if it did not run), its transfer-outs count too, and every event it made must have
     * reached its endpoint.
     */
    private static boolean gate(BenchDatabase database, Api api, List<Line> lines, WebhookScenario.Result webhooks)
            throws Exception {
        Map<String, Long> journals = new LinkedHashMap<>();
        try (Connection c = DriverManager.getConnection(database.jdbcUrl(), database.user(),
                database.password());
             ResultSet rs = c.createStatement().executeQuery(
                     "select kind, count(*) from ledger_journals group by kind")) {
            while (rs.next()) {
                journals.put(rs.getString(1), rs.getLong(2));
            }
        }
        long transfers = ok(lines, "transfer_out") + ok(lines, "agent_transfer_out")
                + ok(lines, "hot_platform_account") + (webhooks == null ? 0 : webhooks.transfers());
        long quotes = ok(lines, "quote_execute");
        long checkStarted = System.nanoTime();
        boolean balanced = api.ledgerBalanced();
        System.out.printf("gate: TRANSFER_OUT journals %d vs %d ok; QUOTE_CONVERSION journals %d vs %d ok; "
                        + "ledger balanced %b (checked in %.1f s)%n", journals.getOrDefault("TRANSFER_OUT", 0L),
                transfers, journals.getOrDefault("QUOTE_CONVERSION", 0L), quotes, balanced,
                (System.nanoTime() - checkStarted) / 1e9);
        long cards = ok(lines, "card_authorization") + ok(lines, "card_authorization_one_card");
        long cardTransactions = count(database, "select count(*) from card_transactions");
        System.out.printf("gate: card transactions %d vs %d authorizations ok%n", cardTransactions, cards);
        long failed = lines.stream().mapToLong(Line::failed).sum() + (webhooks == null ? 0 : webhooks.failed());
        if (failed > 0) {
            System.out.printf("gate: %d requests failed%n", failed);
        }
        if (webhooks != null) {
            System.out.println(webhooks.gate());
        }
        return balanced && failed == 0 && cardTransactions == cards && (webhooks == null || webhooks.allDelivered())
                && journals.getOrDefault("TRANSFER_OUT", 0L) == transfers
                && journals.getOrDefault("QUOTE_CONVERSION", 0L) == quotes;
    }

    private static long count(BenchDatabase database, String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(database.jdbcUrl(), database.user(),
                database.password()); ResultSet rs = c.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** An agent's transfer-out against the platform's own, at their peaks: the agent path's cost (target 0.8). */
    private static void agentRatio(List<Line> lines) {
        var platform = lines.stream().filter(l -> l.scenario().equals("transfer_out")).findFirst();
        var agent = lines.stream().filter(l -> l.scenario().equals("agent_transfer_out")).findFirst();
        if (platform.isPresent() && agent.isPresent()) {
            System.out.printf("agent_transfer_out vs transfer_out ratio=%.2f (target 0.80)%n",
                    agent.get().peak().rate() / platform.get().peak().rate());
        }
    }

    private static long ok(List<Line> lines, String scenario) {
        return lines.stream().filter(l -> l.scenario().equals(scenario)).mapToLong(Line::ok).sum();
    }

    /** A figure of this process's memory, in kB: its resident set now (VmRSS) or at its largest (VmHWM). */
    private static long statusKb(String field) throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith(field)) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }

    static int random(int bound) {
        return ThreadLocalRandom.current().nextInt(bound);
    }
}
