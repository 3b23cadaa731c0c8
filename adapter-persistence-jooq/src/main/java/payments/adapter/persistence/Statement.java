package payments.adapter.persistence;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.jooq.DSLContext;
import org.jooq.DataType;
import org.jooq.Field;
import org.jooq.Param;
import org.jooq.Query;
import org.jooq.QueryPart;
import org.jooq.Record;
import org.jooq.ResultQuery;
import org.jooq.SQLDialect;
import org.jooq.Select;
import org.jooq.Table;
import org.jooq.conf.Settings;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/**
 * A statement of the payment path, written with jOOQ's typed DSL but rendered to SQL once, when it is declared, and
 * then run through JDBC on the unit of work's connection ({@link RoundTrip}): rendering a query costs more CPU than
 * PostgreSQL spends executing a short statement, and these run several times per payment. A statement takes one
 * value per placeholder name, in the order the names first appear in its SQL (a name used twice takes one value).
 * Inserts of many rows ({@link #writeAll}, {@link #insertAll}) wait for the transaction's next statement and travel
 * with it ({@link RoundTrip#defer}).
 */
public final class Statement {
    private static final DSLContext RENDER = DSL.using(SQLDialect.POSTGRES, new Settings().withRenderSchema(false));
    /**
     * A {@code :name} placeholder as jOOQ renders it (not the {@code ::} of a cast). An inlined constant holding
     * ":word" would look like one; the constructor checks the placeholders it found against the query's parameters.
     */
    private static final Pattern NAMED = Pattern.compile("(?<![:\\w]):[A-Za-z_][A-Za-z_0-9]*");

    private final String sql;
    /** For each JDBC placeholder, the index of the value it takes. */
    private final int[] slots;
    /** How many values the statement takes. */
    private final int arity;
    private final Field<?>[] fields;
    private final Field<?>[] columns;
    /** Whether each of {@link #columns} takes an array of every written row's values ({@link #updateRows}). */
    private final boolean arrays;
    /** For an {@link #insert}: the same insert of any number of rows, each column's values as one array. */
    private final Statement insertRows;

    private Statement(Query query, Field<?>[] fields, Field<?>[] columns) {
        this(query, fields, columns, false, null);
    }

    private Statement(Query query, Field<?>[] fields, Field<?>[] columns, boolean arrays, Statement insertRows) {
        // Placeholders become JDBC's "?"; every other value in the query is a constant, so it is inlined.
        String named = RENDER.renderNamedOrInlinedParams(query);
        List<String> names = new ArrayList<>();
        this.slots = NAMED.matcher(named).results().mapToInt(m -> {
            String name = m.group();
            if (!names.contains(name)) {
                names.add(name);
            }
            return names.indexOf(name);
        }).toArray();
        java.util.Set<String> declared = query.getParams().values().stream().map(Param::getParamName)
                .filter(java.util.Objects::nonNull).map(n -> ":" + n).collect(java.util.stream.Collectors.toSet());
        if (!declared.equals(new java.util.HashSet<>(names))) {
            throw new IllegalArgumentException("placeholders " + names + " differ from the parameters " + declared
                    + " in " + named);
        }
        this.arity = names.size();
        this.sql = NAMED.matcher(named).replaceAll("?");
        this.fields = fields;
        this.columns = columns;
        this.arrays = arrays;
        this.insertRows = insertRows;
    }

    /** A placeholder for a value bound at execution, named after the column it is compared with or stored in. */
    public static <T> Param<T> param(Field<T> like) {
        return param(like.getName(), like);
    }

    public static <T> Param<T> param(String name, Field<T> like) {
        return DSL.param(name, like.getDataType());
    }

    /** A statement without a result (or whose result is not read). */
    public static Statement of(Function<DSLContext, Query> query) {
        return new Statement(query.apply(RENDER), new Field<?>[0], new Field<?>[0]);
    }

    /**
     * A statement whose rows are read into the query's fields: for a select, the columns of its select list as
     * given (the generated tables' own instances). jOOQ's {@code fields()} of a select are the columns of it as a
     * derived table, which {@code record.get(TABLE.COLUMN)} and {@code record.into(TABLE)} then match by name,
     * column after column, for every value of every row, which would take most of a batch's reading CPU.
     */
    public static Statement query(Function<DSLContext, ResultQuery<?>> query) {
        ResultQuery<?> q = query.apply(RENDER);
        Field<?>[] fields = q instanceof Select<?> select && !select.getSelect().isEmpty()
                ? select.getSelect().toArray(Field<?>[]::new) : q.fields();
        return new Statement(q, fields, new Field<?>[0]);
    }

