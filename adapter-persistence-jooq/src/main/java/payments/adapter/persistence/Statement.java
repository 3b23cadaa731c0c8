package payments.adapter.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.JSONB;
import org.jooq.Param;
import org.jooq.Query;
import org.jooq.Record;
import org.jooq.ResultQuery;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.TableRecord;
import org.jooq.conf.Settings;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;

/**
 * A statement of the payment path, written with jOOQ's typed DSL but rendered to SQL once, when it is declared, and
 * then run through JDBC on the unit of work's connection. Rendering a query costs more CPU than PostgreSQL spends
 * executing a short statement (docs/PERFORMANCE.md), and these run several times per payment. A statement takes one
 * value per placeholder name, in the order the names first appear in its SQL (a name used twice takes one value);
 * errors surface as jOOQ's {@link DataAccessException}, like any other query's.
 */
final class Statement {
    private static final DSLContext RENDER = DSL.using(SQLDialect.POSTGRES, new Settings().withRenderSchema(false));
    /**
     * A {@code :name} placeholder as jOOQ renders it (not the {@code ::} of a cast). An inlined constant holding
     * ":word" would look like one; the constructor checks the placeholders it found against the query's parameters.
     */
    private static final Pattern NAMED = Pattern.compile("(?<![:\\w]):[A-Za-z_][A-Za-z_0-9]*");

    private final String sql;
    /** For each JDBC placeholder, the index of the value it takes. */
    private final int[] slots;
    private final Field<?>[] fields;
    private final Field<?>[] columns;

    private Statement(Query query, Field<?>[] fields, Field<?>[] columns) {
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
        this.sql = NAMED.matcher(named).replaceAll("?");
        this.fields = fields;
        this.columns = columns;
    }

    /** A placeholder for a value bound at execution, named after the column it is compared with or stored in. */
    static <T> Param<T> param(Field<T> like) {
        return param(like.getName(), like);
    }

    static <T> Param<T> param(String name, Field<T> like) {
        return DSL.param(name, like.getDataType());
    }

    /** A statement without a result (or whose result is not read). */
    static Statement of(Function<DSLContext, Query> query) {
        return new Statement(query.apply(RENDER), new Field<?>[0], new Field<?>[0]);
    }

    /** A statement whose rows are read into the query's fields. */
    static Statement query(Function<DSLContext, ResultQuery<?>> query) {
        ResultQuery<?> q = query.apply(RENDER);
        return new Statement(q, q.fields(), new Field<?>[0]);
    }

    /** Reads the row of {@code table} with these key values (in key order). */
    static Statement byKey(Table<?> table, Field<?>... keys) {
        return query(ctx -> ctx.selectFrom(table).where(keyCondition(keys)));
    }

    /** {@link #byKey}, locking the row until the transaction ends. */
    static Statement byKeyForUpdate(Table<?> table, Field<?>... keys) {
        return query(ctx -> ctx.selectFrom(table).where(keyCondition(keys)).forUpdate());
    }

    private static org.jooq.Condition keyCondition(Field<?>... keys) {
        org.jooq.Condition where = DSL.noCondition();
        for (Field<?> key : keys) {
            where = where.and(equal(key));
        }
        return where;
    }

    /** Inserts a row of {@code table} with values for exactly these columns, taken from a record. */
    static Statement insert(Table<?> table, Field<?>... columns) {
        return new Statement(RENDER.insertInto(table).columns(columns)
                .values(Arrays.stream(columns).map(Statement::param).toArray(Field[]::new)), new Field<?>[0], columns);
    }

    /**
     * Updates every column of the row with these key columns (the keys are set to themselves, as jOOQ's
     * {@code update(table).set(record)} does), taking the values from a record.
     */
    static Statement update(Table<?> table, Field<?>... keys) {
        Field<?>[] columns = table.fields();
        Map<Field<?>, Field<?>> values = new LinkedHashMap<>();
        for (Field<?> column : columns) {
            values.put(column, param(column));
        }
        return new Statement(RENDER.update(table).set(values).where(keyCondition(keys)), new Field<?>[0], columns);
    }

    @SuppressWarnings("unchecked")
    private static <T> org.jooq.Condition equal(Field<T> key) {
        return key.eq(param(key));
    }

    /** Runs an {@link #insert} or {@link #update} statement with the record's values for its columns. */
    int write(Db db, TableRecord<?> record) {
        return execute(db, Arrays.stream(columns).map(record::get).toArray());
    }

    int execute(Db db, Object... values) {
        return db.ctx().connectionResult(c -> {
            try (PreparedStatement ps = prepare(c, values)) {
                return ps.executeUpdate();
            } catch (SQLException e) {
                throw new DataAccessException("SQL [" + sql + "]; " + e.getMessage(), e);
            }
        });
    }

    List<Record> fetch(Db db, Object... values) {
        return db.ctx().connectionResult(c -> {
            try (PreparedStatement ps = prepare(c, values); ResultSet rs = ps.executeQuery()) {
                return List.copyOf(db.ctx().fetch(rs, fields));
            } catch (SQLException e) {
                throw new DataAccessException("SQL [" + sql + "]; " + e.getMessage(), e);
            }
        });
    }

    /** Runs the statement once per row of values, in one round trip. */
    void executeBatch(Db db, List<Object[]> rows) {
        db.ctx().connection(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                for (Object[] values : rows) {
                    bind(ps, values);
                    ps.addBatch();
                }
                ps.executeBatch();
            } catch (SQLException e) {
                throw new DataAccessException("SQL [" + sql + "]; " + e.getMessage(), e);
            }
        });
    }

    Optional<Record> fetchOptional(Db db, Object... values) {
        List<Record> rows = fetch(db, values);
        if (rows.size() > 1) {
            throw new IllegalStateException("more than one row for " + sql);
        }
        return rows.stream().findFirst();
    }

    private PreparedStatement prepare(Connection c, Object[] values) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        bind(ps, values);
        return ps;
    }

    private void bind(PreparedStatement ps, Object[] values) throws SQLException {
        int expected = Arrays.stream(slots).max().orElse(-1) + 1;
        if (values.length != expected) {
            throw new IllegalArgumentException(expected + " values expected, got " + values.length + ": " + sql);
        }
        for (int i = 0; i < slots.length; i++) {
            Object v = values[slots[i]];
            ps.setObject(i + 1, v instanceof JSONB json ? json.data() : v);
        }
    }

    @Override
    public String toString() {
        return sql;
    }
}
