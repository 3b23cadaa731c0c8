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
    private final JooqWebhookKeys keys = new JooqWebhookKeys(Fixtures.DB);
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
}
