package payments.adapter.persistence.store;

import payments.adapter.persistence.Fixtures;
import payments.adapter.persistence.store.JooqWebhookKeys;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import payments.core.id.PlatformId;
import payments.ports.driven.webhook.WebhookKeys.WebhookKey;

class JooqWebhookKeysTest {
    private final JooqWebhookKeys keys = new JooqWebhookKeys(Fixtures.DB, Fixtures.BOX);
    private final PlatformId platform = Fixtures.platform();
    private final Instant now = Fixtures.now();

    private WebhookKey key(int generation) {
        return new WebhookKey(platform, generation, "PEM " + generation, new byte[] {(byte) generation}, now, null);
    }

    @Test
    void a_generation_is_stored_once_and_the_newest_comes_first() {
        assertTrue(keys.insert(key(1)));
        assertFalse(keys.insert(key(1)), "another process made the first key");
        assertTrue(keys.insert(key(2)));

        var active = keys.active(platform, now);
        assertEquals(List.of(2, 1), active.stream().map(WebhookKey::generation).toList());
        assertArrayEquals(new byte[] {2}, active.get(0).privateKey());
        assertEquals(List.of(), keys.active(Fixtures.platform(), now));
    }

    @Test
    void a_retired_key_is_valid_until_its_time_which_only_comes_sooner() {
        keys.insert(key(1));
        keys.insert(key(2));
        keys.retireBelow(platform, 2, now.plusSeconds(60));
        keys.retireBelow(platform, 2, now.plusSeconds(600));

        assertEquals(List.of(2, 1), keys.active(platform, now.plusSeconds(59)).stream()
                .map(WebhookKey::generation).toList());
        assertEquals(List.of(2), keys.active(platform, now.plusSeconds(60)).stream()
                .map(WebhookKey::generation).toList());
    }

    @Test
    void a_private_key_is_sealed_at_rest_and_opens_only_under_its_master_key_in_its_own_row() throws Exception {
        byte[] secret = "a PKCS#8 private key, at least in spirit".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        keys.insert(new WebhookKey(platform, 1, "PEM", secret, now, null));

        byte[] stored;
        try (var c = payments.adapter.persistence.TestDatabase.connect();
             var q = c.prepareStatement("select private_key, sealed from webhook_keys where platform_id = ?")) {
            q.setObject(1, platform.value());
            var rs = q.executeQuery();
            assertTrue(rs.next());
            stored = rs.getBytes(1);
            assertTrue(rs.getBoolean(2));
        }

        assertFalse(new String(stored, java.nio.charset.StandardCharsets.ISO_8859_1).contains("PKCS#8"),
                "what a reader of the database sees is not the key");
        assertArrayEquals(secret, keys.active(platform, now).get(0).privateKey());
        var otherKey = payments.adapter.persistence.secret.SecretBox.of(
                payments.adapter.persistence.secret.SecretBox.newMasterKey());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> otherKey.open(stored,
                payments.adapter.persistence.secret.Sealing.webhookKey(platform.value(), 1)));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> Fixtures.BOX.open(stored,
                payments.adapter.persistence.secret.Sealing.webhookKey(platform.value(), 2)), "another row's");
    }
}
