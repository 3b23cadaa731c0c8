package payments.adapter.persistence.store;

import payments.adapter.persistence.Db;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.WEBHOOK_KEYS;

import java.time.Instant;
import java.util.List;
import payments.adapter.persistence.schema.tables.records.WebhookKeysRecord;
import payments.core.id.PlatformId;
import payments.ports.driven.webhook.WebhookKeys;

public final class JooqWebhookKeys implements WebhookKeys {
    private final Db db;

    public JooqWebhookKeys(Db db) {
        this.db = db;
    }

    @Override
    public List<WebhookKey> active(PlatformId platform, Instant now) {
        return db.ctx().selectFrom(WEBHOOK_KEYS)
                .where(WEBHOOK_KEYS.PLATFORM_ID.eq(platform.value())
                        .and(WEBHOOK_KEYS.RETIRES_AT.isNull().or(WEBHOOK_KEYS.RETIRES_AT.gt(utc(now)))))
                .orderBy(WEBHOOK_KEYS.GENERATION.desc())
                .fetch(JooqWebhookKeys::toKey);
    }

    @Override
    public boolean insert(WebhookKey key) {
        return db.ctx().insertInto(WEBHOOK_KEYS)
                .set(WEBHOOK_KEYS.PLATFORM_ID, key.platform().value())
                .set(WEBHOOK_KEYS.GENERATION, key.generation())
                .set(WEBHOOK_KEYS.PUBLIC_KEY_PEM, key.publicKeyPem())
                .set(WEBHOOK_KEYS.PRIVATE_KEY, key.privateKey())
                .set(WEBHOOK_KEYS.CREATED_AT, utc(key.createdAt()))
                .set(WEBHOOK_KEYS.RETIRES_AT, utc(key.retiresAt()))
                .onConflictDoNothing()
                .execute() == 1;
    }

    @Override
    public void retireBelow(PlatformId platform, int generation, Instant at) {
        db.ctx().update(WEBHOOK_KEYS)
                .set(WEBHOOK_KEYS.RETIRES_AT, utc(at))
                .where(WEBHOOK_KEYS.PLATFORM_ID.eq(platform.value())
                        .and(WEBHOOK_KEYS.GENERATION.lt(generation))
                        .and(WEBHOOK_KEYS.RETIRES_AT.isNull().or(WEBHOOK_KEYS.RETIRES_AT.gt(utc(at)))))
                .execute();
    }

    private static WebhookKey toKey(WebhookKeysRecord r) {
        return new WebhookKey(new PlatformId(r.getPlatformId()), r.getGeneration(), r.getPublicKeyPem(),
                r.getPrivateKey(), r.getCreatedAt().toInstant(),
                r.getRetiresAt() == null ? null : r.getRetiresAt().toInstant());
    }
}
