package payments.adapter.http;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.SameThreadExecutor;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.slf4j.MDC;
import payments.adapter.http.body.BodyArrival;
import payments.adapter.http.body.MultipartForm;
import payments.adapter.http.body.RequestBody;
import payments.adapter.http.body.RequestTimeout;
import payments.core.error.DomainError;
import payments.core.error.InvalidInput;
import payments.core.error.Outage;
import payments.core.error.RateLimited;
import payments.core.error.Unauthenticated;
import payments.core.error.Unavailable;
import payments.core.platform.Caller;
import payments.core.validation.StorableText;

/**
 * Every request's path through the adapter: request id, version prefix, route, Basic authentication, bounded body,
 * strict JSON, the route's handler, and one place that turns any refusal into the spec's error body.
 */
public final class ApiHandler implements HttpHandler {
    public static final String BASE_PATH = "/2025-10-13";
    public static final int MAX_BODY_BYTES = 1 << 20;
    /** A file uploaded in a multipart body (a document) is at most this long; the body at most this and 1 MiB. */
    public static final int MAX_FILE_BYTES = 10 << 20;
    /** Oversized bodies up to this size are read and dropped before the 413, so the client sees the answer. */
    public static final long MAX_DRAINED_BYTES = 16L << 20;
    /** The key of a log line's request id (logging's MDC). */
    public static final String LOG_REQUEST_ID = "requestId";
    /** How long a request may take to arrive, headers and body each, unless set otherwise. */
    public static final long RECEIVE_MILLIS = 30_000;
    private static final Logger LOG = Logger.getLogger(ApiHandler.class.getName());

    private final Router router;
    private final BiFunction<String, String, Caller> authenticate;
    private final BiFunction<String, String, Optional<Caller>> authenticateRemembered;
    private final long receiveMillis;
    private final BooleanSupplier readiness;
    private final Map<String, HttpHandler> pages;
    private final Function<String, Caller> authenticateAgent;

    /** @param authenticate checks a Basic-auth (username, password) pair, throwing {@link Unauthenticated}. */
    public ApiHandler(Router router, BiFunction<String, String, Caller> authenticate) {
        this(router, authenticate, (username, password) -> Optional.empty());
    }

    /**
     * @param authenticateRemembered {@code authenticate} without blocking: the caller, a refusal, or empty when the
     *                               pair cannot be checked without blocking (its token not verified recently); only
     *                               a caller or a refusal lets a non-blocking route run on the I/O thread
     */
    public ApiHandler(Router router, BiFunction<String, String, Caller> authenticate,
                      BiFunction<String, String, Optional<Caller>> authenticateRemembered) {
        this(router, authenticate, authenticateRemembered, RECEIVE_MILLIS, () -> true, Map.of(), token -> {
            throw new Unauthenticated("UNAUTHORIZED", "Invalid agent access token");
        });
    }

    private ApiHandler(Router router, BiFunction<String, String, Caller> authenticate,
                       BiFunction<String, String, Optional<Caller>> authenticateRemembered, long receiveMillis,
                       BooleanSupplier readiness, Map<String, HttpHandler> pages,
                       Function<String, Caller> authenticateAgent) {
        this.router = router;
        this.authenticate = authenticate;
        this.authenticateRemembered = authenticateRemembered;
        this.receiveMillis = receiveMillis;
        this.readiness = readiness;
        this.pages = pages;
        this.authenticateAgent = authenticateAgent;
    }

    /**
     * This API with its agents' routes ({@link Operation#byAgent}) authenticated by {@code authenticate}, which
     * takes an agent's access token (HTTP Bearer) and throws {@link Unauthenticated}.
     */
    public ApiHandler withAgents(Function<String, Caller> authenticate) {
        return new ApiHandler(router, this.authenticate, authenticateRemembered, receiveMillis, readiness, pages,
                authenticate);
    }

    /**
     * This API with a page for people (not API clients) under {@code prefix}, outside the versioned base path and
     * without API credentials: it answers for itself, in HTML.
     */
    public ApiHandler withPage(String prefix, HttpHandler page) {
        var more = new java.util.LinkedHashMap<>(pages);
        more.put(prefix, page);
        return new ApiHandler(router, authenticate, authenticateRemembered, receiveMillis, readiness, Map.copyOf(more),
                authenticateAgent);
    }

