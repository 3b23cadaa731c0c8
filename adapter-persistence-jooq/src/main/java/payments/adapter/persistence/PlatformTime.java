package payments.adapter.persistence;

import static payments.adapter.persistence.schema.Tables.SANDBOX_CLOCKS;

import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
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
 * platform and the due time serves each). A single condition bounded by the largest offset would read every pending
 * row of every platform once any sandbox clock moved past their due times (docs/PERFORMANCE.md).
 */
public final class PlatformTime {
    private PlatformTime() {
    }

    /** A query of the table's due rows (ordered by due time, limited and locked), given the condition they are due. */
    public interface DueQuery {
        Select<?> build(DSLContext ctx, Condition due);
    }

    /**
     * The two statements of a query over every platform's due rows: {@link #byRealTime} for the rows due by real
     * time; {@link #byClockAhead} for the rows due by a clock that runs ahead and not by real time (so the passes
     * never return the same row). The second picks its candidates without locking, the {@code perClock} earliest of
     * each clock ahead that {@code claimable} admits, through a lateral join (each through its platform's index
     * range); the query then locks only the rows it returns, checking each against its platform's clock again, so
     * {@code perClock} should exceed the rows the query returns (some candidates may be locked by other processes).
     * Both take the same values.
     */
    public record DuePasses(Statement byRealTime, Statement byClockAhead) {
        public static DuePasses of(Table<?> table, Field<UUID> platformId, Field<UUID> id, Condition claimable,
                            Field<OffsetDateTime> dueAt, Field<OffsetDateTime> realNow, Field<Integer> perClock,
                            DueQuery query) {
            return new DuePasses(Statement.query(ctx -> query.build(ctx, dueAt.le(realNow))), Statement.query(ctx -> {
                var clock = SANDBOX_CLOCKS;
                Table<?> due = DSL.lateral(ctx.select(platformId, id).from(table)
                        .where(platformId.eq(clock.PLATFORM_ID).and(claimable).and(dueAt.gt(realNow))
                                .and(dueAt.le(plus(realNow, clock.OFFSET_SECONDS))))
                        .orderBy(dueAt).limit(perClock).asTable("due"));
                var candidates = ctx.select(due.field(platformId), due.field(id)).from(clock.crossJoin(due))
                        .where(clock.OFFSET_SECONDS.gt(0L));
                return query.build(ctx, DSL.row(platformId, id).in(candidates).and(dueAt.gt(realNow))
                        .and(dueAt.le(now(platformId, realNow))));
            }));
        }

        /** The first row of a query limited to one: the first pass's, else the second's. */
        public Optional<Record> fetchOptional(Db db, Object... values) {
            return byRealTime.fetchOptional(db, values).or(() -> byClockAhead.fetchOptional(db, values));
        }
    }

    /**
     * Whether {@code dueAt} has come by the clock of one platform, named by a placeholder or a value (not a column):
     * the platform's now is then computed once, and bounds an index range on the platform and the due time.
     */
    public static Condition reachedBy(Field<UUID> platform, Field<OffsetDateTime> dueAt, Field<OffsetDateTime> realNow) {
        return dueAt.le(now(platform, realNow));
    }

    public static Field<OffsetDateTime> now(Field<UUID> platformId, Field<OffsetDateTime> realNow) {
        var offset = DSL.coalesce(DSL.select(SANDBOX_CLOCKS.OFFSET_SECONDS).from(SANDBOX_CLOCKS)
                .where(SANDBOX_CLOCKS.PLATFORM_ID.eq(platformId)).asField(), DSL.inline(0L));
        return plus(realNow, offset);
    }

    private static Field<OffsetDateTime> plus(Field<OffsetDateTime> realNow, Field<?> offsetSeconds) {
        return DSL.field("{0} + make_interval(secs => {1})", SQLDataType.TIMESTAMPWITHTIMEZONE, realNow,
                offsetSeconds.cast(SQLDataType.DOUBLE));
    }
}
