package payments.app;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.bridge.SLF4JBridgeHandler;
import payments.adapter.persistence.secret.Sealing;
import payments.adapter.persistence.secret.SecretBox;
import payments.core.bankrail.BankRail;
import payments.core.error.DomainError;
import payments.core.id.PlatformId;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.ports.bankrail.EnableBankRail;
import payments.ports.platform.PlatformService;

/**
 * {@code java -jar payments-server.jar [serve | create-platform | create-token | enable-bank-rail | reconcile |
 * rotate-master-key | help]}: runs the server, or an
 * operator command against the same database.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.setProperty("org.jooq.no-logo", "true");
        System.setProperty("org.jooq.no-tips", "true");
        // java.util.logging (our code's, and the JDK's) prints through the server's one logging stack (logback.xml).
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
        String command = args.length == 0 ? "serve" : args[0];
        if (List.of("help", "--help", "-h").contains(command)) {
            usage(System.out); // before the configuration is read: help works whatever the environment holds
            return;
        }
        if (!List.of("serve", "create-platform", "create-token", "enable-bank-rail", "reconcile",
                "rotate-master-key").contains(command)) {
            System.err.println("payments-server: unknown command " + command);
            usage(System.err);
            System.exit(2);
        }
        try {
            Map<String, String> options = options(Arrays.copyOfRange(args, Math.min(1, args.length), args.length));
            Config config = Config.fromEnvironment(System.getenv());
            switch (command) {
                case "serve" -> serve(config);
                case "create-platform" -> createPlatform(config, options);
                case "create-token" -> createToken(config, options);
                case "enable-bank-rail" -> enableBankRail(config, options);
                case "rotate-master-key" -> rotateMasterKey(config);
                default -> reconcile(config);
            }
        } catch (Config.Invalid | DomainError | Sealing.WrongMasterKey e) {
            // A setting or an option the operator must change: one line, no stack trace.
            System.err.println("payments-server: " + e.getMessage());
            System.exit(2);
        }
    }

    private static void serve(Config config) {
        long started = System.nanoTime();
        PaymentsServer server = PaymentsServer.start(config);
        server.stopOnExit();
        System.out.printf("Payments API listening on http://localhost:%d/2025-10-13 (started in %d ms)%n",
                server.port(), (System.nanoTime() - started) / 1_000_000);
        server.generatedSandboxCredentials().ifPresent(credentials -> System.out.println(
                "Sandbox API token (shown once; keep it, or set PAYMENTS_SANDBOX_TOKEN):\n  " + credentials
                        + "\nTry: curl -u " + credentials + " http://localhost:" + server.port()
                        + "/2025-10-13/config"));
    }

    private static void createPlatform(Config config, Map<String, String> options) {
        String name = required(options, "name");
        Environment environment = environment(options.getOrDefault("environment", "production"));
        List<String> currencies = List.of(options.getOrDefault("currencies", "USD").split(","));
        try (Backend backend = Backend.open(config)) {
            var created = backend.wiring.platforms.create(name, environment,
                    options.getOrDefault("uma-domain", "payments.local"), currencies);
            System.out.println("Platform " + created.platform().id() + " (" + environment + ")");
            System.out.println("First API token (shown once): " + created.firstToken().credentials());
        }
    }

    private static void createToken(Config config, Map<String, String> options) {
        PlatformId platform = options.containsKey("platform")
                ? PlatformId.parse("platform", options.get("platform")) : PlatformService.DEFAULT_SANDBOX;
        try (Backend backend = Backend.open(config)) {
            var issued = backend.wiring.db().inTransaction(() -> backend.wiring.tokens.issue(platform,
                    options.getOrDefault("name", "Operator token"), EnumSet.allOf(Permission.class)));
            System.out.println("API token (shown once): " + issued.credentials());
        }
    }

    /** Sends a platform's currency through its bank: ISO 20022 files in the configured folders. */
    private static void enableBankRail(Config config, Map<String, String> options) {
        EnableBankRail command = new EnableBankRail(PlatformId.parse("platform", required(options, "platform")),
                required(options, "currency"), required(options, "name"), options.get("iban"),
                options.get("account-number"), options.get("routing-number"), required(options, "bic"),
                longOption(options, "cut-off-seconds", 3600));
        try (Backend backend = Backend.open(config)) {
            BankRail rail = backend.wiring.bankRails.enable(command);
            System.out.println("Bank rail " + BankRail.NAME + " enabled for " + rail.platform() + " "
                    + rail.currency() + ": debtor " + rail.debtor().masked() + " at " + rail.debtor().bic()
                    + ", a file every " + rail.cutOffSeconds() + " s to " + config.bankFolders().outbox());
        }
    }

    private static long longOption(Map<String, String> options, String name, long otherwise) {
        String v = options.get(name);
        try {
            return v == null ? otherwise : Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new Config.Invalid("--" + name + " must be a whole number, not " + v);
        }
    }

    /**
     * Seals every secret again under a new master key: {@code PAYMENTS_NEW_MASTER_KEY}, which the operator then sets
     * as {@code PAYMENTS_MASTER_KEY}; or, for the data directory's key, a new one written there (staged first, so
     * a crash leaves it on disk).
     */
    private static void rotateMasterKey(Config config) {
        String configured = System.getenv().getOrDefault("PAYMENTS_NEW_MASTER_KEY", "").trim();
        if (config.masterKey() != null && configured.isEmpty()) {
            throw new Config.Invalid("PAYMENTS_NEW_MASTER_KEY must hold the new key (64 hex digits) when the key "
                    + "comes from PAYMENTS_MASTER_KEY");
        }
        String next = configured.isEmpty() ? SecretBox.newMasterKey() : configured;
        SecretBox nextBox;
        try {
            nextBox = SecretBox.of(next);
        } catch (IllegalArgumentException e) {
            throw new Config.Invalid("PAYMENTS_NEW_MASTER_KEY must be 64 hex digits (32 bytes)");
        }
        java.nio.file.Path file = MasterKeyFile.in(config.dataDir());
        java.nio.file.Path staged = config.masterKey() == null ? MasterKeyFile.stage(file, next) : null;
        int sealed;
        try (Backend backend = Backend.open(config)) {
            sealed = backend.reseal(nextBox);
        }
        if (staged != null) {
            MasterKeyFile.commit(staged, file);
            System.out.println(sealed + " secrets sealed under the new key, now in " + file);
        } else {
            System.out.println(sealed + " secrets sealed under the new key: set PAYMENTS_MASTER_KEY to it "
                    + "(PAYMENTS_NEW_MASTER_KEY) before the next start");
        }
    }

    /** Checks every platform's books; exits 1 when any invariant fails. */
    private static void reconcile(Config config) {
        List<String> violations;
        try (Backend backend = Backend.open(config)) {
            violations = backend.wiring.reconciliation.checkAll();
        }
        violations.forEach(System.out::println);
        System.out.println(violations.isEmpty() ? "ledger balanced" : violations.size() + " violations");
        if (!violations.isEmpty()) {
            System.exit(1);
        }
    }

    private static Environment environment(String value) {
        try {
            return Environment.valueOf(value.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new Config.Invalid("--environment must be production or sandbox, not " + value);
        }
    }

    private static void usage(java.io.PrintStream out) {
        out.println("""
                usage: java -jar payments-server.jar [command] [--option value ...]
                  serve                      run the server (default)
                  create-platform --name N [--environment production|sandbox] [--currencies USD,EUR]
                                  [--uma-domain example.com]
                                             create a platform; prints its first API token
                  create-token [--platform PlatformConfig:<uuid>] [--name N]
                                             issue another all-permission token (default: the sandbox platform)
                  enable-bank-rail --platform PlatformConfig:<uuid> --currency EUR|USD --name N
                                  (--iban I | --account-number A --routing-number R) --bic B
                                  [--cut-off-seconds 3600]
                                             send the currency's transfer-outs through the platform's bank
                                             (ISO 20022 files in PAYMENTS_BANK_OUTBOX / _INBOX)
                  reconcile                  check every platform's ledger invariants (exit 1 on a violation)
                  rotate-master-key          seal every secret again under PAYMENTS_NEW_MASTER_KEY (or a new
                                             key in the data directory's master.key)
                  help                       this text
                configuration comes from PAYMENTS_* environment variables (see README)""");
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new Config.Invalid("expected --option value, got " + args[i]);
            }
            if (i + 1 == args.length) {
                throw new Config.Invalid(args[i] + " needs a value");
            }
            options.put(args[i].substring(2), args[i + 1]);
        }
        return options;
    }

    private static String required(Map<String, String> options, String name) {
        String v = options.get(name);
        if (v == null) {
            throw new Config.Invalid("--" + name + " is required");
        }
        return v;
    }
}
