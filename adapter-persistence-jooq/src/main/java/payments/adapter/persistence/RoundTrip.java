package payments.adapter.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.jooq.JSON;
import org.jooq.exception.DataAccessException;

/**
 * Sends rendered statements through JDBC on the unit of work's connection, the writes it deferred first: several
 * statements in one round trip are one string of SQL separated by semicolons, which pgjdbc sends together and
 * PostgreSQL runs in order. Errors surface as jOOQ's {@link DataAccessException}, like any other query's.
 */
final class RoundTrip {
    /**
     * A statement's SQL with its values, ready to send: {@code slots} gives each placeholder's value index, and
     * {@code arity} how many values it takes (checked as it is bound, so a wrong count fails its round trip).
     */
    record Bound(String sql, int[] slots, int arity, Object[] values) {
    }

    private static final Bound COMMIT = new Bound("commit", new int[0], 0, new Object[0]);
    /** The SQL of a sequence of statements sent together, by sequence (a few code paths make them all). */
    private static final Map<List<String>, String> SEQUENCES = new ConcurrentHashMap<>();
    private static final int MAX_SEQUENCES = 256;

    private RoundTrip() {
    }

    /** Reads the result of the last statement of a round trip. */
    interface Reader<T> {
        T read(ResultSet rs) throws SQLException;
    }

    /**
     * The writes a unit of work defers ({@link #defer}). If a round trip that carried them fails, whether before it
     * left or in the database, they may not have run: the failure is a {@link Db.DeferredWriteFailed} (so no
     * repository takes its unique violation for its own write's), and the transaction can no longer commit, even if
     * a caller catches the failure and carries on.
     */
    private static final class DeferredWrites implements Db.Deferred {
        private final List<Bound> writes = new ArrayList<>();
        private boolean failed;

        /** The kept writes, then {@code next} (none when null), in one round trip made by {@code send}. */
        <T> T send(Bound next, Function<List<Bound>, T> send) {
            if (writes.isEmpty()) {
                return next == null ? null : send.apply(List.of(next));
            }
            List<Bound> all = new ArrayList<>(writes);
            writes.clear();
            if (next != null) {
                all.add(next);
            }
            try {
                return send.apply(all);
            } catch (RuntimeException e) {
                failed = true;
                throw new Db.DeferredWriteFailed("a round trip with deferred writes failed, so the transaction cannot "
                        + "commit: " + e.getMessage(), e);
            }
        }

        @Override
        public void sendNow(Db db) {
            send(null, all -> run(db, all));
        }

        /**
         * The writes still kept go with the COMMIT itself, in one round trip; jOOQ's commit then finds the transaction
         * ended (pgjdbc follows the server's transaction state and sends nothing). A failed write leaves the COMMIT
         * unrun and the transaction to jOOQ's rollback; a failed COMMIT has rolled it back already.
         */
        @Override
        public void sendWithCommit(Db db) {
            if (failed) {
                throw new Db.DeferredWriteFailed("deferred writes failed earlier in the transaction (the failure was "
                        + "caught); it cannot commit", null);
            }
            if (!writes.isEmpty()) {
                send(COMMIT, all -> run(db, all));
            }
        }
    }

    /**
     * Keeps a write for the transaction's next statement or its commit; runs it at once outside a transaction. Its
     * errors surface from that statement or the commit, so only writes that cannot clash with a row another request
     * may write are deferred (rows with new ids, idempotency keys already locked).
     */
    static void defer(Db db, Bound write) {
        DeferredWrites deferred = db.deferred(DeferredWrites::new);
        if (deferred == null) {
            run(db, List.of(write));
        } else {
            deferred.writes.add(write);
        }
    }

    /** Runs a statement after the deferred writes, in one round trip; its update count. */
    static int execute(Db db, Bound statement) {
        return withDeferred(db, statement, all -> run(db, all));
    }

