package payments.adapter.http.body;

import io.undertow.server.HttpServerExchange;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.xnio.channels.StreamSourceChannel;
import payments.core.error.InvalidInput;

/**
 * Reads a request's body on a worker thread within a deadline for the whole body, not for each read: a client
 * sending a byte a second would pass any per-read timeout and hold the worker for as long as it likes.
 */
public final class RequestBody {
    private final StreamSourceChannel channel;
    private final long deadlineNanos;

    private RequestBody(StreamSourceChannel channel, long timeoutMillis) {
        this.channel = channel;
        this.deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    }

    /**
     * The body, read without putting the exchange in blocking mode (so that the answer can be sent from the I/O
     * thread). A body of a declared length is read into an array of that length; a chunked one up to one byte past
     * the limit. 413 above {@code limit} (the rest, up to {@code drainLimit}, read and dropped first, so the client
     * sees the answer), 408 when it has not all arrived within {@code timeoutMillis}.
     */
    public static byte[] read(HttpServerExchange exchange, int limit, long drainLimit, long timeoutMillis) {
        var body = new RequestBody(exchange.getRequestChannel(), timeoutMillis);
        try {
            long declared = exchange.getRequestContentLength();
            byte[] bytes = declared > limit ? null : declared >= 0 ? body.exactly((int) declared) : body.upTo(limit + 1);
            if (bytes == null || bytes.length > limit) {
                body.drain(drainLimit);
                throw new PayloadTooLarge(limit);
            }
            return bytes;
        } catch (IOException e) {
            throw new InvalidInput("INVALID_INPUT", "The request body could not be read");
        }
    }

    /** Takes a body's bytes as they arrive. */
    public interface Sink {
        void accept(ByteBuffer chunk) throws IOException;
    }

    /**
     * The body handed to {@code sink} chunk by chunk as it arrives, never held whole, within the same deadline (408)
     * and up to {@code limit} bytes in all (413). What {@code sink} throws ends the read; the connection then closes
     * with the answer, so the unread rest is never taken for another request.
     */
    public static void stream(HttpServerExchange exchange, long limit, long drainLimit, long timeoutMillis,
                              Sink sink) {
        var body = new RequestBody(exchange.getRequestChannel(), timeoutMillis);
        if (exchange.getRequestContentLength() > limit) {
            body.drain(drainLimit);
            throw new PayloadTooLarge(limit);
        }
        ByteBuffer buffer = ByteBuffer.allocate(8192);
        long total = 0;
        try {
            int n;
            while ((n = body.next(buffer.clear())) >= 0) {
                total += n;
                if (total > limit) {
                    body.drain(drainLimit);
                    throw new PayloadTooLarge(limit);
                }
                sink.accept(buffer.flip());
            }
        } catch (IOException e) {
            throw new InvalidInput("INVALID_INPUT", "The request body could not be read");
        }
    }

    private byte[] exactly(int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining() && next(buffer) >= 0) {
            // reading
        }
        return buffer.hasRemaining() ? java.util.Arrays.copyOf(buffer.array(), buffer.position()) : buffer.array();
    }

    private byte[] upTo(int max) throws IOException {
        var out = new ByteArrayOutputStream();
        ByteBuffer buffer = ByteBuffer.allocate(8192);
        int n;
        while (out.size() < max && (n = next(buffer.clear())) >= 0) {
            out.write(buffer.array(), 0, n);
        }
        return out.toByteArray();
    }

    /** Reads and drops up to {@code max} more bytes; quietly stops at the deadline (the connection then closes). */
    private void drain(long max) {
        ByteBuffer buffer = ByteBuffer.allocate(8192);
        long dropped = 0;
        try {
            int n;
            while (dropped < max && (n = next(buffer.clear())) >= 0) {
                dropped += n;
            }
        } catch (IOException | RequestTimeout beyondTheLimits) {
            // the server closes the connection; the client may not see the 413
        }
    }

    /** One read of at least a byte, -1 at the end of the body, waiting no later than the deadline. */
    private int next(ByteBuffer buffer) throws IOException {
        while (true) {
            int n = channel.read(buffer);
            if (n != 0) {
                return n;
            }
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                throw new RequestTimeout();
            }
            channel.awaitReadable(left, TimeUnit.NANOSECONDS);
        }
    }
}
