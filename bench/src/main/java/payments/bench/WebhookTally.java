package payments.bench;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
    private static final byte[] OK = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private final ServerSocket server;
    private final Map<String, Arrivals> deliveries = new ConcurrentHashMap<>();

    /** @param firstMillis when the event first arrived, epoch ms */
    private record Arrivals(long firstMillis, AtomicInteger count) {
    }

    private WebhookTally(ServerSocket server) {
        this.server = server;
    }

    /**
     * A receiver of HTTP/1.1 POSTs with a thread per connection, each answering the requests of its kept-alive
     * connection one after another: a request wakes one thread and costs a read and a write (the JDK's HTTP server
     * hands each request between two threads), so that the receiver takes little of the CPU the server is measured on.
     */
    static WebhookTally start() throws IOException {
        ServerSocket server = new ServerSocket(0, 128, InetAddress.getLoopbackAddress());
        WebhookTally tally = new WebhookTally(server);
        Thread acceptor = new Thread(tally::accept, "webhook-tally");
        acceptor.setDaemon(true);
        acceptor.start();
        return tally;
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket connection = server.accept();
                Thread t = new Thread(() -> serve(connection), "webhook-tally-connection");
                t.setDaemon(true);
                t.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    /** Reads requests (a head, then Content-Length bytes of body) until the client closes the connection. */
    private void serve(Socket connection) {
        try (connection; InputStream in = new BufferedInputStream(connection.getInputStream());
             OutputStream out = connection.getOutputStream()) {
            connection.setTcpNoDelay(true);
            while (true) {
                int length = -1;
                for (String line = line(in); !line.isEmpty(); line = line(in)) {
                    if (line.regionMatches(true, 0, "content-length:", 0, 15)) {
                        length = Integer.parseInt(line.substring(15).trim());
                    }
                }
                long arrived = System.currentTimeMillis();
                String id = idOf(in.readNBytes(Math.max(length, 0)));
                deliveries.computeIfAbsent(id, k -> new Arrivals(arrived, new AtomicInteger())).count()
                        .incrementAndGet();
                out.write(OK);
                out.flush();
            }
        } catch (IOException | RuntimeException closed) {
            // the client closed the connection (or sent what this receiver does not read): done with it
        }
    }

    /** One header line without its CRLF; EOF before a request starts ends the connection. */
    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new EOFException();
            }
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
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
        return "http://127.0.0.1:" + server.getLocalPort() + "/hook";
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
    public void close() throws IOException {
        server.close();
    }
}
