package payments.adapter.http.body;

import io.undertow.server.HttpServerExchange;
import java.util.concurrent.TimeUnit;
import org.xnio.XnioExecutor;

/**
 * A body received on the I/O thread without blocking, within a deadline: if it has not all arrived by then, the
 * request is answered 408 and its connection closes. Touched by the connection's I/O thread alone. A body that came
 * with its headers (most do) arms no timer.
 */
public final class BodyArrival {
    private final HttpServerExchange exchange;
    private final long millis;
    private final Runnable answerLate;
    private boolean arrived;
    private boolean late;
    private XnioExecutor.Key timer;

    /** @param answerLate answers the exchange with 408, on the I/O thread */
    public BodyArrival(HttpServerExchange exchange, long millis, Runnable answerLate) {
        this.exchange = exchange;
        this.millis = millis;
        this.answerLate = answerLate;
    }

    /** The whole body is here: true unless it came after its deadline (then the request was answered already). */
    public boolean arrived() {
        if (late) {
            return false;
        }
        arrived = true;
        if (timer != null) {
            timer.remove();
        }
        return true;
    }

    /** Once the receive is under way: a body still on its way gets its deadline. */
    public void awaitedFor() {
        if (!arrived) {
            timer = exchange.getIoThread().executeAfter(this::expire, millis, TimeUnit.MILLISECONDS);
        }
    }

    private void expire() {
        if (!arrived) {
            late = true;
            answerLate.run();
        }
    }
}
