package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigTest {
    @Test
    void the_defaults_are_the_readmes() {
        Config config = Config.fromEnvironment(Map.of());

        assertEquals(8080, config.port());
        assertEquals(16, config.databasePoolSize());
        assertEquals(250, config.workerPollMillis());
        assertEquals(10_000, config.webhooks().timeoutMillis());
        assertEquals("sandbox.uma.money", config.sandboxUmaDomain());
        assertEquals(List.of("http://localhost:8080", "https://localhost"), config.passkeyOrigins());
        assertEquals(Map.of(), config.oidcIssuers());
        assertEquals(30_000, config.http().receiveMillis());
        assertEquals(payments.core.webhook.EndpointPolicy.DEFAULT, config.webhookPolicy());
        assertEquals(List.of(payments.core.webhook.Network.parse("10.8.0.0/16")), Config.fromEnvironment(
                Map.of("PAYMENTS_WEBHOOK_ALLOWED_NETWORKS", " 10.8.0.0/16 ")).webhookPolicy().allowed());
        assertEquals("sandbox.uma.money", Config.fromEnvironment(Map.of("PAYMENTS_SANDBOX_UMA_DOMAIN", " "))
                .sandboxUmaDomain(), "blank is unset, as for every variable");
    }

    @Test
    void a_value_out_of_its_range_is_refused_at_start_naming_its_variable() {
        // Each is refused at once, not taken silently (a batch size of 0 as 1, a 60 s timeout as 30 s, issuers
        // without '=' dropped) nor left to fail later without the variable's name (a poll of 0, a short key).
        for (var bad : List.of(Map.of("PAYMENTS_PORT", "70000"), Map.of("PAYMENTS_PORT", "-1"),
                Map.of("PAYMENTS_PORT", "eighty"), Map.of("PAYMENTS_DATABASE_POOL_SIZE", "0"),
                Map.of("PAYMENTS_WORKER_POLL_MILLIS", "0"), Map.of("PAYMENTS_WEBHOOK_TIMEOUT_MILLIS", "0"),
                Map.of("PAYMENTS_WEBHOOK_TIMEOUT_MILLIS", "60000"), Map.of("PAYMENTS_BATCH_SIZE", "0"),
                Map.of("PAYMENTS_CONCURRENT_BATCHES", "0"), Map.of("PAYMENTS_HTTP_WORKERS", "1"),
                Map.of("PAYMENTS_WALLET_BUNDLE_KEY", "abc"), Map.of("PAYMENTS_WALLET_BUNDLE_KEY", "ab".repeat(31)),
                Map.of("PAYMENTS_WALLET_BUNDLE_KEY", "ab".repeat(32) + "a"),
                Map.of("PAYMENTS_OIDC_ISSUERS", "https://issuer.example"),
                Map.of("PAYMENTS_SANDBOX_UMA_DOMAIN", "not a domain"),
                Map.of("PAYMENTS_WEBHOOK_ALLOWED_NETWORKS", "10.0.0.0/8,intranet"),
                Map.of("PAYMENTS_WEBHOOK_SANDBOX_PRIVATE", "yes"),
                Map.of("PAYMENTS_HTTP_RECEIVE_TIMEOUT_MILLIS", "10"), Map.of("PAYMENTS_LOG_FORMAT", "xml"),
                Map.of("PAYMENTS_MASTER_KEY", "ab".repeat(31)))) {
            var refused = assertThrows(IllegalArgumentException.class, () -> Config.fromEnvironment(bad),
                    bad.toString());
            String variable = bad.keySet().iterator().next();
            assertTrue(refused.getMessage().startsWith(variable + " must be"), refused.getMessage());
        }
    }

    @Test
    void lists_are_read_entry_by_entry() {
        Config config = Config.fromEnvironment(Map.of(
                "PAYMENTS_PASSKEY_ORIGINS", " https://app.example , https://www.app.example ",
                "PAYMENTS_OIDC_ISSUERS", "https://id.example=https://id.example/jwks, ",
                "PAYMENTS_WALLET_BUNDLE_KEY", "ab".repeat(32)));

        assertEquals(List.of("https://app.example", "https://www.app.example"), config.passkeyOrigins());
        assertEquals(Map.of("https://id.example", "https://id.example/jwks"), config.oidcIssuers());
        assertEquals("ab".repeat(32), config.walletBundleKey());
        assertEquals("cd".repeat(64), Config.fromEnvironment(Map.of("PAYMENTS_WALLET_BUNDLE_KEY", "cd".repeat(64)))
                .walletBundleKey(), "a longer seed, as taken before, is kept");
    }

    @Test
    void printed_settings_show_no_secret() {
        String key = "cd".repeat(32);
        Config config = Config.fromEnvironment(Map.of("PAYMENTS_MASTER_KEY", key, "PAYMENTS_DATABASE_PASSWORD",
                "hunter2-password", "PAYMENTS_WALLET_BUNDLE_KEY", "ef".repeat(32)));

        assertEquals(key, config.masterKey());
        assertTrue(!config.toString().contains(key) && !config.toString().contains("hunter2")
                && !config.toString().contains("ef".repeat(32)), config.toString());
    }
}
