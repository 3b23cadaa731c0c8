package payments.bench;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import payments.adapter.persistence.embedded.EmbeddedDatabase;
import payments.app.Config;

/**
 * {@code bench/faults}: the fault suite. Server processes (the real jar) on one durable embedded PostgreSQL take
 * transfers (some with 30-second delayed outcomes) from several load threads while the suite kills a server with
 * SIGKILL at random moments and restarts it, restarts PostgreSQL, and runs several servers at once. Afterwards every
 * acknowledged payment must exist, a retry of every unacknowledged request with its Idempotency-Key must not double
 * it, delayed outcomes must all have run, the ledger must reconcile, and every transaction must match a request and
 * carry exactly the ledger effect of its status ({@link Effects}). A second platform, paid a paced trickle, has its
 * webhook endpoint in the suite ({@link WebhookTally}): every event delivered, and twice only when a kill cut a
 * delivery short. (The first platform's full load would make more events than one platform's two deliveries in
 * flight can send within the suite's minutes.)
 */
public final class Faults {
    static final String TOKEN = "33333333-4444-4555-8666-777777777777:faults-secret-0123456789abcdef";
    private static final Map<String, String> ENV = System.getenv();

    private Faults() {
    }

    public static void main(String[] args) throws Exception {
        int kills = Integer.parseInt(ENV.getOrDefault("FAULTS_KILLS", "20"));
        int servers = Integer.parseInt(ENV.getOrDefault("FAULTS_SERVERS", "3"));
        Path jar = Path.of(ENV.getOrDefault("FAULTS_SERVER_JAR", "app-assembly/target/payments-server.jar"));
        if (!Files.isRegularFile(jar)) {
            // Said plainly: otherwise the first server "did not come up", which reads like a failure of the server.
            System.err.println("no server jar at " + jar.toAbsolutePath()
                    + ": run bench/faults (it builds the jar), or set FAULTS_SERVER_JAR");
            System.exit(2);
        }
        boolean passed;
        try {
            passed = run(jar, kills, servers);
        } catch (Exception | Error e) {
            // A server that did not come up leaves threads (a load thread, the webhook tally) the JVM would wait for.
            e.printStackTrace();
            System.out.println("faults: FAILED (" + e + ")");
            passed = false;
        }
        System.exit(passed ? 0 : 1);
    }

    /** Runs the suite; true when every invariant held. */
    public static boolean run(Path jar, int kills, int serverCount) throws Exception {
        Path dir = Files.createTempDirectory("payments-faults");
        int dbPort = freePort();
        EmbeddedDatabase[] database = {EmbeddedDatabase.start(dir.resolve("pg"), true, dbPort)};
        List<ServerProcess> servers = new ArrayList<>();
        try (WebhookTally webhooks = WebhookTally.start()) {
            for (int i = 0; i < serverCount; i++) {
                servers.add(ServerProcess.start(jar, DbLogin.of(database[0]), TOKEN));
            }
            Ledger ledger = new Ledger(TOKEN, Seeded.create(new Api(servers.get(0).port(), TOKEN), 10), 0);
            String hooksToken = ServerProcess.createPlatform(jar, DbLogin.of(database[0]), "faults-webhooks");
            Api hooksApi = new Api(servers.get(0).port(), hooksToken);
            hooksApi.call("PATCH", "/config", Map.of("webhookEndpoint", webhooks.url()));
            Ledger hooked = new Ledger(hooksToken, Seeded.create(hooksApi, 2), 50);
            // A customer import whose batch jobs the kills below interrupt: each row must become one customer.
            int importRows = Integer.parseInt(ENV.getOrDefault("FAULTS_IMPORT_ROWS", "3000"));
            String importToken = ServerProcess.createPlatform(jar, DbLogin.of(database[0]), "faults-import");
            String importJob = new Api(servers.get(0).port(), importToken)
                    .upload("/customers/bulk/csv", "customers.csv", BulkImport.csv(importRows))
                    .body().get("jobId").asText();
            AtomicBoolean running = new AtomicBoolean(true);
            List<Thread> load = new ArrayList<>();
            for (int t = 0; t < 9; t++) {
                Ledger of = t == 8 ? hooked : ledger;
                Thread thread = new Thread(() -> drive(servers, of, running), "load-" + t);
                thread.start();
                load.add(thread);
            }
            for (int k = 0; k < kills; k++) {
                Thread.sleep(300 + ThreadLocalRandom.current().nextInt(1500));
                ServerProcess victim = servers.get(k % servers.size());
                victim.kill();
                System.out.println("kill -9 #" + (k + 1) + " of server on port " + victim.port());
                servers.set(k % servers.size(), victim.restart());
            }
            System.out.println("restarting PostgreSQL under load ...");
            database[0].close();
            Thread.sleep(1500);
            database[0] = EmbeddedDatabase.start(dir.resolve("pg"), true, dbPort);
            Thread.sleep(3000);
            running.set(false);
            for (Thread thread : load) {
                thread.join();
            }
            // A kill, or the database's restart, can cut short each process's calls under way to the endpoint (its
            // places in flight) and as many again that ended but whose outcomes were not yet recorded.
            long cutShortAtMost = 2L * Config.fromEnvironment(ENV).webhooks().perEndpoint();
            boolean imported = importedOnce(new Api(servers.get(0).port(), importToken), importJob, importRows,
                    DbLogin.of(database[0]));
            return verify(servers, List.of(ledger, hooked), hooked, DbLogin.of(database[0]), webhooks,
                    cutShortAtMost * (kills + serverCount)) && imported;
        } finally {
            for (ServerProcess server : servers) {
                server.kill();
            }
            database[0].close();
            EmbeddedDatabase.deleteDirectory(dir);
        }
    }