    /** This API, ready to serve ({@code GET /readyz}) when {@code ready} says so (the database answers). */
    public ApiHandler readyWhen(BooleanSupplier ready) {
        return new ApiHandler(router, authenticate, authenticateRemembered, receiveMillis, ready, pages,
                authenticateAgent);
    }

    public BooleanSupplier readiness() {
        return readiness;
    }

    /**
     * This API with {@code millis} for a request's headers to arrive and then as long for its body: a request
     * trickling in longer is answered 408 (a body) or has its connection closed (headers), so that it holds neither
     * a worker thread nor a connection for good.
     */
    public ApiHandler receivingWithin(long millis) {
        return new ApiHandler(router, authenticate, authenticateRemembered, millis, readiness, pages,
                authenticateAgent);
    }

    public long receiveMillis() {
        return receiveMillis;
    }

    /**
     * This API's OpenAPI 3.1 description, with {@code servicePaths}: the path items served outside the versioned
     * base path.
     */
    public Map<String, Object> openApi(Map<String, Object> servicePaths) {
        return OpenApiDocument.of(router.routes(), servicePaths);
    }

    /** The routes this API serves ({@code METHOD /template}). */
    public List<String> routes() {
        return router.describe();
    }

    /**
     * On the I/O thread: a {@link Router#postNonBlocking} route with a body of a declared, allowed length has its body
     * received without blocking and runs right there when its caller authenticates without blocking; every other
     * request moves to a worker thread (with its body, if already received).
     */
    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        for (var page : pages.entrySet()) {
            if (exchange.getRequestPath().startsWith(page.getKey())) {
                RequestLabels.id(exchange);
                page.getValue().handleRequest(exchange);
                return;
            }
        }
        if (!exchange.isInIoThread()) {
            handle(exchange, null, null, () -> authenticate(exchange));
            return;
        }
        Router.Match match = nonBlockingRoute(exchange);
        if (match == null) {
            exchange.dispatch(this);
            return;
        }
        var arrival = new BodyArrival(exchange, receiveMillis, () -> answerLate(exchange));
        exchange.getRequestReceiver().receiveFullBytes((received, body) -> {
            if (!arrival.arrived()) {
                return; // answered 408 already
            }
            String[] credentials;
            Caller remembered;
            try {
                credentials = credentials(received);
                remembered = authenticateRemembered.apply(credentials[0], credentials[1]).orElse(null);
            } catch (Unauthenticated refused) {
                handle(received, body, match, () -> {
                    throw refused;
                });
                return;
            }
            if (remembered != null) {
                handle(received, body, match, () -> remembered);
            } else {
                // As a handler, so that anything escaping it still ends the exchange (with a 500). The credentials
                // are checked there, blocking, as already decoded.
                received.dispatch((HttpHandler) onWorker ->
                        handle(onWorker, body, match, () -> authenticate.apply(credentials[0], credentials[1])));
            }
        });
        arrival.awaitedFor();
    }

    /** 408 for a body that did not arrive in time, sent right away from the I/O thread (no handler is running). */
    private static void answerLate(HttpServerExchange exchange) {
        RequestLabels.id(exchange);
        Errors.sendClosing(exchange, Errors.of(new RequestTimeout()));
    }

    /** The request's route if it is non-blocking and its body has a declared length within the limit; else null. */
    private Router.Match nonBlockingRoute(HttpServerExchange exchange) {
        long declared = exchange.getRequestContentLength();
        String path = exchange.getRequestPath();
        if (declared < 0 || declared > MAX_BODY_BYTES || !path.startsWith(BASE_PATH + "/")) {
            return null;
        }
        var match = router.match(exchange.getRequestMethod().toString(), path.substring(BASE_PATH.length()));
        return match.filter(m -> m.handler() != null && m.nonBlocking()).orElse(null);
    }

    /**
     * Answers the request; {@code received} is its body when already read, {@code match} its route when found,
     * {@code caller} authenticates it (once its route is known to exist).
     */
    private void handle(HttpServerExchange exchange, byte[] received, Router.Match match, Supplier<Caller> caller) {
        String requestId = RequestLabels.id(exchange);
        Response response;
        MDC.put(LOG_REQUEST_ID, requestId); // every line logged while this thread serves the request names it
        try {
            response = route(exchange, received, match, caller);
        } catch (RuntimeException e) {
            response = failure(exchange, requestId, e);
        } finally {
            MDC.remove(LOG_REQUEST_ID);
        }
        CompletionStage<Response> later = response.later();
        if (later == null) {
            send(exchange, response);
            return;
        }
        // Answered by the thread that completes it (a batch's leader). The dispatch task runs once this call has
        // returned and Undertow is done with the exchange, so two threads never touch it at once.
        exchange.dispatch(SameThreadExecutor.INSTANCE, () -> later.whenComplete((done, error) -> {
            MDC.put(LOG_REQUEST_ID, requestId);
            try {
                send(exchange, error == null ? done : failure(exchange, requestId, error instanceof CompletionException
                        && error.getCause() != null ? error.getCause() : error));
            } finally {
                MDC.remove(LOG_REQUEST_ID);
            }
        }));
    }

    /** The error body for a refusal, a 503 for an unreachable database, a 500 (logged) for anything else. */
    private static Response failure(HttpServerExchange exchange, String requestId, Throwable e) {
        if (e instanceof RateLimited limited) {
            exchange.getResponseHeaders().put(Headers.RETRY_AFTER, Long.toString(limited.retryAfterSeconds()));
            return Errors.of(limited);
        }
        if (e instanceof Unavailable unavailable) {
            exchange.getResponseHeaders().put(Headers.RETRY_AFTER, Long.toString(unavailable.retryAfterSeconds()));
            return Errors.of(unavailable);
        }
        if (e instanceof DomainError refusal) {
            return Errors.of(refusal);
        }
        if (Outage.connectionLost(e)) {
            LOG.log(Level.WARNING, "request " + requestId + ": database unavailable: " + e.getMessage());
            exchange.getResponseHeaders().put(Headers.RETRY_AFTER, "1");
            return Errors.body(503, "SERVICE_UNAVAILABLE", "The database is unavailable; retry shortly "
                    + "with the same Idempotency-Key (request id " + requestId + ")", null);
        }
        if (Outage.rolledBackForConflict(e)) {
            LOG.log(Level.WARNING, "request " + requestId + ": rolled back for a concurrent one: " + e.getMessage());
            exchange.getResponseHeaders().put(Headers.RETRY_AFTER, "1");
            return Errors.body(503, "SERVICE_UNAVAILABLE", "The request clashed with a concurrent one and changed "
                    + "nothing; retry it with the same Idempotency-Key (request id " + requestId + ")", null);
        }
        LOG.log(Level.SEVERE, "request " + requestId + " failed", e);
        return Errors.body(500, "INTERNAL_ERROR", "Internal error; request id " + requestId, null);
    }

    private Response route(HttpServerExchange exchange, byte[] received, Router.Match found,
                           Supplier<Caller> authenticated) {
        String path = exchange.getRequestPath();
        if (!path.startsWith(BASE_PATH + "/")) {
            return notFound(path);
        }
        String method = exchange.getRequestMethod().toString();
        var match = found != null ? found : router.match(method, path.substring(BASE_PATH.length())).orElse(null);
        if (match == null) {
            return notFound(path);
        }
        RequestLabels.route(exchange, match.template());
        if (match.handler() == null) {
            exchange.getResponseHeaders().put(Headers.ALLOW, String.join(", ", match.allowedMethods()));
            return Errors.body(405, "METHOD_NOT_ALLOWED", method + " is not allowed on " + path,
                    Map.of("allowedMethods", match.allowedMethods()));
        }
        // Who may call the route is settled before anything of the request is read.
        Caller caller = switch (match.operation().access()) {
            case API_TOKEN -> authenticated.get();
            case AGENT -> authenticateAgent.apply(bearer(exchange));
            case NONE -> null;
        };
        if (caller != null) {
            RequestLabels.platform(exchange, caller.platformId().toString());
        }
        if (match.template().startsWith("/sandbox/")) {
            caller.requireSandbox();
        }
        if (match.permission() != null) {
            caller.require(match.permission());
        }
        String badPath = StorableText.problem(path);
        if (badPath != null) {
            throw new InvalidInput("INVALID_INPUT", "The path " + badPath);
        }
        byte[] bytes;
        Object body;
        if (match.operation().isMultipart()) {
            if (!MultipartForm.isMultipart(exchange)) {
                return Errors.body(415, "UNSUPPORTED_MEDIA_TYPE", "This route takes a multipart/form-data body",
                        null);
            }
            bytes = new byte[0];
            body = multipart(exchange, match.operation());
        } else {
            bytes = received != null ? received : RequestBody.read(exchange, MAX_BODY_BYTES, MAX_DRAINED_BYTES,
                    receiveMillis);
            if (bytes.length > 0 && !isJson(exchange)) {
                return Errors.body(415, "UNSUPPORTED_MEDIA_TYPE", "Request bodies must be application/json", null);
            }
            body = JsonCodec.parse(bytes);
        }
        QueryParams query = new QueryParams(exchange.getQueryParameters(), match.operation().query().keySet());
        return match.handler().handle(new Request(caller, path.substring(BASE_PATH.length()), match.params(), query,
                body, bytes, exchange));
    }

    /**
     * A multipart body: its file at most {@link #MAX_FILE_BYTES} in memory, or, for a route that spools its file
     * ({@link Operation#spooledFile}), up to that route's limit in the temporary directory.
     */
    private MultipartForm multipart(HttpServerExchange exchange, Operation operation) {
        long spooled = operation.spooledFileBytes();
        long maxFile = spooled > 0 ? spooled : MAX_FILE_BYTES;
        if (spooled > 0) {
            exchange.setMaxEntitySize(maxFile + MAX_BODY_BYTES + 1); // past the server's limit for other bodies
        }
        return MultipartForm.read(exchange, maxFile, maxFile + MAX_BODY_BYTES, MAX_DRAINED_BYTES, receiveMillis,
                spooled > 0 ? java.nio.file.Path.of(System.getProperty("java.io.tmpdir")) : null);
    }

    private Caller authenticate(HttpServerExchange exchange) {
        String[] credentials = credentials(exchange);
        return authenticate.apply(credentials[0], credentials[1]);
    }

    /** The Basic-auth username and password, or a 401. */
    private static String[] credentials(HttpServerExchange exchange) {
        String header = exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION);
        if (header == null || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
            exchange.getResponseHeaders().put(Headers.WWW_AUTHENTICATE, "Basic realm=\"payments\"");
            throw new Unauthenticated("UNAUTHORIZED", "Missing HTTP Basic credentials (API token id and secret)");
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(header.substring(6).trim()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new Unauthenticated("UNAUTHORIZED", "Malformed HTTP Basic credentials");
        }
        // The token id may be sent bare or as Token:<uuid>; the secret is what follows the last colon.
        int colon = decoded.lastIndexOf(':');
        if (colon <= 0) {
            throw new Unauthenticated("UNAUTHORIZED", "Malformed HTTP Basic credentials");
        }
        return new String[] {decoded.substring(0, colon), decoded.substring(colon + 1)};
    }

    /** An agent's access token (HTTP Bearer), or a 401: an API token does not call an agent's routes. */
    private static String bearer(HttpServerExchange exchange) {
        String header = exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION);
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7) || header.substring(7).isBlank()) {
            exchange.getResponseHeaders().put(Headers.WWW_AUTHENTICATE, "Bearer realm=\"payments agents\"");
            throw new Unauthenticated("UNAUTHORIZED", "Agent operations take the agent's access token "
                    + "(Authorization: Bearer), not an API token");
        }
        return header.substring(7).trim();
    }

    private static boolean isJson(HttpServerExchange exchange) {
        String type = exchange.getRequestHeaders().getFirst(Headers.CONTENT_TYPE);
        return type != null && type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json");
    }

    private static Response notFound(String path) {
        return Errors.body(404, "NOT_FOUND", "No route " + path, null);
    }

    private static void send(HttpServerExchange exchange, Response response) {
        exchange.setStatusCode(response.status());
        if (response.status() == 413 || response.status() == 408) {
            // The unread rest of the body must not be taken for the next request on this connection.
            exchange.setPersistent(false);
        }
        if (response.body() == null) {
            exchange.dispatch(exchange.getIoThread(), exchange::endExchange);
            return;
        }
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
        // An answer is about one platform's money at one moment: no browser or proxy keeps it (the console, too).
        exchange.getResponseHeaders().put(Headers.CACHE_CONTROL, "no-store");
        byte[] bytes = response.body() instanceof byte[] raw ? raw : JsonCodec.write(response.body());
        // Written and ended on the connection's I/O thread, once this worker's call returns. An exchange that ends on
        // a worker thread makes the I/O thread spin while the worker re-arms the connection for the next request,
        // and a keep-alive client sends that request at once: on two cores a fifth of the CPU went to that spin.
        exchange.dispatch(exchange.getIoThread(),
                () -> exchange.getResponseSender().send(java.nio.ByteBuffer.wrap(bytes)));
    }
}
