package payments.adapter.persistence;

import static payments.adapter.persistence.schema.Tables.SERVICE_SETTINGS;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.function.Supplier;
import payments.adapter.persistence.secret.Sealing;
import payments.adapter.persistence.secret.SecretBox;

/**
 * Settings of the whole service (not of a platform) that every process must agree on, such as a generated signing
 * key: the first process to start stores its value, the others read it. Values are sealed under the master key.
 */
public final class JooqServiceSettings {
    private final Db db;
    private final SecretBox box;

    public JooqServiceSettings(Db db, SecretBox box) {
        this.db = db;
        this.box = box;
    }

    public String getOrCreate(String name, Supplier<String> initial) {
        return db.inTransaction(() -> {
            db.ctx().insertInto(SERVICE_SETTINGS)
                    .set(SERVICE_SETTINGS.NAME, name)
                    .set(SERVICE_SETTINGS.VALUE, Sealing.sealSetting(box, name, initial.get()))
                    .set(SERVICE_SETTINGS.SEALED, true)
                    .set(SERVICE_SETTINGS.CREATED_AT, OffsetDateTime.now(ZoneOffset.UTC))
                    .onConflictDoNothing()
                    .execute();
            var row = db.ctx().select(SERVICE_SETTINGS.VALUE, SERVICE_SETTINGS.SEALED).from(SERVICE_SETTINGS)
                    .where(SERVICE_SETTINGS.NAME.eq(name)).fetchOne();
            return Sealing.readSetting(box, name, row.value1(), row.value2());
        });
    }
}
