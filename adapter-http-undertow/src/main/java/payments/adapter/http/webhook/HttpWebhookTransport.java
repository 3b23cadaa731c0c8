package payments.adapter.http.webhook;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import payments.adapter.http.JsonCodec;
import payments.core.platform.Environment;
import payments.core.webhook.EndpointPolicy;
import payments.ports.driven.webhook.WebhookTransport;

/**
 * Webhook calls with Apache HttpClient: HTTP/1.1, no redirects followed (a 3xx is just a failed attempt, so a call
 * never leaves the configured URL), no retries, no cookies, the whole exchange bounded by the timeout, and the answer
 * read up to {@link #MAX_RESPONSE_BYTES}. The envelope is serialised once, by the API's own {@link JsonCodec}, and
 * those exact bytes are signed and sent.
 *
 * <p>Each environment has a client of its own whose name resolution applies the {@link EndpointPolicy}
 * ({@link CheckedResolver}): the addresses a connection is made to are the ones just checked, so a DNS answer that
 * changes between the check and the connection cannot reach an internal address. What a failed call tells is "could
 * not connect" and no more: an error naming the refusal, the exception or the port would let a platform map the
 * service's network.
 */
public final class HttpWebhookTransport implements WebhookTransport, AutoCloseable {
    static final String COULD_NOT_CONNECT = "could not connect";
    private static final Timeout MAX_CONNECT = Timeout.ofSeconds(5);
    private static final ContentType JSON = ContentType.create("application/json");
    /** A kept-alive connection idle this long is checked before it is used again (the endpoint may have closed it). */
    private static final TimeValue CHECK_IDLE_AFTER = TimeValue.ofMilliseconds(200);
    private final EndpointPolicy policy;
    private final Map<Environment, CloseableHttpClient> clients = new EnumMap<>(Environment.class);
    /**
     * Cuts a call short at its timeout, wherever it is (connecting, sending, waiting, reading). A call that ends in
     * time removes its deadline, so the thread wakes only for calls that run late, not once per call.
     */
    private final ScheduledThreadPoolExecutor deadlines = new ScheduledThreadPoolExecutor(1, r -> {
        Thread t = new Thread(r, "webhook-deadlines");
        t.setDaemon(true);
        return t;
    });

    /** @param connections the most connections open at once, per environment (one per call in flight) */
    public HttpWebhookTransport(int connections, EndpointPolicy policy) {
        this.policy = policy;
        deadlines.setRemoveOnCancelPolicy(true);
        for (Environment environment : Environment.values()) {
            clients.put(environment, client(connections, new CheckedResolver(policy, environment)));
        }
    }

    private static CloseableHttpClient client(int connections, CheckedResolver resolver) {
        var connectionManager = PoolingHttpClientConnectionManagerBuilder.create()
                .setDnsResolver(resolver)
                .setMaxConnTotal(connections)
                .setMaxConnPerRoute(connections)
                .setDefaultConnectionConfig(ConnectionConfig.custom().setConnectTimeout(MAX_CONNECT)
                        .setValidateAfterInactivity(CHECK_IDLE_AFTER).build())
                .build();
        return HttpClients.custom()
                .setConnectionManager(connectionManager)
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableAuthCaching()
                .disableContentCompression()
                .setUserAgent("payments-webhooks")
                .build();
    }

    @Override
    public void close() {
        deadlines.shutdownNow();
        clients.values().forEach(c -> c.close(CloseMode.IMMEDIATE));
    }

    @Override
    public Result post(Environment environment, String url, Map<String, Object> envelope,
                       Function<byte[], Map<String, String>> signatureHeaders, Duration timeout) {
        long start = System.nanoTime();
        URI target;
        try {
            target = target(url);
        } catch (IllegalArgumentException e) {
            return Result.failed(e.getMessage(), 0);
        }
        String refusedScheme = policy.schemeRefusal(target.getScheme().toLowerCase(Locale.ROOT), environment);
        if (refusedScheme != null) {
            return Result.failed("the endpoint " + refusedScheme, 0);
        }
        byte[] body = JsonCodec.write(envelope);
        HttpPost request = new HttpPost(target);
        request.setEntity(new ByteArrayEntity(body, JSON));
        signatureHeaders.apply(body).forEach(request::setHeader);
        Timeout whole = Timeout.ofMilliseconds(Math.max(1, timeout.toMillis()));
        request.setConfig(RequestConfig.custom().setConnectionRequestTimeout(whole).setResponseTimeout(whole).build());
        ScheduledFuture<?> deadline = deadlines.schedule(request::cancel, timeout.toMillis(), TimeUnit.MILLISECONDS);
        HttpClientContext context = HttpClientContext.create();
        try (ClassicHttpResponse response = clients.get(environment).executeOpen(null, request, context)) {
            byte[] answer = readAtMost(response, MAX_RESPONSE_BYTES);
            return Result.answered(response.getCode(), new String(answer, StandardCharsets.UTF_8),
                    millisSince(start));
        } catch (IOException e) {
            if (Thread.currentThread().isInterrupted()) {
                return Result.failed("interrupted (the server is stopping)", millisSince(start));
            }
            // Connected, then no answer in time: the endpoint is there and slow. Anything else (no connection, a
            // connection closed under the call) gives one answer, whatever the cause.
            boolean late = request.isCancelled() || e instanceof SocketTimeoutException;
            return late && context.getEndpointDetails() != null ? Result.timedOut(millisSince(start))
                    : Result.failed(COULD_NOT_CONNECT, millisSince(start));
        } finally {
            deadline.cancel(false);
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

    /** The start of the answer; the rest is not read (the connection is then closed, not reused). */
    private static byte[] readAtMost(ClassicHttpResponse response, int max) throws IOException {
        if (response.getEntity() == null) {
            return new byte[0];
        }
        try (InputStream in = response.getEntity().getContent()) {
            return in.readNBytes(max);
        }
    }

    private static long millisSince(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }
}