    /** Reads the row of {@code table} with these key values (in key order). */
    public static Statement byKey(Table<?> table, Field<?>... keys) {
        return query(ctx -> ctx.selectFrom(table).where(keyCondition(keys)));
    }

    /**
     * Reads the rows of {@code table} whose last key is any of an array of values (see {@link #anyOf}), the other
     * keys equal to one value each: for {@link #fetchAll}.
     */
    public static Statement byKeys(Table<?> table, Field<?>... keys) {
        Field<?>[] leading = Arrays.copyOf(keys, keys.length - 1);
        return query(ctx -> ctx.selectFrom(table).where(keyCondition(leading).and(anyOf(keys[keys.length - 1]))));
    }

    /**
     * {@code column = any(:column)}: the placeholder takes an array of values (a Java array of the column's type). The
     * array's type has no length: a cast to {@code varchar(255)[]} would silently cut a longer value to 255 characters.
     */
    public static <T> org.jooq.Condition anyOf(Field<T> column) {
        org.jooq.DataType<T> type = column.getDataType();
        if (type.hasLength()) {
            type = type.length(0);
        }
        return column.eq(DSL.any(DSL.param(column.getName(), type.getArrayDataType())));
    }

    /** {@link #byKeys}, locking the rows in the last key's order (so batches never deadlock) until the end. */
    public static Statement byKeysForUpdate(Table<?> table, Field<?>... keys) {
        Field<?>[] leading = Arrays.copyOf(keys, keys.length - 1);
        Field<?> last = keys[keys.length - 1];
        return query(ctx -> ctx.selectFrom(table).where(keyCondition(leading).and(anyOf(last))).orderBy(last)
                .forUpdate());
    }

    /** {@link #byKey}, locking the row until the transaction ends. */
    public static Statement byKeyForUpdate(Table<?> table, Field<?>... keys) {
        return query(ctx -> ctx.selectFrom(table).where(keyCondition(keys)).forUpdate());
    }

    /**
     * {@link #byKey}, locking the row against other changes until the transaction ends, but not against inserts of
     * rows that reference it (their foreign key's check takes a share lock that {@code FOR UPDATE} would block): for
     * rows that payments and accounts point to, such as a platform's or a customer's.
     */
    public static Statement byKeyForNoKeyUpdate(Table<?> table, Field<?>... keys) {
        return query(ctx -> ctx.selectFrom(table).where(keyCondition(keys)).forNoKeyUpdate());
    }

    private static org.jooq.Condition keyCondition(Field<?>... keys) {
        org.jooq.Condition where = DSL.noCondition();
        for (Field<?> key : keys) {
            where = where.and(equal(key));
        }
        return where;
    }

    /**
     * Inserts a row of {@code table} with values for exactly these columns, taken from a {@link Row}; many rows go as
     * one statement whatever their number ({@link #writeAll}: {@code insert ... select * from unnest(arrays)}), so
     * a sequence of such inserts always has the same SQL.
     */
    public static Statement insert(Table<?> table, Field<?>... columns) {
        List<QueryPart> parts = new ArrayList<>();
        String unnest = unnest(Arrays.asList(columns), parts);
        Statement rows = new Statement(RENDER.insertInto(table).columns(columns)
                .select(DSL.select(DSL.asterisk()).from(DSL.table(unnest, parts.toArray(QueryPart[]::new)))),
                new Field<?>[0], columns, true, null);
        return new Statement(RENDER.insertInto(table).columns(columns)
                .values(Arrays.stream(columns).map(Statement::param).toArray(Field[]::new)), new Field<?>[0], columns,
                false, rows);
    }

    /**
     * Updates every column of the row with these key columns (the keys are set to themselves, as jOOQ's
     * {@code update(table).set(record)} does), taking the values from a {@link Row}.
     */
    public static Statement update(Table<?> table, Field<?>... keys) {
        return updateColumns(table, keys, table.fields());
    }

    /**
     * Updates only {@code columns} of the row with these key columns, taking the values from a {@link Row}: for a row
     * whose other columns never change after its insert, so they are neither encoded nor sent nor parsed again.
     */
    public static Statement updateColumns(Table<?> table, Field<?>[] keys, Field<?>... columns) {
        Map<Field<?>, Field<?>> values = new LinkedHashMap<>();
        for (Field<?> column : columns) {
            values.put(column, param(column));
        }
        return new Statement(RENDER.update(table).set(values).where(keyCondition(keys)), new Field<?>[0],
                columnsThenKeys(keys, columns).toArray(Field<?>[]::new));
    }

