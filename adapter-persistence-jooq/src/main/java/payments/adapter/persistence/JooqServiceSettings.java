package payments.adapter.persistence;

import static payments.adapter.persistence.schema.Tables.SERVICE_SETTINGS;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.function.Supplier;

/**
 * Settings of the whole service (not of a platform) that every process must agree on, such as a generated signing
 * key: the first process to start stores its value, the others read it.
 */
public final class JooqServiceSettings {
    private final Db db;

    public JooqServiceSettings(Db db) {
        this.db = db;
    }

    public String getOrCreate(String name, Supplier<String> initial) {
        return db.inTransaction(() -> {
            db.ctx().insertInto(SERVICE_SETTINGS)
                    .set(SERVICE_SETTINGS.NAME, name)
                    .set(SERVICE_SETTINGS.VALUE, initial.get())
                    .set(SERVICE_SETTINGS.CREATED_AT, OffsetDateTime.now(ZoneOffset.UTC))
                    .onConflictDoNothing()
                    .execute();
            return db.ctx().select(SERVICE_SETTINGS.VALUE).from(SERVICE_SETTINGS)
                    .where(SERVICE_SETTINGS.NAME.eq(name)).fetchOne(SERVICE_SETTINGS.VALUE);
        });
    }
}
