package payments.adapter.persistence;

import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.SANDBOX_CLOCKS;

import java.time.Instant;
import payments.core.common.PlatformId;
import payments.ports.driven.SandboxClocks;

public final class JooqSandboxClocks implements SandboxClocks {
    private static final Statement OFFSET = Statement.query(ctx -> ctx.select(SANDBOX_CLOCKS.OFFSET_SECONDS)
            .from(SANDBOX_CLOCKS).where(SANDBOX_CLOCKS.PLATFORM_ID.eq(Statement.param(SANDBOX_CLOCKS.PLATFORM_ID))));
    private final Db db;

    /** The key of a platform's clock offset among a transaction's {@link Db#readOnce} reads. */
    private record ClockOf(PlatformId platform) {
    }

    public JooqSandboxClocks(Db db) {
        this.db = db;
    }

    @Override
    public long offsetSeconds(PlatformId platform) {
        return db.readOnce(new ClockOf(platform), () -> OFFSET.fetchOptional(db, platform.value())
                .map(r -> r.get(SANDBOX_CLOCKS.OFFSET_SECONDS)).orElse(0L));
    }

    @Override
    public long advance(PlatformId platform, long seconds, Instant now) {
        db.forget(new ClockOf(platform));
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
