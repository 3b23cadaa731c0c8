package payments.adapter.persistence.store;

import payments.adapter.persistence.Db;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.SANDBOX_CLOCKS;

import java.time.Instant;
import payments.core.id.PlatformId;
import payments.ports.driven.platform.SandboxClocks;

/** The sandbox clocks' offsets; read with their platforms' rows ({@link JooqPlatforms#withClock}). */
public final class JooqSandboxClocks implements SandboxClocks {
    private final Db db;

    public JooqSandboxClocks(Db db) {
        this.db = db;
    }

    @Override
    public long offsetSeconds(PlatformId platform) {
        return JooqPlatforms.withClock(db, platform).clockOffsetSeconds();
    }

    @Override
    public long advance(PlatformId platform, long seconds, Instant now) {
        JooqPlatforms.forget(db, platform);
        return db.ctx().insertInto(SANDBOX_CLOCKS)
                .set(SANDBOX_CLOCKS.PLATFORM_ID, platform.value())
                .set(SANDBOX_CLOCKS.OFFSET_SECONDS, seconds)
                .set(SANDBOX_CLOCKS.UPDATED_AT, utc(now))
                .onConflict(SANDBOX_CLOCKS.PLATFORM_ID)
                .doUpdate()
                .set(SANDBOX_CLOCKS.OFFSET_SECONDS, SANDBOX_CLOCKS.OFFSET_SECONDS.plus(seconds))
                .set(SANDBOX_CLOCKS.UPDATED_AT, utc(now))
                .returning(SANDBOX_CLOCKS.OFFSET_SECONDS)
                .fetchOne(SANDBOX_CLOCKS.OFFSET_SECONDS);
    }
}
