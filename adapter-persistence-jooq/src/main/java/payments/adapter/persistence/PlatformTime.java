package payments.adapter.persistence;

import static payments.adapter.persistence.schema.Tables.SANDBOX_CLOCKS;

import java.time.OffsetDateTime;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Select;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/**
 * A platform's "now" in SQL, for the queries of due rows (jobs, expired quotes, webhook events): real time plus the
 * sandbox clock's offset of the row's platform, as {@code PlatformClock} computes it in Java. The real time is a
 * field: a statement's placeholder, since the queries that use it are rendered once.
 * <p>
 * A query over every platform runs in two passes ({@link DuePasses}), so that no poll reads the rows that are not
 * due: first the rows due by real time, which are due for every platform since a sandbox clock only runs ahead;
 * then the rows of the platforms whose clocks run ahead, each platform's by its own clock (an index on the
 * platform and the due time serves each). A single condition bounded by the largest offset read every pending row
 * of every platform once any sandbox clock had moved past their due times (65–71 ms a poll with 100,000 pending
 * quotes: docs/PERFORMANCE.md, session 12).
 */
final class PlatformTime {
    private PlatformTime() {
    }

    /** A query of the table's due rows (ordered by due time, limited and locked), given the condition they are due. */
    interface DueQuery {
        Select<?> build(DSLContext ctx, Condition due);
    }

    /**
     * The two statements of a query over every platform's due rows: {@link #byRealTime} for the rows due by real
     * time; {@link #byClockAhead} runs the query once per clock that runs ahead (a lateral join, so each reads its
     * platform's rows through their index) for the rows due by it and not by real time, so the passes never return
     * the same row. Both take the same values; the second returns at most {@code limit} of its queries' rows, by due
     * time.
     */
    record DuePasses(Statement byRealTime, Statement byClockAhead) {
        static DuePasses of(Field<UUID> platformId, Field<OffsetDateTime> dueAt, Field<OffsetDateTime> realNow,
                            Field<Integer> limit, DueQuery query) {
            return new DuePasses(Statement.query(ctx -> query.build(ctx, dueAt.le(realNow))), Statement.query(ctx -> {
                var clock = SANDBOX_CLOCKS;
                Table<?> due = DSL.lateral(query.build(ctx, platformId.eq(clock.PLATFORM_ID).and(dueAt.gt(realNow))
                        .and(dueAt.le(plus(realNow, clock.OFFSET_SECONDS)))).asTable("due"));
                return ctx.select(due.fields()).from(clock.crossJoin(due)).where(clock.OFFSET_SECONDS.gt(0L))
                        .orderBy(due.field(dueAt)).limit(limit);
            }));
        }
    }

    /**
     * Whether {@code dueAt} has come by the clock of one platform, named by a placeholder or a value (not a column):
     * the platform's now is then computed once, and bounds an index range on the platform and the due time.
     */
    static Condition reachedBy(Field<UUID> platform, Field<OffsetDateTime> dueAt, Field<OffsetDateTime> realNow) {
        return dueAt.le(now(platform, realNow));
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
