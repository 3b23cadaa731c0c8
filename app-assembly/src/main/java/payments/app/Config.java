package payments.app;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import payments.core.platform.PlatformConfigSchemas;
import payments.core.webhook.EndpointPolicy;
import payments.core.webhook.Network;

/**
 * Everything the operator can set, read once from the environment at start. With no database URL the server runs
 * its own embedded PostgreSQL with its data in {@code dataDir}.
 */
public record Config(String host, int port, Path dataDir, String databaseUrl, String databaseUser,
                     String databasePassword, int databasePoolSize, String sandboxToken, String sandboxUmaDomain,
                     List<String> sandboxCurrencies, long workerPollMillis, Webhooks webhooks,
                     String walletBundleKey, String passkeyRpId, List<String> passkeyOrigins,
                     Map<String, String> oidcIssuers, Batches batches, Http http,
                     EndpointPolicy webhookPolicy, String masterKey, String endUserTermsUrl,
                     int deviceCodeGuesses, BankFolders bankFolders) {

    /**
     * The group commits of the money-moving routes: how many requests a batch takes ({@code size}), how many batches
     * of transfer-outs run at once ({@code concurrent}) and of each quote route ({@code concurrentQuotes}), how many
     * requests may wait for one ({@code queue}: more are refused with 503), and the threads they all run on.
     */
    public record Batches(int size, int concurrent, int concurrentQuotes, int queue, int threads) {
    }

    /**
     * The HTTP listener's threads for blocking routes ({@code workers}), and how long a request's headers may take to
     * arrive and then its body ({@code receiveMillis} each: 408 or a closed connection after that), and the port that
     * serves {@code /metrics} alone ({@code metricsPort}; null: beside the API).
     */
    public record Http(int workers, int receiveMillis, Integer metricsPort) {
    }

    /**
     * Webhook calls: how long one may take ({@code timeoutMillis}, at most 30 s: a call must end well within its 60 s
     * lease), how many this process makes at once ({@code calls}), and how many one platform's endpoint may have in
     * flight across every process ({@code perEndpoint}).
     */
    public record Webhooks(long timeoutMillis, int calls, int perEndpoint) {
    }

    /**
     * The folders shared with the platforms' bank (the ISO 20022 rail): files to send are written to {@code outbox},
     * reports arrive in {@code inbox}, and the reports read are kept in {@code archive} ({@code processed/},
     * {@code quarantine/}). A transfer agent (SFTP, EBICS) moves the files between these folders and the bank.
     */
    public record BankFolders(Path outbox, Path inbox, Path archive) {
        static BankFolders under(Path root) {
            return new BankFolders(root.resolve("outbox"), root.resolve("inbox"), root.resolve("archive"));
        }
    }

    /** A setting the operator must change; {@code Main} prints its message alone, naming the variable. */
    public static final class Invalid extends IllegalArgumentException {
        Invalid(String message) {
            super(message);
        }
    }

    /** Where the end-user terms are published unless the operator names its own page. */
    public static final String DEFAULT_END_USER_TERMS_URL = "https://example.com/end-user-terms";

    public static final List<String> DEFAULT_SANDBOX_CURRENCIES = List.of("USD", "EUR", "GBP", "MXN", "USDC", "BTC");
    static final long MAX_WEBHOOK_TIMEOUT_MILLIS = 30_000;

    /** Reads the settings; a value out of its range is refused naming its variable, before anything starts. */
    public static Config fromEnvironment(Map<String, String> env) {
        // Read by logback.xml itself; checked here so that a typo stops the start instead of silencing the logs.
        String logFormat = Objects.requireNonNullElse(blankToNull(env.get("PAYMENTS_LOG_FORMAT")), "text");
        if (!logFormat.equals("text") && !logFormat.equals("json")) {
            throw new Invalid("PAYMENTS_LOG_FORMAT must be text or json, not " + logFormat);
        }
        Path dataDir = Path.of(env.getOrDefault("PAYMENTS_DATA_DIR", "./data"));
        return new Config(
                env.getOrDefault("PAYMENTS_HOST", "0.0.0.0"),
                intValue(env, "PAYMENTS_PORT", 8080, 0, 65_535),
                dataDir,
                blankToNull(env.get("PAYMENTS_DATABASE_URL")),
                env.getOrDefault("PAYMENTS_DATABASE_USER", "postgres"),
                env.getOrDefault("PAYMENTS_DATABASE_PASSWORD", ""),
                intValue(env, "PAYMENTS_DATABASE_POOL_SIZE", 16, 1, 1_000),
                blankToNull(env.get("PAYMENTS_SANDBOX_TOKEN")),
                umaDomain(Objects.requireNonNullElse(blankToNull(env.get("PAYMENTS_SANDBOX_UMA_DOMAIN")),
                        "sandbox.uma.money")),
                DEFAULT_SANDBOX_CURRENCIES,
                intValue(env, "PAYMENTS_WORKER_POLL_MILLIS", 250, 1, 3_600_000),
                new Webhooks(intValue(env, "PAYMENTS_WEBHOOK_TIMEOUT_MILLIS", 10_000, 1,
                        (int) MAX_WEBHOOK_TIMEOUT_MILLIS),
                        intValue(env, "PAYMENTS_WEBHOOK_CALLS", 128, 1, 10_000),
                        intValue(env, "PAYMENTS_WEBHOOK_CALLS_PER_ENDPOINT", 32, 1, 10_000)),
                walletBundleKey(blankToNull(env.get("PAYMENTS_WALLET_BUNDLE_KEY"))),
                env.getOrDefault("PAYMENTS_PASSKEY_RP_ID", "localhost"),
                Arrays.stream(env.getOrDefault("PAYMENTS_PASSKEY_ORIGINS", "http://localhost:8080,https://localhost")
                        .split(",")).map(String::trim).filter(o -> !o.isEmpty()).toList(),
                issuers(env.getOrDefault("PAYMENTS_OIDC_ISSUERS", "")),
                new Batches(intValue(env, "PAYMENTS_BATCH_SIZE", 64, 1, 10_000),
                        intValue(env, "PAYMENTS_CONCURRENT_BATCHES", 2, 1, 64),
                        intValue(env, "PAYMENTS_CONCURRENT_QUOTE_BATCHES", 1, 1, 64),
                        intValue(env, "PAYMENTS_BATCH_QUEUE", 10_000, 1, 1_000_000),
                        intValue(env, "PAYMENTS_BATCH_THREADS", 8, 1, 1_000)),
                new Http(intValue(env, "PAYMENTS_HTTP_WORKERS", 128, 2, 10_000),
                        intValue(env, "PAYMENTS_HTTP_RECEIVE_TIMEOUT_MILLIS", 30_000, 100, 3_600_000),
                        blankToNull(env.get("PAYMENTS_METRICS_PORT")) == null ? null
                                : intValue(env, "PAYMENTS_METRICS_PORT", 0, 0, 65_535)),
                new EndpointPolicy(networks(env.getOrDefault("PAYMENTS_WEBHOOK_ALLOWED_NETWORKS", "")),
                        booleanValue(env, "PAYMENTS_WEBHOOK_SANDBOX_PRIVATE", true)),
                masterKey(blankToNull(env.get("PAYMENTS_MASTER_KEY"))),
                env.getOrDefault("PAYMENTS_END_USER_TERMS_URL", DEFAULT_END_USER_TERMS_URL),
                intValue(env, "PAYMENTS_DEVICE_CODE_GUESSES", 10, 1, 1_000_000),
                bankFolders(env, dataDir));
    }

    private static BankFolders bankFolders(Map<String, String> env, Path dataDir) {
        BankFolders defaults = BankFolders.under(dataDir.resolve("bank"));
        return new BankFolders(
                Path.of(env.getOrDefault("PAYMENTS_BANK_OUTBOX", defaults.outbox().toString())),
                Path.of(env.getOrDefault("PAYMENTS_BANK_INBOX", defaults.inbox().toString())),
                Path.of(env.getOrDefault("PAYMENTS_BANK_ARCHIVE", defaults.archive().toString())));
    }

    /** The bank's folders under one root ({@code outbox}, {@code inbox}, {@code archive}). */
    public Config withBankFolders(Path root) {
        return new Config(host, port, dataDir, databaseUrl, databaseUser, databasePassword, databasePoolSize,
                sandboxToken, sandboxUmaDomain, sandboxCurrencies, workerPollMillis, webhooks,
                walletBundleKey, passkeyRpId, passkeyOrigins, oidcIssuers, batches, http, webhookPolicy, masterKey,
                endUserTermsUrl, deviceCodeGuesses, BankFolders.under(root));
    }

    public Config withPort(int newPort) {
        return new Config(host, newPort, dataDir, databaseUrl, databaseUser, databasePassword, databasePoolSize,
                sandboxToken, sandboxUmaDomain, sandboxCurrencies, workerPollMillis, webhooks,
                walletBundleKey, passkeyRpId, passkeyOrigins, oidcIssuers, batches, http, webhookPolicy, masterKey,
                endUserTermsUrl, deviceCodeGuesses, bankFolders);
    }

    public Config withDatabase(String url, String user, String password) {
        return new Config(host, port, dataDir, url, user, password, databasePoolSize, sandboxToken, sandboxUmaDomain,
                sandboxCurrencies, workerPollMillis, webhooks, walletBundleKey, passkeyRpId,
                passkeyOrigins, oidcIssuers, batches, http, webhookPolicy, masterKey,
                endUserTermsUrl, deviceCodeGuesses, bankFolders);
    }

    public Config withSandboxToken(String token) {
        return new Config(host, port, dataDir, databaseUrl, databaseUser, databasePassword, databasePoolSize, token,
                sandboxUmaDomain, sandboxCurrencies, workerPollMillis, webhooks, walletBundleKey,
                passkeyRpId, passkeyOrigins, oidcIssuers, batches, http, webhookPolicy, masterKey,
                endUserTermsUrl, deviceCodeGuesses, bankFolders);
    }

    /** How long one webhook call may take (at most 30 s: a call must end well within its 60 s lease). */
    public Config withWebhookTimeoutMillis(long millis) {
        return new Config(host, port, dataDir, databaseUrl, databaseUser, databasePassword, databasePoolSize,
                sandboxToken, sandboxUmaDomain, sandboxCurrencies, workerPollMillis,
                new Webhooks(Math.min(millis, MAX_WEBHOOK_TIMEOUT_MILLIS), webhooks.calls(), webhooks.perEndpoint()),
                walletBundleKey, passkeyRpId, passkeyOrigins,
                oidcIssuers, batches, http, webhookPolicy, masterKey,
                endUserTermsUrl, deviceCodeGuesses, bankFolders);
    }

    /**
     * How many wrong agent device codes one client address may send in ten minutes before it is refused (429) until
     * the oldest is that old.
     */
    public Config withDeviceCodeGuesses(int guesses) {
        return new Config(host, port, dataDir, databaseUrl, databaseUser, databasePassword, databasePoolSize,
                sandboxToken, sandboxUmaDomain, sandboxCurrencies, workerPollMillis, webhooks,
                walletBundleKey, passkeyRpId, passkeyOrigins, oidcIssuers, batches, http, webhookPolicy, masterKey,
                endUserTermsUrl, guesses, bankFolders);
    }

    /** The settings without their secrets (passwords, keys, the sandbox token), should they ever be printed. */
    @Override
    public String toString() {
        return "Config[host=" + host + ", port=" + port + ", dataDir=" + dataDir + ", databaseUrl=" + databaseUrl
                + ", databaseUser=" + databaseUser + ", pool=" + databasePoolSize + ", batches=" + batches
                + ", http=" + http + ", webhooks=" + webhooks + ", webhookPolicy=" + webhookPolicy + "]";
    }

    private static String masterKey(String hex) {
        if (hex != null && !hex.trim().matches("[0-9a-fA-F]{64}")) {
            throw new Invalid("PAYMENTS_MASTER_KEY must be 64 hex digits (32 bytes)");
        }
        return hex == null ? null : hex.trim();
    }

    /** The networks webhooks may always reach: a comma list of CIDR blocks. */
    private static List<Network> networks(String value) {
        List<Network> networks = new java.util.ArrayList<>();
        for (String cidr : value.split(",")) {
            if (!cidr.isBlank()) {
                try {
                    networks.add(Network.parse(cidr.trim()));
                } catch (IllegalArgumentException e) {
                    throw new Invalid("PAYMENTS_WEBHOOK_ALLOWED_NETWORKS must be CIDR blocks separated by commas "
                            + "(such as 10.8.0.0/16,fd00:1::/64): " + e.getMessage());
                }
            }
        }
        return networks;
    }

    private static boolean booleanValue(Map<String, String> env, String name, boolean fallback) {
        String value = blankToNull(env.get(name));
        if (value == null) {
            return fallback;
        }
        return switch (value.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new Invalid(name + " must be true or false, not " + value);
        };
    }

    /** Extra OIDC issuers and their JWKS URLs: {@code issuer=jwksUrl,issuer=jwksUrl}. */
    private static Map<String, String> issuers(String value) {
        Map<String, String> issuers = new LinkedHashMap<>();
        for (String pair : value.split(",")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq <= 0 || pair.substring(eq + 1).isBlank()) {
                throw new Invalid("PAYMENTS_OIDC_ISSUERS must be issuer=jwksUrl pairs separated by "
                        + "commas, got '" + pair.trim() + "'");
            }
            issuers.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return issuers;
    }

    private static String umaDomain(String value) {
        if (!value.matches(PlatformConfigSchemas.UMA_DOMAIN_PATTERN) || value.length() > 253) {
            throw new Invalid("PAYMENTS_SANDBOX_UMA_DOMAIN must be a lower-case domain name such as "
                    + "sandbox.uma.money, got '" + value + "'");
        }
        return value;
    }

    private static String walletBundleKey(String value) {
        // 32 bytes or more: a longer seed already in use stays valid, so the public key its clients pinned stays.
        if (value != null && !value.matches("([0-9a-fA-F]{2}){32,}")) {
            throw new Invalid("PAYMENTS_WALLET_BUNDLE_KEY must be 64 hex digits (32 bytes) or more, in pairs");
        }
        return value;
    }

    private static int intValue(Map<String, String> env, String name, int fallback, int min, int max) {
        String v = env.get(name);
        if (v == null || v.isBlank()) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(v.trim());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new Invalid(name + " must be an integer from " + min + " to " + max + ", got '" + v
                + "'");
    }

    private static String blankToNull(String v) {
        return v == null || v.isBlank() ? null : v.trim();
    }
}
