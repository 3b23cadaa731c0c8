package payments.bench;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A webhook endpoint in this JVM: answers 200 with no body to every delivery at once and records, per event id, when
 * it first arrived and how many times. The fault suite checks with it that the server processes delivered every
 * event, and each once but for the deliveries a kill cut short (a process killed after its call and before recording
 * it leaves the event to be sent again: at least once is all an outbox can promise across a crash, and receivers
 * dedupe by the event id); the {@code webhooks} scenario measures with it how soon events arrive.
 */
final class WebhookTally implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpServer server;
    private final ExecutorService threads;
    private final Map<String, Arrivals> deliveries = new ConcurrentHashMap<>();

    /** @param firstMillis when the event first arrived, epoch ms */
    private record Arrivals(long firstMillis, AtomicInteger count) {
    }

    private WebhookTally(HttpServer server, int threads) {
        this.server = server;
        this.threads = threads == 0 ? null : Executors.newFixedThreadPool(threads);
    }

    static WebhookTally start() throws IOException {
        return start(8);
    }

    /**
     * @param threads how many deliveries it answers at the same time; 0: one at a time, on the thread that reads
     *                them (no handing over between threads: the least CPU per delivery)
     */
    static WebhookTally start(int threads) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        WebhookTally tally = new WebhookTally(server, threads);
        server.createContext("/hook", exchange -> {
            long arrived = System.currentTimeMillis();
            try {
                String id = idOf(exchange.getRequestBody().readAllBytes());
                tally.deliveries.computeIfAbsent(id, k -> new Arrivals(arrived, new AtomicInteger())).count()
                        .incrementAndGet();
                exchange.sendResponseHeaders(200, -1);
            } finally {
                exchange.close();
            }
        });
        server.setExecutor(tally.threads);
        server.start();
        return tally;
    }

    /** The envelope's {@code id} (its first field), read without parsing the rest: a receiver that costs little. */
    private static String idOf(byte[] body) throws IOException {
        try (JsonParser parser = JSON.getFactory().createParser(body)) {
            parser.nextToken(); // the envelope's START_OBJECT
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                parser.nextToken();
                if (name.equals("id")) {
                    return parser.getText();
                }
                parser.skipChildren();
            }
            return "";
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
    }

    /** When the event ({@code Webhook:<uuid>}) first arrived, epoch ms, or -1 if it never did. */
    long firstArrival(String id) {
        Arrivals a = deliveries.get(id);
        return a == null ? -1 : a.firstMillis();
    }

    /** The distinct events that first arrived in [{@code from}, {@code to}), epoch ms. */
    long firstArrivalsBetween(long from, long to) {
        return deliveries.values().stream().filter(a -> a.firstMillis() >= from && a.firstMillis() < to).count();
    }

    /** Deliveries of an event that had already arrived. */
    long duplicates() {
        return deliveries.values().stream().mapToLong(a -> a.count().get() - 1L).sum();
    }

    /**
     * What the events table and the deliveries say, once no event waits (up to {@code waitSeconds}); the events of a
     * platform with no endpoint ({@code NOT_SENT}) are not counted; {@code received} is the distinct events that
     * reached this endpoint, {@code paymentEvents} those about outgoing payments.
     */
    record Result(long events, long paymentEvents, long received, long pending, long exhausted, long undelivered,
                  long duplicates, long waitedSeconds) {
        /**
         * Every event delivered, and to this endpoint, repeats within {@code duplicatesAllowed}; and at least one
         * payment event per payment acknowledged, so that events never made (or a platform whose endpoint was
         * never set) do not pass as "none lost": setting the endpoint and seeding customers make events anyway.
         */
        boolean allDeliveredOnce(long duplicatesAllowed, long paymentsAcknowledged) {
            return paymentsAcknowledged > 0 && paymentEvents >= paymentsAcknowledged && received == events
                    && pending == 0 && exhausted == 0 && undelivered == 0 && duplicates <= duplicatesAllowed;
        }
    }

    Result check(DbLogin db, int waitSeconds) throws Exception {
        try (Connection c = db.connect()) {
            int waited = 0;
            for (; waited < waitSeconds && count(c, "status = 'PENDING'") > 0; waited++) {
                Faults.sleep(1000); // a delivery a kill cut short waits for its lease (60 s) to run out
            }
            List<String> delivered = new ArrayList<>();
            try (ResultSet rs = c.createStatement().executeQuery(
                    "select 'Webhook:' || id from webhook_events where status = 'DELIVERED'")) {
                while (rs.next()) {
                    delivered.add(rs.getString(1));
                }
            }
            long undelivered = delivered.stream().filter(id -> !deliveries.containsKey(id)).count();
            return new Result(count(c, "status <> 'NOT_SENT'"),
                    count(c, "status <> 'NOT_SENT' and type like 'OUTGOING\\_PAYMENT.%'"), deliveries.size(),
                    count(c, "status = 'PENDING'"),
                    count(c, "status = 'EXHAUSTED'"),
                    undelivered, duplicates(), waited);
        }
    }

    private static long count(Connection c, String condition) throws Exception {
        try (ResultSet rs = c.createStatement().executeQuery("select count(*) from webhook_events where "
                + condition)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        if (threads != null) {
            threads.shutdownNow();
        }
    }
}