    /**
     * {@link #updateColumns} of many rows in one statement (a key among the columns is matched, not set): each
     * column's values (keys too) travel as one array, as text cast to the column's type, unnested into rows that are
     * matched by their keys. {@link #update} with {@link #writeAll} runs one statement per row, each a round of
     * PostgreSQL's executor, which costs a batch more than one statement for all its rows (docs/PERFORMANCE.md).
     * The rows must be locked already (in key order), as every batch does before it writes, or two batches could
     * lock them in the unnest's order.
     */
    public static Statement updateRows(Table<?> table, Field<?>[] keys, Field<?>... columns) {
        return updateRows(table, keys, new Field<?>[0], columns);
    }

    /** {@link #updateRows} that returns {@code returning} of each row it updated ({@link #updateAllReturning}). */
    public static Statement updateRows(Table<?> table, Field<?>[] keys, Field<?>[] returning, Field<?>... columns) {
        List<Field<?>> bound = columnsThenKeys(keys, columns);
        List<QueryPart> parts = new ArrayList<>();
        String unnest = unnest(bound, parts);
        StringJoiner names = new StringJoiner(", ", " as v(", ")");
        for (Field<?> column : bound) {
            names.add("{" + parts.size() + "}");
            parts.add(DSL.name(column.getName()));
        }
        Map<Field<?>, Field<?>> values = new LinkedHashMap<>();
        Arrays.stream(columns).filter(c -> !Arrays.asList(keys).contains(c)).forEach(c -> values.put(c, unnested(c)));
        org.jooq.Condition where = DSL.noCondition();
        for (Field<?> key : keys) {
            where = where.and(sameAsUnnested(key));
        }
        var update = RENDER.update(table).set(values)
                .from(DSL.table(unnest + names, parts.toArray(QueryPart[]::new))).where(where);
        return new Statement(returning.length == 0 ? update : update.returning(returning), returning,
                bound.toArray(Field<?>[]::new), true, null);
    }

    /**
     * {@code unnest({0}, {1}, ...)}, one placeholder per column taking an array of its rows' values as text, cast to
     * the column's type (added to {@code parts}).
     */
    private static String unnest(List<Field<?>> columns, List<QueryPart> parts) {
        StringJoiner unnest = new StringJoiner(", ", "unnest(", ")");
        for (Field<?> column : columns) {
            unnest.add("{" + parts.size() + "}");
            parts.add(DSL.cast(DSL.param(column.getName(), String[].class), arrayType(column)));
        }
        return unnest.toString();
    }

    /** An update's values in the order their names first appear: the SET list, then any key it does not hold. */
    private static List<Field<?>> columnsThenKeys(Field<?>[] keys, Field<?>[] columns) {
        List<Field<?>> bound = new ArrayList<>(Arrays.asList(columns));
        Arrays.stream(keys).filter(k -> !bound.contains(k)).forEach(bound::add);
        return bound;
    }

    /**
     * The column's array type, without a length or a scale: a {@code varchar(255)[]} would cut longer values silently,
     * a {@code numeric(38, 18)[]} round finer digits (a quote's rate, V14).
     */
    private static DataType<?> arrayType(Field<?> column) {
        DataType<?> type = column.getDataType();
        if (type.getType() == java.math.BigDecimal.class) {
            return SQLDataType.NUMERIC.getArrayDataType();
        }
        return (type.hasLength() ? type.length(0) : type).getArrayDataType();
    }

    /** The column of the unnested rows ({@code v}) named like {@code column}. */
    private static <T> Field<T> unnested(Field<T> column) {
        return DSL.field(DSL.name("v", column.getName()), column.getDataType());
    }

    private static <T> org.jooq.Condition sameAsUnnested(Field<T> key) {
        return key.eq(unnested(key));
    }

    @SuppressWarnings("unchecked")
    private static <T> org.jooq.Condition equal(Field<T> key) {
        return key.eq(param(key));
    }

    /** Runs an {@link #insert}, {@link #update} or {@link #updateRows} with the row's values for its columns. */
    public int write(Db db, Row<?> row) {
        return execute(db, arrays ? arraysOf(List.<Object[]>of(valuesOf(row))) : valuesOf(row));
    }

    /**
     * {@link #write} for each row as one statement, nothing for none: an {@link #insert}'s rows are sent with the
     * transaction's next statement ({@link #insertAll}), an {@link #updateRows} runs now.
     */
    public void writeAll(Db db, List<? extends Row<?>> rows) {
        List<Object[]> values = rows.stream().map(this::valuesOf).toList();
        if (insertRows != null) {
            insertAll(db, values);
        } else if (!arrays) {
            throw new IllegalStateException("writeAll needs an insert or an updateRows: " + sql);
        } else if (!rows.isEmpty()) {
            execute(db, arraysOf(values));
        }
    }

