package payments.adapter.persistence;

import static payments.adapter.persistence.schema.Tables.SANDBOX_CLOCKS;

import java.time.OffsetDateTime;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/**
 * A platform's "now" in SQL, for queries over many platforms (due jobs, due webhooks): real time plus the sandbox
 * clock's offset of the row's platform, as {@code PlatformClock} computes it in Java. The real time is a field: a
 * statement's placeholder, since the queries that use it are rendered once.
 */
final class PlatformTime {
    private PlatformTime() {
    }

    /**
     * Whether {@code dueAt} has come by the clock of the row's platform at the real time {@code realNow}. It reads
     * {@link #latest} first, which an index on {@code dueAt} can use, then the row's own platform's time.
     */
    static Condition reached(Field<OffsetDateTime> dueAt, Field<UUID> platformId, Field<OffsetDateTime> realNow) {
        return dueAt.le(latest(realNow)).and(dueAt.le(now(platformId, realNow)));
    }

    /**
     * The latest "now" of any platform: real time plus the largest sandbox offset. An index range on a due time
     * ends here, so a query for due rows reads only rows that may be due instead of every pending one (the
     * per-platform condition, {@link #now}, still decides each row).
     */
    private static Field<OffsetDateTime> latest(Field<OffsetDateTime> realNow) {
        var offset = DSL.coalesce(DSL.select(DSL.max(SANDBOX_CLOCKS.OFFSET_SECONDS)).from(SANDBOX_CLOCKS).asField(),
                DSL.inline(0L));
        return plus(realNow, offset);
    }

    static Field<OffsetDateTime> now(Field<UUID> platformId, Field<OffsetDateTime> realNow) {
        var offset = DSL.coalesce(DSL.select(SANDBOX_CLOCKS.OFFSET_SECONDS).from(SANDBOX_CLOCKS)
                .where(SANDBOX_CLOCKS.PLATFORM_ID.eq(platformId)).asField(), DSL.inline(0L));
        return plus(realNow, offset);
    }

    private static Field<OffsetDateTime> plus(Field<OffsetDateTime> realNow, Field<?> offsetSeconds) {
        return DSL.field("{0} + make_interval(secs => {1})", SQLDataType.TIMESTAMPWITHTIMEZONE, realNow,
                offsetSeconds.cast(SQLDataType.DOUBLE));
    }
}
