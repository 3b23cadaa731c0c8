package payments.adapter.http.server;

import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.HttpHandler;
import io.undertow.server.handlers.ResponseCodeHandler;
import java.net.InetSocketAddress;
import payments.adapter.http.ApiHandler;

/** The HTTP listener. Keeps no state of its own between requests, so several processes can serve one database. */
public final class UndertowServer implements AutoCloseable {
    /** How long {@link #close} waits for the requests in flight to be answered: part of a stop's 20 s. */
    static final long DRAIN_MILLIS = 8_000;
    private final Undertow undertow;
    private final Draining requests;

    /** @param workers threads that run the requests of blocking routes (all but {@link Router#postNonBlocking} ones) */
    public UndertowServer(String host, int port, int workers, ApiHandler handler) {
        this(host, port, workers, handler, Monitoring.NONE, null);
    }

    /**
     * @param monitoring  told of every request, and serving {@code GET /metrics}
     * @param metricsPort the port {@code /metrics} is served on alone, or null to serve it beside the API
     */
    public UndertowServer(String host, int port, int workers, ApiHandler handler, Monitoring monitoring,
                          Integer metricsPort) {
        this.requests = new Draining(handler);
        HttpHandler api = new AccessLog(monitoring, new OpenApiEndpoint(handler,
                metricsPort == null && monitoring != Monitoring.NONE, new Probes(requests, handler.readiness())));
        var builder = Undertow.builder();
        if (metricsPort == null) {
            builder.addHttpListener(port, host, new MetricsEndpoint(monitoring, api));
        } else {
            builder.addHttpListener(port, host, api)
                    .addHttpListener(metricsPort, host, new MetricsEndpoint(monitoring, ResponseCodeHandler.HANDLE_404));
        }
        this.undertow = builder
                .setWorkerThreads(workers)
                .setServerOption(UndertowOptions.MAX_ENTITY_SIZE, ApiHandler.MAX_DRAINED_BYTES)
                .setServerOption(UndertowOptions.ALWAYS_SET_DATE, true)
                // Headers that take longer to arrive close the connection; a body has as long again (ApiHandler).
                .setServerOption(UndertowOptions.REQUEST_PARSE_TIMEOUT, (int) handler.receiveMillis())
                .build();
    }

    public UndertowServer start() {
        undertow.start();
        return this;
    }

    /** The bound port (useful when started on port 0). */
    public int port() {
        return ((InetSocketAddress) undertow.getListenerInfo().get(0).getAddress()).getPort();
    }

    /** The port {@code /metrics} is served on: a listener of its own, or the API's. */
    public int metricsPort() {
        var listeners = undertow.getListenerInfo();
        return ((InetSocketAddress) listeners.get(listeners.size() - 1).getAddress()).getPort();
    }

    /**
     * Stops taking requests (new ones are answered 503 with the error body), waits up to {@value #DRAIN_MILLIS} ms for those in flight to
     * be answered, then closes the listener and its connections: a request whose work committed gets its answer.
     */
    @Override
    public void close() {
        try {
            requests.drain(DRAIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        undertow.stop();
    }
}
