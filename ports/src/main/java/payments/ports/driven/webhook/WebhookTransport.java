package payments.ports.driven.webhook;

import java.time.Duration;
import java.util.Map;
import java.util.function.Function;
import payments.core.platform.Environment;

/**
 * Outgoing webhook calls: a JSON POST to the URL a platform configured. Only http and https URLs are called,
 * redirects are not followed, the whole exchange is bounded by {@code timeout}, and at most
 * {@link #MAX_RESPONSE_BYTES} of an answer are read.
 */
public interface WebhookTransport {
    int MAX_RESPONSE_BYTES = 64 * 1024;

    /**
     * Serialises {@code envelope} to JSON and POSTs it; {@code signatureHeaders} gives the headers that sign the
     * exact body bytes. The addresses a platform of {@code environment} may reach are the endpoint policy's. Never
     * throws for a failed call: the result says what happened.
     */
    Result post(Environment environment, String url, Map<String, Object> envelope,
                Function<byte[], Map<String, String>> signatureHeaders, Duration timeout);

    /** An answer ({@code status} set), or an error; {@code timedOut} when no answer came in time. */
    record Result(Integer status, String body, String error, boolean timedOut, long latencyMillis) {
        public static Result answered(int status, String body, long latencyMillis) {
            return new Result(status, body, null, false, latencyMillis);
        }

        public static Result failed(String error, long latencyMillis) {
            return new Result(null, null, error, false, latencyMillis);
        }

        public static Result timedOut(long latencyMillis) {
            return new Result(null, null, null, true, latencyMillis);
        }
    }
}
