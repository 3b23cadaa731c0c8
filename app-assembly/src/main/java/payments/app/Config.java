package payments.app;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything the operator can set, read once from the environment at start. With no database URL the server runs
 * its own embedded PostgreSQL with its data in {@code dataDir}.
 */
public record Config(String host, int port, Path dataDir, String databaseUrl, String databaseUser,
                     String databasePassword, int databasePoolSize, String sandboxToken, String sandboxUmaDomain,
                     List<String> sandboxCurrencies, long workerPollMillis, long webhookTimeoutMillis,
                     String walletBundleKey, String passkeyRpId, List<String> passkeyOrigins,
                     Map<String, String> oidcIssuers, int batchSize, int concurrentBatches, int concurrentQuoteBatches,
                     int httpWorkers) {

    public static final List<String> DEFAULT_SANDBOX_CURRENCIES = List.of("USD", "EUR", "GBP", "MXN", "USDC", "BTC");
    static final long MAX_WEBHOOK_TIMEOUT_MILLIS = 30_000;

    public static Config fromEnvironment(Map<String, String> env) {
        return new Config(
                env.getOrDefault("PAYMENTS_HOST", "0.0.0.0"),
                intValue(env, "PAYMENTS_PORT", 8080),
                Path.of(env.getOrDefault("PAYMENTS_DATA_DIR", "./data")),
                blankToNull(env.get("PAYMENTS_DATABASE_URL")),
                env.getOrDefault("PAYMENTS_DATABASE_USER", "postgres"),
                env.getOrDefault("PAYMENTS_DATABASE_PASSWORD", ""),
                intValue(env, "PAYMENTS_DATABASE_POOL_SIZE", 16),
                blankToNull(env.get("PAYMENTS_SANDBOX_TOKEN")),
                env.getOrDefault("PAYMENTS_SANDBOX_UMA_DOMAIN", "sandbox.uma.money"),
                DEFAULT_SANDBOX_CURRENCIES,
                intValue(env, "PAYMENTS_WORKER_POLL_MILLIS", 250),
                Math.min(intValue(env, "PAYMENTS_WEBHOOK_TIMEOUT_MILLIS", 10_000), MAX_WEBHOOK_TIMEOUT_MILLIS),
                blankToNull(env.get("PAYMENTS_WALLET_BUNDLE_KEY")),
                env.getOrDefault("PAYMENTS_PASSKEY_RP_ID", "localhost"),
                List.of(env.getOrDefault("PAYMENTS_PASSKEY_ORIGINS", "http://localhost:8080,https://localhost")
                        .split(",")),
                issuers(env.getOrDefault("PAYMENTS_OIDC_ISSUERS", "")),
                Math.max(1, intValue(env, "PAYMENTS_BATCH_SIZE", 64)),
                Math.max(1, intValue(env, "PAYMENTS_CONCURRENT_BATCHES", 2)),
                Math.max(1, intValue(env, "PAYMENTS_CONCURRENT_QUOTE_BATCHES", 1)),
                Math.max(2, intValue(env, "PAYMENTS_HTTP_WORKERS", 128)));
    }

    public Config withPort(int newPort) {
        return new Config(host, newPort, dataDir, databaseUrl, databaseUser, databasePassword, databasePoolSize,
                sandboxToken, sandboxUmaDomain, sandboxCurrencies, workerPollMillis, webhookTimeoutMillis,
                walletBundleKey, passkeyRpId, passkeyOrigins, oidcIssuers, batchSize, concurrentBatches,
                concurrentQuoteBatches, httpWorkers);
    }

    public Config withDatabase(String url, String user, String password) {
        return new Config(host, port, dataDir, url, user, password, databasePoolSize, sandboxToken, sandboxUmaDomain,
                sandboxCurrencies, workerPollMillis, webhookTimeoutMillis, walletBundleKey, passkeyRpId,
                passkeyOrigins, oidcIssuers, batchSize, concurrentBatches, concurrentQuoteBatches, httpWorkers);
    }

    public Config withSandboxToken(String token) {
        return new Config(host, port, dataDir, databaseUrl, databaseUser, databasePassword, databasePoolSize, token,
                sandboxUmaDomain, sandboxCurrencies, workerPollMillis, webhookTimeoutMillis, walletBundleKey,
                passkeyRpId, passkeyOrigins, oidcIssuers, batchSize, concurrentBatches, concurrentQuoteBatches,
                httpWorkers);
    }

    /** How long one webhook call may take (at most 30 s: a call must end well within its 60 s lease). */
    public Config withWebhookTimeoutMillis(long millis) {
        return new Config(host, port, dataDir, databaseUrl, databaseUser, databasePassword, databasePoolSize,
                sandboxToken, sandboxUmaDomain, sandboxCurrencies, workerPollMillis,
                Math.min(millis, MAX_WEBHOOK_TIMEOUT_MILLIS), walletBundleKey, passkeyRpId, passkeyOrigins,
                oidcIssuers, batchSize, concurrentBatches, concurrentQuoteBatches, httpWorkers);
    }

    /** Extra OIDC issuers and their JWKS URLs: {@code issuer=jwksUrl,issuer=jwksUrl}. */
    private static Map<String, String> issuers(String value) {
        Map<String, String> issuers = new LinkedHashMap<>();
        for (String pair : value.split(",")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                issuers.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
            }
        }
        return issuers;
    }

    private static int intValue(Map<String, String> env, String name, int fallback) {
        String v = env.get(name);
        if (v == null || v.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be an integer, got '" + v + "'");
        }
    }

    private static String blankToNull(String v) {
        return v == null || v.isBlank() ? null : v.trim();
    }
}
