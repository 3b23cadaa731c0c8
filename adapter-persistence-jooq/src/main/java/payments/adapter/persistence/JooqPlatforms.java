package payments.adapter.persistence;

import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.PLATFORMS;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import payments.adapter.persistence.schema.tables.records.PlatformsRecord;
import payments.core.common.PlatformId;
import payments.core.platform.Environment;
import payments.core.platform.Platform;
import payments.core.platform.PlatformConfig;
import payments.ports.driven.Platforms;

public final class JooqPlatforms implements Platforms {
    private static final Statement FIND = Statement.byKey(PLATFORMS, PLATFORMS.PLATFORM_ID);
    private final Db db;

    /** The key of a platform's row among a transaction's {@link Db#readOnce} reads. */
    private record PlatformRow(PlatformId id) {
    }

    public JooqPlatforms(Db db) {
        this.db = db;
    }

    @Override
    public Optional<Platform> find(PlatformId id) {
        return db.readOnce(new PlatformRow(id), () -> FIND.fetchOptional(db, id.value())
                .map(r -> toPlatform(r.into(PLATFORMS))));
    }

    @Override
    public void insert(Platform p) {
        db.forget(new PlatformRow(p.id()));
        try {
            insertRow(p);
        } catch (org.jooq.exception.DataAccessException e) {
            if (UniqueViolation.constraintOf(e).isPresent()) {
                throw new payments.core.common.Conflict("CONFLICT", "Platform " + p.id() + " already exists");
            }
            throw e;
        }
    }

    private void insertRow(Platform p) {
        db.ctx().insertInto(PLATFORMS)
                .set(PLATFORMS.PLATFORM_ID, p.id().value())
                .set(PLATFORMS.NAME, p.name())
                .set(PLATFORMS.ENVIRONMENT, p.environment().name())
                .set(PLATFORMS.CONFIG, JsonColumns.write(configJson(p.config())))
                .set(PLATFORMS.CREATED_AT, utc(p.createdAt()))
                .set(PLATFORMS.UPDATED_AT, utc(p.updatedAt()))
                .execute();
    }

    @Override
    public void update(Platform p) {
        db.forget(new PlatformRow(p.id()));
        db.ctx().update(PLATFORMS)
                .set(PLATFORMS.CONFIG, JsonColumns.write(configJson(p.config())))
                .set(PLATFORMS.UPDATED_AT, utc(p.updatedAt()))
                .where(PLATFORMS.PLATFORM_ID.eq(p.id().value()))
                .execute();
    }

    private static Map<String, Object> configJson(PlatformConfig c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("umaDomain", c.umaDomain());
        m.put("proxyUmaSubdomain", c.proxyUmaSubdomain());
        m.put("webhookEndpoint", c.webhookEndpoint());
        m.put("supportedCurrencies", c.supportedCurrencies());
        m.put("isRegulatedFinancialInstitution", c.regulatedFinancialInstitution());
        m.put("embeddedWalletConfig", c.embeddedWalletConfig());
        m.put("cardTokenization2faConfig", c.cardTokenization2faConfig());
        m.put("feeConfigs", c.feeConfigs());
        return m;
    }

    @SuppressWarnings("unchecked")
    private static Platform toPlatform(PlatformsRecord r) {
        Map<String, Object> m = JsonColumns.readObject(r.getConfig());
        PlatformConfig config = new PlatformConfig((String) m.get("umaDomain"), (String) m.get("proxyUmaSubdomain"),
                (String) m.get("webhookEndpoint"), JsonColumns.readList(m.get("supportedCurrencies")),
                Boolean.TRUE.equals(m.get("isRegulatedFinancialInstitution")),
                (Map<String, Object>) m.get("embeddedWalletConfig"),
                (Map<String, Object>) m.get("cardTokenization2faConfig"),
                m.get("feeConfigs") == null ? List.of() : JsonColumns.readList(m.get("feeConfigs")));
        return new Platform(new PlatformId(r.getPlatformId()), r.getName(), Environment.valueOf(r.getEnvironment()),
                config, r.getCreatedAt().toInstant(), r.getUpdatedAt().toInstant());
    }
}
