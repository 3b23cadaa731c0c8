package payments.adapter.persistence.store;

import payments.adapter.persistence.JsonColumns;
import payments.adapter.persistence.Db;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.LOOKUPS;

import java.util.Optional;
import java.util.UUID;
import payments.core.id.PlatformId;
import payments.core.quote.Lookup;
import payments.ports.driven.quote.Lookups;

public final class JooqLookups implements Lookups {
    private final Db db;

    public JooqLookups(Db db) {
        this.db = db;
    }

    @Override
    public void insert(Lookup l) {
        db.ctx().insertInto(LOOKUPS)
                .set(LOOKUPS.PLATFORM_ID, l.platformId().value())
                .set(LOOKUPS.ID, l.id())
                .set(LOOKUPS.RECEIVER, l.receiver())
                .set(LOOKUPS.SUPPORTED_CURRENCIES, JsonColumns.write(l.supportedCurrencies()))
                .set(LOOKUPS.REQUIRED_PAYER_FIELDS, JsonColumns.write(l.requiredPayerDataFields()))
                .set(LOOKUPS.CREATED_AT, utc(l.createdAt()))
                .execute();
    }

    @Override
    public Optional<Lookup> find(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(LOOKUPS)
                .where(LOOKUPS.PLATFORM_ID.eq(platform.value()).and(LOOKUPS.ID.eq(id)))
                .fetchOptional()
                .map(r -> new Lookup(r.getId(), new PlatformId(r.getPlatformId()), r.getReceiver(),
                        JsonColumns.readList(JsonColumns.readAny(r.getSupportedCurrencies())),
                        JsonColumns.readList(JsonColumns.readAny(r.getRequiredPayerFields())),
                        r.getCreatedAt().toInstant()));
    }
}
