package payments.app;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.adapter.persistence.TestDatabase;
import payments.core.platform.Environment;
import payments.core.platform.Permission;

/**
 * The assembled server, started once per test JVM on a free port against the shared test PostgreSQL, with a known
 * sandbox token. Tests call it over real HTTP; each test that needs isolation creates a platform of its own.
 */
final class TestServer {
    static final String SANDBOX_CREDENTIALS = "11111111-2222-4333-8444-555555555555:sandbox-test-secret-0123456789";
    /** Short, so the tests of a webhook that never answers are quick. */
    static final long WEBHOOK_TIMEOUT_MILLIS = 2000;
    private static PaymentsServer server;
    private static java.nio.file.Path bankFolders;

    private TestServer() {
    }

    static synchronized PaymentsServer get() {
        if (server == null) {
            try {
                bankFolders = java.nio.file.Files.createTempDirectory("payments-bank-");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            Config config = Config.fromEnvironment(Map.of())
                    .withBankFolders(bankFolders)
                    .withPort(0)
                    .withDatabase(TestDatabase.url(), TestDatabase.user(), TestDatabase.password())
                    .withSandboxToken(SANDBOX_CREDENTIALS)
                    .withWebhookTimeoutMillis(WEBHOOK_TIMEOUT_MILLIS)
                    // The fuzzers send wrong device codes from this one address; the limit's test has its own server.
                    .withDeviceCodeGuesses(100_000);
            server = PaymentsServer.start(config);
            Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        }
        return server;
    }

    /** The bank's folders the server reads and writes: {@code outbox}, {@code inbox}, {@code archive}. */
    static Config.BankFolders bankFolders() {
        get();
        return Config.BankFolders.under(bankFolders);
    }

    /** A client of the default sandbox platform. */
    static ApiClient sandbox() {
        return new ApiClient(get().port(), SANDBOX_CREDENTIALS);
    }

    /** A client of a fresh platform of its own, so the test sees only its own records. */
    static ApiClient newPlatform(Environment environment) {
        return newPlatform(environment, "test.example");
    }

    /** The same, on another UMA domain, or on none ({@code null}) as a platform without UMA set up. */
    static ApiClient newPlatform(Environment environment, String umaDomain) {
        var created = get().wiring().platforms.create("test-" + UUID.randomUUID(), environment, umaDomain,
                List.of("USD", "EUR", "MXN", "USDC"));
        return new ApiClient(get().port(), created.firstToken().credentials());
    }

    /** A client of the given platform whose token has only these permissions. */
    static ApiClient withPermissions(ApiClient platformClient, Permission... permissions) {
        var platform = platformClient.platformId();
        var issued = get().wiring().db().inTransaction(() -> get().wiring().tokens.issue(platform, "limited",
                permissions.length == 0 ? EnumSet.noneOf(Permission.class) : EnumSet.of(permissions[0], permissions)));
        return new ApiClient(get().port(), issued.credentials());
    }
}
