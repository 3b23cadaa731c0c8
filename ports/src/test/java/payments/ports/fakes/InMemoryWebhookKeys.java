package payments.ports.fakes;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import payments.core.id.PlatformId;
import payments.ports.driven.webhook.WebhookKeys;

/** Keys with the table's rule: one key per (platform, generation). */
public final class InMemoryWebhookKeys implements WebhookKeys {
    private final List<WebhookKey> keys = new ArrayList<>();

    @Override
    public List<WebhookKey> active(PlatformId platform, Instant now) {
        return keys.stream()
                .filter(k -> k.platform().equals(platform))
                .filter(k -> k.retiresAt() == null || k.retiresAt().isAfter(now))
                .sorted(Comparator.comparingInt(WebhookKey::generation).reversed())
                .toList();
    }

    @Override
    public boolean insert(WebhookKey key) {
        if (keys.stream().anyMatch(k -> k.platform().equals(key.platform())
                && k.generation() == key.generation())) {
            return false;
        }
        keys.add(key);
        return true;
    }

    @Override
    public void retireBelow(PlatformId platform, int generation, Instant at) {
        keys.replaceAll(k -> !k.platform().equals(platform) || k.generation() >= generation
                || (k.retiresAt() != null && !k.retiresAt().isAfter(at)) ? k
                : new WebhookKey(k.platform(), k.generation(), k.publicKeyPem(), k.privateKey(), k.createdAt(), at));
    }
}
