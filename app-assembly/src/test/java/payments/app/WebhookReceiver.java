package payments.app;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.type.TypeReference;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A platform's webhook endpoint: a real HTTP server on loopback (the JDK's), recording every delivery with its raw
 * body and headers, and answering as the test says (200 unless told otherwise, optionally after a delay).
 */
final class WebhookReceiver implements AutoCloseable {
    /**
     * One POST received: headers by lower-case name, the exact body bytes, the body parsed, and the caller's address
     * and port (one per connection).
     */
    record Delivery(Map<String, String> headers, byte[] body, Map<String, Object> json, InetSocketAddress from) {
        String id() {
            return (String) json.get("id");
        }

        String type() {
            return (String) json.get("type");
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> data() {
            return (Map<String, Object>) json.get("data");
        }

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /** What to answer: a status, a body, and how long to wait first. */
    record Answer(int status, String body, long delayMillis) {
        static Answer of(int status) {
            return new Answer(status, "", 0);
        }
    }

    private final HttpServer server;
    private final List<Delivery> received = new CopyOnWriteArrayList<>();
    private volatile Function<Delivery, Answer> answer = d -> Answer.of(200);
    private final AtomicInteger atOnce = new AtomicInteger();
    private final AtomicInteger mostAtOnce = new AtomicInteger();

    private WebhookReceiver(HttpServer server) {
        this.server = server;
    }

    static WebhookReceiver start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            WebhookReceiver receiver = new WebhookReceiver(server);
            server.createContext("/hooks", receiver::handle);
            server.setExecutor(Executors.newCachedThreadPool(r -> {
                Thread t = new Thread(r, "webhook-receiver");
                t.setDaemon(true);
                return t;
            }));
            server.start();
            return receiver;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
    }

    WebhookReceiver answer(int status) {
        return answer(d -> Answer.of(status));
    }

    WebhookReceiver answer(Function<Delivery, Answer> how) {
        answer = how;
        return this;
    }

    /** The most deliveries it was answering at the same time. */
    int mostAtOnce() {
        return mostAtOnce.get();
    }

    List<Delivery> received() {
        return List.copyOf(received);
    }

    List<Delivery> ofType(String type) {
        return received.stream().filter(d -> type.equals(d.type())).toList();
    }

    /** Waits (up to 15 s) until {@code count} deliveries of {@code type} arrived; returns them. */
    List<Delivery> await(String type, int count) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (ofType(type).size() < count) {
            if (System.nanoTime() > deadline) {
                fail("expected " + count + " deliveries of " + type + ", got " + ofType(type).size() + ": "
                        + received.stream().map(Delivery::type).toList());
            }
            pause(20);
        }
        return ofType(type);
    }

    /** The first delivery of {@code type}, once it arrived. */
    Delivery awaitOne(String type) {
        return await(type, 1).get(0);
    }

    static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        Map<String, String> headers = new TreeMap<>();
        exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT),
                String.join(",", values)));
        Map<String, Object> json = ApiClient.JSON.readValue(body, new TypeReference<>() { });
        Delivery delivery = new Delivery(headers, body, json, exchange.getRemoteAddress());
        received.add(delivery);
        Answer a = answer.apply(delivery);
        mostAtOnce.accumulateAndGet(atOnce.incrementAndGet(), Math::max);
        try {
            if (a.delayMillis() > 0) {
                pause(a.delayMillis());
            }
        } finally {
            atOnce.decrementAndGet();
        }
        byte[] reply = a.body().getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(a.status(), reply.length == 0 ? -1 : reply.length);
        if (reply.length > 0) {
            exchange.getResponseBody().write(reply);
        }
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
