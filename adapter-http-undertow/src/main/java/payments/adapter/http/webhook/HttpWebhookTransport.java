package payments.adapter.http.webhook;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import payments.adapter.http.JsonCodec;
import payments.ports.driven.webhook.WebhookTransport;

/**
 * Webhook calls with the JDK's HttpClient: HTTP/1.1, no redirects followed (a 3xx is just a failed attempt, so a
 * call never leaves the configured URL), the whole exchange (connect, headers, body) bounded by the timeout, and
 * the answer read up to {@link #MAX_RESPONSE_BYTES}. The envelope is serialised once, by the API's own
 * {@link JsonCodec}, and those exact bytes are signed and sent.
 */
public final class HttpWebhookTransport implements WebhookTransport, AutoCloseable {
    private static final Duration MAX_CONNECT = Duration.ofSeconds(5);
    /** Runs the client's callbacks (answers, bodies); each call waits on its caller's thread. */
    private final ExecutorService callbacks;
    private final HttpClient client;

    /** @param threads the client's callback threads (the client's default pool has no bound) */
    public HttpWebhookTransport(int threads) {
        AtomicInteger count = new AtomicInteger();
        this.callbacks = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "webhook-http-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(MAX_CONNECT)
                .executor(callbacks)
                .build();
    }

    @Override
    public void close() {
        callbacks.shutdownNow();
    }

    @Override
    public Result post(String url, Map<String, Object> envelope,
                       Function<byte[], Map<String, String>> signatureHeaders, Duration timeout) {
        long start = System.nanoTime();
        URI target;
        try {
            target = target(url);
        } catch (IllegalArgumentException e) {
            return Result.failed(e.getMessage(), 0);
        }
        byte[] body = JsonCodec.write(envelope);
        HttpRequest.Builder request = HttpRequest.newBuilder(target)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        signatureHeaders.apply(body).forEach(request::header);
        CompletableFuture<HttpResponse<byte[]>> call = client.sendAsync(request.build(),
                info -> new BoundedBody(MAX_RESPONSE_BYTES));
        try {
            HttpResponse<byte[]> response = call.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return Result.answered(response.statusCode(), new String(response.body(), StandardCharsets.UTF_8),
                    millisSince(start));
        } catch (TimeoutException e) {
            call.cancel(true);
            return Result.timedOut(millisSince(start));
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof HttpTimeoutException && !(cause instanceof HttpConnectTimeoutException)) {
                return Result.timedOut(millisSince(start));
            }
            return Result.failed(describe(cause), millisSince(start));
        } catch (InterruptedException e) {
            call.cancel(true);
            Thread.currentThread().interrupt();
            return Result.failed("interrupted (the server is stopping)", millisSince(start));
        }
    }

    /** Only absolute http(s) URLs with a host. */
    static URI target(String url) {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a URL: " + url);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("only http and https webhook URLs are called, not " + url);
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("the webhook URL has no host: " + url);
        }
        return uri;
    }

    private static String describe(Throwable cause) {
        String message = cause.getMessage();
        return cause.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
    }

    private static long millisSince(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    /** Collects at most {@code max} bytes of the answer, then cancels the rest of it. */
    static final class BoundedBody implements HttpResponse.BodySubscriber<byte[]> {
        private final int max;
        private final ByteArrayOutputStream collected = new ByteArrayOutputStream();
        private final CompletableFuture<byte[]> result = new CompletableFuture<>();
        private Flow.Subscription subscription;

        BoundedBody(int max) {
            this.max = max;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            s.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            if (result.isDone()) {
                return;
            }
            for (ByteBuffer buffer : buffers) {
                int take = Math.min(buffer.remaining(), max - collected.size());
                byte[] chunk = new byte[take];
                buffer.get(chunk);
                collected.write(chunk, 0, take);
                if (collected.size() >= max) {
                    result.complete(collected.toByteArray());
                    subscription.cancel();
                    return;
                }
            }
        }

        @Override
        public void onError(Throwable error) {
            result.completeExceptionally(error);
        }

        @Override
        public void onComplete() {
            result.complete(collected.toByteArray());
        }

        @Override
        public CompletionStage<byte[]> getBody() {
            return result;
        }
    }
}
