package payments.adapter.persistence;

import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.TableField;

/**
 * One row of a table to write, its values set column by column: what a {@link Statement} binds, and what jOOQ's
 * {@code insertInto(table).set(row.values())} takes. It replaces jOOQ's generated records for writing: each of their
 * setters compares its column with the primary key's columns by name, a noticeable share of a transfer-out's CPU
 * in the JVM (docs/PERFORMANCE.md). A column is found by identity among its table's own fields, the instances the
 * generated tables declare.
 *
 * @param <R> the table's record type, so that only its columns can be set
 */
public final class Row<R extends Record> {
    private static final Map<Table<?>, Map<Field<?>, Integer>> POSITIONS = new ConcurrentHashMap<>();

    private final Table<R> table;
    private final Map<Field<?>, Integer> positions;
    private final Object[] values;
    private final boolean[] given;

    private Row(Table<R> table) {
        this.table = table;
        this.positions = POSITIONS.computeIfAbsent(table, Row::positions);
        this.values = new Object[positions.size()];
        this.given = new boolean[positions.size()];
    }

    public static <R extends Record> Row<R> of(Table<R> table) {
        return new Row<>(table);
    }

    private static Map<Field<?>, Integer> positions(Table<?> table) {
        Field<?>[] fields = table.fields();
        Map<Field<?>, Integer> positions = new IdentityHashMap<>();
        for (int i = 0; i < fields.length; i++) {
            positions.put(fields[i], i);
        }
        return positions;
    }

    public <T> Row<R> set(TableField<R, T> column, T value) {
        int i = position(column);
        values[i] = value;
        given[i] = true;
        return this;
    }

    /** The column's value; null when it was not set. */
    @SuppressWarnings("unchecked")
    <T> T get(Field<T> column) {
        return (T) values[position(column)];
    }

    /** The columns set and their values, in the table's order. */
    public Map<Field<?>, Object> values() {
        Map<Field<?>, Object> set = new LinkedHashMap<>();
        Field<?>[] fields = table.fields();
        for (int i = 0; i < fields.length; i++) {
            if (given[i]) {
                set.put(fields[i], values[i]);
            }
        }
        return set;
    }

    private int position(Field<?> column) {
        Integer i = positions.get(column);
        if (i == null) {
            throw new IllegalArgumentException(column + " is not a column of " + table);
        }
        return i;
    }
}
