package payments.app;

import java.util.Optional;
import java.util.UUID;
import payments.core.error.Conflict;
import payments.core.id.EntityId;
import payments.core.id.TokenId;
import payments.adapter.metrics.ServiceMetrics;
import payments.ports.Payments;
import payments.ports.platform.PlatformService;

/**
 * The service without its HTTP listener, for an application that embeds it in its own JVM: the database, the
 * default sandbox platform and its token, the use cases ({@link #payments()}) and the background workers. The
 * application authenticates an API token ({@code payments().authentication()}) and calls the driving ports with the
 * same command records the HTTP adapter builds.
 */
public final class PaymentsCore implements AutoCloseable {
    private final Backend backend;
    private final Config config;
    private final String generatedSandboxCredentials;
    private Workers workers;

    private PaymentsCore(Backend backend, Config config, String generatedSandboxCredentials) {
        this.backend = backend;
        this.config = config;
        this.generatedSandboxCredentials = generatedSandboxCredentials;
    }

    /** Opens the database, makes sure the sandbox platform and token exist, and starts the workers. */
    public static PaymentsCore open(Config config) {
        PaymentsCore core = withoutWorkers(config);
        core.startWorkers();
        return core;
    }

    /** The same, the workers left for {@link #startWorkers} (a server binds its port first). */
    static PaymentsCore withoutWorkers(Config config) {
        Backend backend = Backend.open(config);
        try {
            return new PaymentsCore(backend, config, ensureSandbox(config, backend.wiring));
        } catch (RuntimeException e) {
            backend.close();
            throw e;
        }
    }

    synchronized void startWorkers() {
        if (workers == null) {
            workers = new Workers(backend.wiring, config.workerPollMillis(), config.webhooks().calls());
        }
    }

    ServiceMetrics metrics() {
        return backend.metrics;
    }

    /** The driving ports: every use case of the API. */
    public Payments payments() {
        return backend.wiring;
    }

    /** The sandbox credentials generated on this first start, if any (they are shown once). */
    public Optional<String> generatedSandboxCredentials() {
        return Optional.ofNullable(generatedSandboxCredentials);
    }

    Wiring wiring() {
        return backend.wiring;
    }

    /** Runs {@code close} when the JVM exits (SIGTERM, Ctrl-C), before the embedded database stops. */
    void atExit(Runnable close) {
        backend.atExit(close);
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

    /** Lets the workers' rounds under way finish, then closes the database (and stops the embedded one). */
    @Override
    public synchronized void close() {
        if (workers != null) {
            workers.close();
        }
        backend.close();
    }
}
