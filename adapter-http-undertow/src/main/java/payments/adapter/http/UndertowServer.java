package payments.adapter.http;

import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import java.net.InetSocketAddress;

/** The HTTP listener. Keeps no state of its own between requests, so several processes can serve one database. */
public final class UndertowServer implements AutoCloseable {
    private final Undertow undertow;

    /** @param workers threads that run the requests of blocking routes (all but {@link Router#postNonBlocking} ones) */
    public UndertowServer(String host, int port, int workers, ApiHandler handler) {
        this.undertow = Undertow.builder()
                .addHttpListener(port, host)
                .setWorkerThreads(workers)
                .setServerOption(UndertowOptions.MAX_ENTITY_SIZE, ApiHandler.MAX_DRAINED_BYTES)
                .setServerOption(UndertowOptions.ALWAYS_SET_DATE, true)
                .setHandler(handler)
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

    @Override
    public void close() {
        undertow.stop();
    }
}
