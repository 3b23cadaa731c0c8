package payments.adapter.persistence;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.RecordMapper;
import org.jooq.SelectFieldOrAsterisk;
import org.jooq.TableLike;
import org.jooq.impl.DSL;
import payments.core.page.Page;
import payments.core.page.PageCursor;
import payments.core.page.PageRequest;

/**
 * Cursor pages ordered by (created_at, id), newest first unless asked otherwise: one query for the page (fetching one row more than asked
 * to learn whether another page exists) and one count of all matches.
 */
public final class Keyset {
    private Keyset() {
    }

    public static <T> Page<T> page(DSLContext ctx, TableLike<?> from, SelectFieldOrAsterisk[] fields,
                            Field<OffsetDateTime> createdAt, Field<UUID> id, Condition filter, PageRequest page,
                            RecordMapper<Record, T> mapper) {
        return page(ctx, from, fields, createdAt, id, filter, page, false, mapper);
    }

    /** The same, oldest first when {@code ascending}. */
    public static <T> Page<T> page(DSLContext ctx, TableLike<?> from, SelectFieldOrAsterisk[] fields,
                            Field<OffsetDateTime> createdAt, Field<UUID> id, Condition filter, PageRequest page,
                            boolean ascending, RecordMapper<Record, T> mapper) {
        Condition after = filter;
        if (page.cursor() != null) {
            var position = DSL.row(createdAt, id);
            var cursor = DSL.row(utc(page.cursor().createdAt()), page.cursor().id());
            after = filter.and(ascending ? position.gt(cursor) : position.lt(cursor));
        }
        var order = ascending ? List.of(createdAt.asc(), id.asc()) : List.of(createdAt.desc(), id.desc());
        List<Record> rows = ctx.select(fields).from(from).where(after).orderBy(order)
                .limit(page.limit() + 1).fetch();
        boolean hasMore = rows.size() > page.limit();
        List<Record> shown = hasMore ? rows.subList(0, page.limit()) : rows;
        PageCursor next = null;
        if (hasMore) {
            Record last = shown.get(shown.size() - 1);
            next = new PageCursor(last.get(createdAt).toInstant(), last.get(id));
        }
        long total = ctx.selectCount().from(from).where(filter).fetchOne(0, long.class);
        return new Page<>(shown.stream().map(mapper::map).toList(), hasMore, next, total);
    }

    public static OffsetDateTime utc(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    /** The inverse of {@link #utc}, for nullable timestamp columns. */
    public static Instant instant(OffsetDateTime t) {
        return t == null ? null : t.toInstant();
    }
}
