package payments.app;

import java.util.Optional;
import java.util.UUID;
import payments.adapter.http.UndertowServer;
import payments.adapter.http.routes.HttpApi;
import payments.core.error.Conflict;
import payments.core.id.EntityId;
import payments.core.id.TokenId;
import payments.ports.platform.PlatformService;

/** The assembled service: database, the default sandbox platform and its token, the HTTP API. */
public final class PaymentsServer implements AutoCloseable {
    private final Backend backend;
    private final Workers workers;
    private final UndertowServer http;
    private final java.util.List<String> routes;
    private final String generatedSandboxCredentials;
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    private PaymentsServer(Backend backend, Workers workers, UndertowServer http, java.util.List<String> routes,
                           String generatedSandboxCredentials) {
        this.backend = backend;
        this.workers = workers;
        this.http = http;
        this.routes = routes;
        this.generatedSandboxCredentials = generatedSandboxCredentials;
    }

    public static PaymentsServer start(Config config) {
        Backend backend = Backend.open(config);
        try {
            String generated = ensureSandbox(config, backend.wiring);
            var api = HttpApi.of(backend.wiring);
            // Listening first: a port that cannot be bound fails the start before any worker runs.
            UndertowServer http = new UndertowServer(config.host(), config.port(), config.httpWorkers(), api).start();
            Workers workers = new Workers(backend.wiring, config.workerPollMillis());
            return new PaymentsServer(backend, workers, http, api.routes(), generated);
        } catch (RuntimeException e) {
            backend.close();
            throw e;
        }
    }

    /** Creates the default sandbox platform on first start and makes sure the configured sandbox token exists. */
    private static String ensureSandbox(Config config, Wiring wiring) {
        var created = wiring.platforms.ensureDefaultSandbox(config.sandboxUmaDomain(), config.sandboxCurrencies());
        if (config.sandboxToken() == null) {
            return created.map(c -> c.firstToken().credentials()).orElse(null);
        }
        String value = config.sandboxToken();
        int colon = value.lastIndexOf(':');
        String id = colon > 0 ? value.substring(0, colon) : "";
        id = EntityId.isOfKind(TokenId.KIND, id) ? id.substring(TokenId.KIND.length() + 1) : id;
        UUID uuid;
        try {
            uuid = UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw new Config.Invalid("PAYMENTS_SANDBOX_TOKEN must be <token uuid>:<secret>");
        }
        String secret = value.substring(colon + 1);
        if (secret.length() < 16) {
            throw new Config.Invalid("PAYMENTS_SANDBOX_TOKEN secret must have at least 16 characters");
        }
        try {
            wiring.tokens.ensure(PlatformService.DEFAULT_SANDBOX, new TokenId(uuid), secret, "Sandbox token");
        } catch (Conflict e) {
            // Not brought back: a token deleted through the API was most likely deleted on purpose.
            throw new Config.Invalid("PAYMENTS_SANDBOX_TOKEN names token " + uuid + ", which exists "
                    + "with another secret or was deleted; set a new token id (or unset it for a generated one)");
        }
        return null;
    }

    public int port() {
        return http.port();
    }

    /** The sandbox credentials generated on this first start, if any (they are shown once). */
    public Optional<String> generatedSandboxCredentials() {
        return Optional.ofNullable(generatedSandboxCredentials);
    }

    /** Every route of the API ({@code METHOD /template}). */
    public java.util.List<String> routes() {
        return routes;
    }

    Wiring wiring() {
        return backend.wiring;
    }

    /**
     * Closes this server when the JVM exits (SIGTERM, Ctrl-C), in {@link #close}'s order, before the embedded
     * database stops.
     */
    public void stopOnExit() {
        backend.atExit(this::close);
    }

    /**
     * Answers the requests in flight and takes no more, lets the workers' rounds under way finish, then closes the
     * database (and stops the embedded one): the order SIGTERM's shutdown hook needs.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return; // closed already, by a caller or by the hook
        }
        http.close();
        workers.close();
        backend.close();
    }
}