    /**
     * What the client of one platform saw: acknowledged payments, and requests that got no answer (their keys are
     * retried). {@code pauseMillis} paces its load thread (0: as fast as the servers answer).
     */
    static final class Ledger {
        final String token;
        final Seeded seeded;
        final long pauseMillis;
        final Map<String, String> acknowledged = new ConcurrentHashMap<>();
        final Map<String, Map<String, Object>> unanswered = new ConcurrentHashMap<>();
        final AtomicLong outages = new AtomicLong();
        final AtomicLong errors = new AtomicLong();
        /** Answers no valid request should get (4xx, 2xx other than 201, a 503 without the error body). */
        final Map<String, String> wrong = new ConcurrentHashMap<>();

        Ledger(String token, Seeded seeded, long pauseMillis) {
            this.token = token;
            this.seeded = seeded;
            this.pauseMillis = pauseMillis;
        }
    }

    private static void drive(List<ServerProcess> servers, Ledger ledger, AtomicBoolean running) {
        while (running.get()) {
            sleep(ledger.pauseMillis);
            ServerProcess server = servers.get(ThreadLocalRandom.current().nextInt(servers.size()));
            String key = UUID.randomUUID().toString();
            Map<String, Object> body = ledger.seeded.transferBody(ThreadLocalRandom.current().nextInt(10) == 0);
            try {
                var reply = new Api(server.port(), ledger.token).send("POST", "/transfer-out", body, key);
                if (reply.status() == 201) {
                    ledger.acknowledged.put(key, reply.body().get("id").asText());
                } else if (reply.status() == 503 && !"SERVICE_UNAVAILABLE".equals(reply.body().path("code").asText())) {
                    ledger.wrong.put(key, "503 without the error body");
                    ledger.unanswered.put(key, body);
                } else if (reply.status() == 503) {
                    // A connection lost during the COMMIT leaves the outcome unknown: retried with its key, as a
                    // client must.
                    ledger.outages.incrementAndGet();
                    ledger.unanswered.put(key, body);
                } else if (reply.status() / 100 == 5) {
                    ledger.errors.incrementAndGet();
                    ledger.unanswered.put(key, body);
                } else {
                    // Every request is valid and funded: a refusal is a payment wrongly refused.
                    ledger.wrong.put(key, reply.status() + " " + reply.body().path("code").asText());
                }
            } catch (RuntimeException killedMidRequest) {
                ledger.unanswered.put(key, body);
                sleep(20); // the server is down: a refused connection fails at once, so do not spin
            }
        }
    }

