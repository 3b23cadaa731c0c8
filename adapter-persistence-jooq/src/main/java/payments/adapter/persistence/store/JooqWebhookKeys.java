package payments.adapter.persistence.store;

import payments.adapter.persistence.Db;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.WEBHOOK_KEYS;

import java.time.Instant;
import java.util.List;
import payments.adapter.persistence.schema.tables.records.WebhookKeysRecord;
import payments.adapter.persistence.secret.Sealing;
import payments.adapter.persistence.secret.SecretBox;
import payments.core.id.PlatformId;
import payments.ports.driven.webhook.WebhookKeys;

/** WebhookKeys; the private keys sealed under the master key ({@link SecretBox}). */
public final class JooqWebhookKeys implements WebhookKeys {
    private final Db db;
    private final SecretBox box;

    public JooqWebhookKeys(Db db, SecretBox box) {
        this.db = db;
        this.box = box;
    }

    @Override
    public List<WebhookKey> active(PlatformId platform, Instant now) {
        return db.ctx().selectFrom(WEBHOOK_KEYS)
                .where(WEBHOOK_KEYS.PLATFORM_ID.eq(platform.value())
                        .and(WEBHOOK_KEYS.RETIRES_AT.isNull().or(WEBHOOK_KEYS.RETIRES_AT.gt(utc(now)))))
                .orderBy(WEBHOOK_KEYS.GENERATION.desc())
                .fetch(this::toKey);
    }

    @Override
    public boolean insert(WebhookKey key) {
        return db.ctx().insertInto(WEBHOOK_KEYS)
                .set(WEBHOOK_KEYS.PLATFORM_ID, key.platform().value())
                .set(WEBHOOK_KEYS.GENERATION, key.generation())
                .set(WEBHOOK_KEYS.PUBLIC_KEY_PEM, key.publicKeyPem())
                .set(WEBHOOK_KEYS.PRIVATE_KEY, box.seal(key.privateKey(),
                        Sealing.webhookKey(key.platform().value(), key.generation())))
                .set(WEBHOOK_KEYS.SEALED, true)
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

    private WebhookKey toKey(WebhookKeysRecord r) {
        byte[] privateKey = box.read(r.getPrivateKey(), r.getSealed(),
                Sealing.webhookKey(r.getPlatformId(), r.getGeneration()));
        return new WebhookKey(new PlatformId(r.getPlatformId()), r.getGeneration(), r.getPublicKeyPem(),
                privateKey, r.getCreatedAt().toInstant(),
                r.getRetiresAt() == null ? null : r.getRetiresAt().toInstant());
    }
}