    /** Runs a query after the deferred writes, in one round trip; its result as {@code reader} reads it. */
    static <T> T query(Db db, Bound query, Reader<T> reader) {
        return withDeferred(db, query, all -> db.connectionCtx().connectionResult(c -> {
            String sql = sqlOf(all);
            try (PreparedStatement ps = prepare(c, sql, all); ResultSet rs = lastResult(ps, all)) {
                return reader.read(rs);
            } catch (SQLException e) {
                throw new DataAccessException("SQL [" + sql + "]; " + e.getMessage(), e);
            }
        }));
    }

    private static <T> T withDeferred(Db db, Bound next, Function<List<Bound>, T> send) {
        DeferredWrites deferred = db.deferred(null);
        return deferred == null ? send.apply(List.of(next)) : deferred.send(next, send);
    }

    /** Sends the statements in one round trip (PostgreSQL runs them in order); the last one's update count. */
    private static int run(Db db, List<Bound> statements) {
        return db.connectionCtx().connectionResult(c -> {
            String sql = sqlOf(statements);
            try (PreparedStatement ps = prepare(c, sql, statements)) {
                if (statements.size() == 1) {
                    return ps.executeUpdate();
                }
                int count = 0;
                for (boolean rows = ps.execute(); rows || ps.getUpdateCount() != -1; rows = ps.getMoreResults()) {
                    count = rows ? 0 : ps.getUpdateCount();
                }
                return count;
            } catch (SQLException e) {
                throw new DataAccessException("SQL [" + sql + "]; " + e.getMessage(), e);
            }
        });
    }

    /** The result of the last of the statements, a query. */
    private static ResultSet lastResult(PreparedStatement ps, List<Bound> statements) throws SQLException {
        if (statements.size() == 1) {
            return ps.executeQuery();
        }
        for (boolean rows = ps.execute(); ; rows = ps.getMoreResults()) {
            if (rows) {
                return ps.getResultSet();
            }
            if (ps.getUpdateCount() == -1) {
                throw new IllegalStateException("no result for " + statements.get(statements.size() - 1).sql());
            }
        }
    }

    /** The statements' SQL, separated by semicolons: pgjdbc sends them in one round trip. */
    private static String sqlOf(List<Bound> statements) {
        if (statements.size() == 1) {
            return statements.get(0).sql();
        }
        List<String> sequence = statements.stream().map(Bound::sql).toList();
        String sql = SEQUENCES.get(sequence);
        if (sql == null) {
            StringJoiner joined = new StringJoiner(";\n");
            sequence.forEach(joined::add);
            sql = joined.toString();
            if (SEQUENCES.size() < MAX_SEQUENCES) {
                SEQUENCES.put(sequence, sql);
            }
        }
        return sql;
    }

    private static PreparedStatement prepare(Connection c, String sql, List<Bound> statements) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        try {
            int next = 1;
            for (Bound b : statements) {
                next = bind(ps, next, b);
            }
            return ps;
        } catch (SQLException | RuntimeException e) {
            ps.close();
            throw e;
        }
    }

    /** Binds a statement's values to its placeholders, the first at {@code first}; returns the next index. */
    private static int bind(PreparedStatement ps, int first, Bound b) throws SQLException {
        if (b.values().length != b.arity()) {
            throw new IllegalArgumentException(b.arity() + " values expected, got " + b.values().length + ": "
                    + b.sql());
        }
        for (int i = 0; i < b.slots().length; i++) {
            Object v = b.values()[b.slots()[i]];
            if (v instanceof OffsetDateTime time) {
                // Text as an untyped value, which PostgreSQL reads as the cast's timestamptz: the driver's own
                // conversion is a noticeable share of a payment's CPU in the JVM.
                ps.setObject(first + i, PgText.of(time), Types.OTHER);
            } else {
                ps.setObject(first + i, v instanceof JSON json ? json.data() : v);
            }
        }
        return first + b.slots().length;
    }
}
