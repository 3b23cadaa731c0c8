package payments.adapter.persistence;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;

/**
 * Keeps the planner's statistics up with tables that grow fast, so prepared statements keep good plans.
 * <p>
 * Every statement is prepared once per connection, and PostgreSQL then reuses a generic plan made from the tables'
 * statistics. A plan made while a table was nearly empty scans it (the cheapest way then), and PostgreSQL replans
 * only when the table is analyzed again, which autovacuum does on its own schedule (every minute by default, and
 * not at all where an operator turned it off). A fresh database under load can grow a table by a hundred thousand
 * rows in that minute, and a batch's lookup by keys then scans them all (docs/PERFORMANCE.md). So
 * every {@value #INTERVAL_MILLIS} ms this finds the tables at least twice the size their statistics give and
 * analyzes them, paced as autovacuum is ({@link #PACING_DELAY_MILLIS}); PostgreSQL then replans the statements that
 * read them. A table is analyzed each time it doubles, which costs little: a few times while it is young, rarely
 * after. Big tables too: leaving those to autovacuum does not improve tail latency and lowers the peak rate.
 */
public final class StatisticsKeeper implements AutoCloseable {
    static final long INTERVAL_MILLIS = 1_000;
    /**
     * The keeper's analyses pause {@value} ms after every 200 units of page work, as autovacuum's do by default
     * ({@code autovacuum_vacuum_cost_delay}); an analysis run by hand does not pause at all. Unpaced, sampling a
     * large table reads its pages flat out, and on a busy server requests queue behind it (docs/PERFORMANCE.md).
     * Paced, it takes longer on a fraction of a core; a young table's analysis has too few pages to pause at all.
     */
    static final int PACING_DELAY_MILLIS = 2;
    private static final System.Logger LOG = System.getLogger(StatisticsKeeper.class.getName());
    /** Tables of the schema whose pages on disk are more than twice the pages their statistics counted. */
    private static final String GROWN = """
            select c.relname from pg_class c
            where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
              and pg_relation_size(c.oid) > 2 * current_setting('block_size')::bigint * greatest(c.relpages, 8)
            order by c.relname""";

    private final DSLContext ctx;
    private final ScheduledExecutorService timer;

    private StatisticsKeeper(DSLContext ctx, ScheduledExecutorService timer) {
        this.ctx = ctx;
        this.timer = timer;
    }

    /** A keeper that checks every {@value #INTERVAL_MILLIS} ms on a thread of its own until closed. */
    static StatisticsKeeper start(DSLContext ctx) {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "statistics-keeper");
            thread.setDaemon(true);
            return thread;
        });
        StatisticsKeeper keeper = new StatisticsKeeper(ctx, timer);
        timer.scheduleWithFixedDelay(keeper::analyzeGrownQuietly, INTERVAL_MILLIS, INTERVAL_MILLIS,
                TimeUnit.MILLISECONDS);
        return keeper;
    }

    /** A keeper without a thread: {@link #analyzeGrown} runs only when called (tests). */
    static StatisticsKeeper manual(DSLContext ctx) {
        return new StatisticsKeeper(ctx, null);
    }

    /**
     * Analyzes the tables that have at least doubled since their statistics were taken; returns their names. A table
     * another process is analyzing is skipped (its statistics are on the way).
     */
    List<String> analyzeGrown() {
        List<String> grown = ctx.fetch(GROWN).getValues(0, String.class);
        for (String table : grown) {
            ctx.transaction(c -> {
                c.dsl().execute("set local vacuum_cost_delay = " + PACING_DELAY_MILLIS);
                c.dsl().execute("analyze (skip_locked) {0}", DSL.name(table));
            });
        }
        return grown;
    }

    private void analyzeGrownQuietly() {
        try {
            analyzeGrown();
        } catch (RuntimeException e) {
            // The database is away or busy: the next round tries again.
            LOG.log(System.Logger.Level.DEBUG, "statistics check failed", e);
        } catch (Error e) {
            // Kept alive too: an error escaping a periodic task cancels its later rounds without a word.
            LOG.log(System.Logger.Level.ERROR, "statistics check failed", e);
        }
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }
}