    /**
     * Inserts rows (each its values for the {@link #insert}'s columns) in one statement, sent with the transaction's
     * next statement or before its commit ({@link RoundTrip#defer}); nothing for no rows. Nothing reads the outcome, so the
     * rows must not clash with rows that others write: a clash fails that later statement, or the commit.
     */
    public void insertAll(Db db, List<Object[]> rows) {
        if (insertRows == null) {
            throw new IllegalStateException("insertAll needs an insert: " + sql);
        }
        if (!rows.isEmpty()) {
            RoundTrip.defer(db, insertRows.bound(insertRows.arraysOf(rows)));
        }
    }

    /**
     * Runs an {@link #updateRows} for rows given as their values for its columns (keys included, in the order they
     * were declared), as one statement now; nothing for no rows.
     */
    public void updateAll(Db db, List<Object[]> rows) {
        if (!arrays || insertRows != null) {
            throw new IllegalStateException("updateAll needs an updateRows: " + sql);
        }
        if (!rows.isEmpty()) {
            execute(db, arraysOf(rows));
        }
    }

    /** {@link #updateAll} of an {@link #updateRows} that returns columns: the rows it updated. */
    public List<Record> updateAllReturning(Db db, List<Object[]> rows) {
        if (!arrays || insertRows != null || fields.length == 0) {
            throw new IllegalStateException("updateAllReturning needs an updateRows returning columns: " + sql);
        }
        return rows.isEmpty() ? List.of() : fetch(db, arraysOf(rows));
    }

    /** For each column, the rows' values as PostgreSQL's text (the statement casts each array to its type). */
    private Object[] arraysOf(List<Object[]> rows) {
        Object[] values = new Object[columns.length];
        for (int i = 0; i < columns.length; i++) {
            String[] texts = new String[rows.size()];
            for (int n = 0; n < texts.length; n++) {
                texts[n] = PgText.of(rows.get(n)[i]);
            }
            values[i] = texts;
        }
        return values;
    }

    private Object[] valuesOf(Row<?> row) {
        Object[] values = new Object[columns.length];
        for (int i = 0; i < columns.length; i++) {
            values[i] = row.get(columns[i]);
        }
        return values;
    }

    /** Runs the statement (after the deferred writes, in the same round trip); its update count. */
    public int execute(Db db, Object... values) {
        return RoundTrip.execute(db, bound(values));
    }

    /** Runs the query (after the deferred writes, in the same round trip); its rows. */
    public List<Record> fetch(Db db, Object... values) {
        return RoundTrip.query(db, bound(values), rs -> List.copyOf(db.connectionCtx().fetch(rs, fields)));
    }

    /**
     * Runs a statement whose last placeholder takes an array of keys (an {@link #anyOf} on {@code key}) once for all
     * of {@code keys}, after the other {@code values}; no query for no keys. Returns the rows, mapped, by the key
     * they have, in the order of {@code keys} (a key given twice appears once, a key without a row not at all).
     */
    public <K, V> Map<K, V> fetchAll(Db db, Field<?> key, Collection<K> keys, Function<K, ?> keyValue,
                              Function<Record, V> map, Object... values) {
        if (keys.isEmpty()) {
            return Map.of();
        }
        Object[] all = Arrays.copyOf(values, values.length + 1);
        // An array of the key column's Java type (UUID[], String[]), so the driver binds it as an array of that type.
        all[values.length] = keys.stream().map(keyValue).distinct()
                .toArray(n -> (Object[]) java.lang.reflect.Array.newInstance(key.getType(), n));
        Map<Object, V> byKey = new HashMap<>();
        for (Record row : fetch(db, all)) {
            byKey.put(row.get(key), map.apply(row));
        }
        Map<K, V> found = new LinkedHashMap<>();
        for (K k : keys) {
            V v = byKey.get(keyValue.apply(k));
            if (v != null) {
                found.put(k, v);
            }
        }
        return found;
    }

    public Optional<Record> fetchOptional(Db db, Object... values) {
        List<Record> rows = fetch(db, values);
        if (rows.size() > 1) {
            throw new IllegalStateException("more than one row for " + sql);
        }
        return rows.stream().findFirst();
    }

    /** This statement with its values, ready to send. */
    private RoundTrip.Bound bound(Object[] values) {
        return new RoundTrip.Bound(sql, slots, arity, values);
    }

    @Override
    public String toString() {
        return sql;
    }
}