    private static boolean verify(List<ServerProcess> servers, List<Ledger> ledgers, Ledger hooked, DbLogin db,
                                  WebhookTally webhooks, long duplicatesAllowed) throws Exception {
        long started = System.nanoTime();
        for (ServerProcess server : servers) {
            waitUntilUp(new Api(server.port(), TOKEN)); // each one recovered from the restart by itself
        }
        int missing = 0;
        int doubled = 0;
        int retries = 0;
        java.util.Set<String> known = new java.util.HashSet<>();
        Map<String, String> wrong = new java.util.TreeMap<>();
        for (Ledger ledger : ledgers) {
            Api api = new Api(servers.get(0).port(), ledger.token);
            for (String id : ledger.acknowledged.values()) {
                if (api.send("GET", "/transactions/" + id, null, false).status() != 200) {
                    missing++;
                }
            }
            known.addAll(ledger.acknowledged.values());
            for (var e : ledger.unanswered.entrySet()) {
                var first = api.send("POST", "/transfer-out", e.getValue(), e.getKey());
                var again = api.send("POST", "/transfer-out", e.getValue(), e.getKey());
                retries += 2;
                if (first.status() != 201 || again.status() != 201) {
                    ledger.wrong.put(e.getKey(), "retried: " + first.status() + " then " + again.status());
                }
                if (first.status() == 201 && !first.body().get("id").equals(again.body().get("id"))) {
                    doubled++;
                }
                if (first.status() == 201) {
                    known.add(first.body().get("id").asText());
                }
            }
            wrong.putAll(ledger.wrong);
        }
        System.out.printf("verify: %d retries sent in %.0f s%n", retries, (System.nanoTime() - started) / 1e9);
        // The workers, not the clock advance below (which runs every due job itself), must have run what fell due.
        long overdue = overdueJobs(db);
        long stillProcessing = 0;
        boolean balanced = true;
        for (Ledger ledger : ledgers) { // each platform has its own sandbox clock and books
            Api api = new Api(servers.get(0).port(), ledger.token);
            api.call("POST", "/sandbox/clock/advance", Map.of("seconds", 60));
            stillProcessing += api.call("GET", "/transactions?status=PROCESSING", null).body().get("totalCount")
                    .asLong();
            balanced &= api.ledgerBalanced();
        }
        List<String> mismatches = Effects.check(db, known);
        mismatches.stream().limit(10).forEach(m -> System.out.println("  mismatch: " + m));
        WebhookTally.Result events = webhooks.check(db, 120);
        long hookedPayments = hooked.acknowledged.size();
        System.out.printf("webhook events %d, %d about payments (%d payments acknowledged), received %d (none "
                        + "pending after %d s): still pending %d, exhausted %d, recorded delivered but never received "
                        + "%d; deliveries beyond the first %d (at most %d: the deliveries a kill could cut short)%n",
                events.events(), events.paymentEvents(), hookedPayments, events.received(), events.waitedSeconds(),
                events.pending(), events.exhausted(), events.undelivered(), events.duplicates(), duplicatesAllowed);
        boolean webhooksOnce = events.allDeliveredOnce(duplicatesAllowed, hookedPayments);
        wrong.entrySet().stream().limit(10).forEach(w -> System.out.println("  wrong answer: " + w));
        long acknowledged = ledgers.stream().mapToLong(l -> l.acknowledged.size()).sum();
        long unanswered = ledgers.stream().mapToLong(l -> l.unanswered.size()).sum();
        long outages = ledgers.stream().mapToLong(l -> l.outages.get()).sum();
        long errors = ledgers.stream().mapToLong(l -> l.errors.get()).sum();
        System.out.printf("acknowledged %d (missing afterwards %d); unanswered %d (doubled by a retry %d); "
                        + "503 answers %d; other 5xx %d; wrong answers %d; jobs overdue for the workers %d; "
                        + "delayed outcomes still open %d; ledger balanced %b; "
                        + "%d transactions matched to requests and their ledger effects, %d mismatches%n",
                acknowledged, missing, unanswered, doubled, outages, errors, wrong.size(), overdue, stillProcessing,
                balanced, known.size(), mismatches.size());
        boolean ok = missing == 0 && doubled == 0 && stillProcessing == 0 && balanced && errors == 0
                && wrong.isEmpty() && overdue == 0 && mismatches.isEmpty() && webhooksOnce;
        System.out.println(ok ? "faults: PASSED" : "faults: FAILED");
        return ok;
    }

    /**
     * Whether the import the kills interrupted finished with every row imported as exactly one customer: as many
     * customers as rows, and as many distinct platformCustomerIds.
     */
    private static boolean importedOnce(Api api, String job, int rows, DbLogin db) throws Exception {
        waitUntilUp(api);
        String status = "";
        for (int i = 0; i < 600 && !status.equals("COMPLETED"); i++) {
            status = api.call("GET", "/customers/bulk/jobs/" + job, null).body().get("status").asText();
            Thread.sleep(200);
        }
        long customers;
        long distinct;
        try (java.sql.Connection c = db.connect(); var rs = c.createStatement().executeQuery("select count(*), "
                + "count(distinct c.platform_customer_id) from customers c join platforms p on p.platform_id = "
                + "c.platform_id where p.name = 'faults-import' and c.platform_customer_id like 'bulk-%'")) {
            rs.next();
            customers = rs.getLong(1);
            distinct = rs.getLong(2);
        }
        System.out.printf("bulk import across kills: %s, %d rows, %d customers, %d distinct%n", status, rows,
                customers, distinct);
        return status.equals("COMPLETED") && customers == rows && distinct == rows;
    }

    /**
     * Jobs due more than 5 s ago and not run, after waiting up to 30 s for the servers' workers (they poll every
     * 250 ms): 0 unless the delayed outcomes stopped resuming.
     */
    private static long overdueJobs(DbLogin db) throws Exception {
        long overdue = 0;
        try (java.sql.Connection c = db.connect()) {
            for (int i = 0; i < 30; i++) {
                try (var rs = c.createStatement().executeQuery("select count(*) from jobs where status = 'PENDING' "
                        + "and due_at < now() - interval '5 seconds'")) {
                    rs.next();
                    overdue = rs.getLong(1);
                }
                if (overdue == 0) {
                    return 0;
                }
                sleep(1000);
            }
        }
        return overdue;
    }

    static void waitUntilUp(Api api) {
        for (int i = 0; i < 300; i++) { // 60 s: a restart takes several seconds on a busy 2-core machine
            try {
                if (api.send("GET", "/config", null, false).status() == 200) {
                    return;
                }
            } catch (RuntimeException notYet) {
                // starting
            }
            sleep(200);
        }
        throw new IllegalStateException("server did not come up");
    }

    static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
