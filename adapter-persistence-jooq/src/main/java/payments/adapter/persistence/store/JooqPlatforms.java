package payments.adapter.persistence.store;

import payments.adapter.persistence.UniqueViolation;
import payments.adapter.persistence.JsonColumns;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Statement;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.PLATFORMS;
import static payments.adapter.persistence.schema.Tables.SANDBOX_CLOCKS;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jooq.Field;
import org.jooq.impl.DSL;
import payments.adapter.persistence.schema.tables.records.PlatformsRecord;
import payments.core.id.PlatformId;
import payments.core.platform.Environment;
import payments.core.platform.Platform;
import payments.core.platform.PlatformConfig;
import payments.ports.driven.platform.Platforms;

public final class JooqPlatforms implements Platforms {
    private static final Field<Long> CLOCK_OFFSET = DSL.coalesce(SANDBOX_CLOCKS.OFFSET_SECONDS, 0L)
            .as(SANDBOX_CLOCKS.OFFSET_SECONDS.getName());
    private static final Statement FIND_WITH_CLOCK = Statement.query(ctx -> ctx.select(PLATFORMS.fields())
            .select(CLOCK_OFFSET)
            .from(PLATFORMS).leftJoin(SANDBOX_CLOCKS).on(SANDBOX_CLOCKS.PLATFORM_ID.eq(PLATFORMS.PLATFORM_ID))
            .where(PLATFORMS.PLATFORM_ID.eq(Statement.param(PLATFORMS.PLATFORM_ID))));
    private static final Statement FIND_FOR_UPDATE = Statement.byKeyForNoKeyUpdate(PLATFORMS, PLATFORMS.PLATFORM_ID);
    private final Db db;

    /**
     * A platform (empty when unknown) with its sandbox clock's offset in seconds (0 when never advanced): a payment
     * needs both (its webhook endpoint, its now), so they are one read ({@link #withClock}).
     */
    record WithClock(Optional<Platform> platform, long clockOffsetSeconds) {
    }

    /** The key of a platform's row and clock among a transaction's {@link Db#readOnce} reads. */
    private record PlatformRow(PlatformId id) {
    }

    public JooqPlatforms(Db db) {
        this.db = db;
    }

    @Override
    public Optional<Platform> find(PlatformId id) {
        return withClock(db, id).platform();
    }

    @Override
    public Optional<Platform> findForUpdate(PlatformId id) {
        forget(db, id); // a copy read earlier in the transaction was read without the lock
        return FIND_FOR_UPDATE.fetchOptional(db, id.value()).map(r -> toPlatform(r.into(PLATFORMS)));
    }

    /** The platform and its clock, read at most once per transaction ({@link JooqSandboxClocks} reads it too). */
    static WithClock withClock(Db db, PlatformId id) {
        return db.readOnce(new PlatformRow(id), () -> FIND_WITH_CLOCK.fetchOptional(db, id.value())
                .map(r -> new WithClock(Optional.of(toPlatform(r.into(PLATFORMS))), r.get(CLOCK_OFFSET)))
                .orElse(new WithClock(Optional.empty(), 0)));
    }

    /** After a write to the platform's row or its clock: the next {@link #withClock} reads them again. */
    static void forget(Db db, PlatformId id) {
        db.forget(new PlatformRow(id));
    }

    @Override
    public void insert(Platform p) {
        forget(db, p.id());
        try {
            insertRow(p);
        } catch (org.jooq.exception.DataAccessException e) {
            if (UniqueViolation.constraintOf(e).isPresent()) {
                throw new payments.core.error.Conflict("CONFLICT", "Platform " + p.id() + " already exists");
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
        forget(db, p.id());
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
        m.put("requireVerifiedCustomers", c.requireVerifiedCustomers());
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
                m.get("feeConfigs") == null ? List.of() : JsonColumns.readList(m.get("feeConfigs")),
                Boolean.TRUE.equals(m.get("requireVerifiedCustomers")));
        return new Platform(new PlatformId(r.getPlatformId()), r.getName(), Environment.valueOf(r.getEnvironment()),
                config, r.getCreatedAt().toInstant(), r.getUpdatedAt().toInstant());
    }
}
