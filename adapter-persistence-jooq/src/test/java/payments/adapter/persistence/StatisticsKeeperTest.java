package payments.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StatisticsKeeperTest {
    private static final DSLContext CTX = Fixtures.DB.ctx();
    private final String table = "growth_probe_" + Long.toHexString(System.nanoTime()).toLowerCase(Locale.ROOT);

    @BeforeEach
    void create() {
        CTX.execute("create table {0} (id bigint primary key, pad text not null)", DSL.name(table));
        CTX.execute("analyze {0}", DSL.name(table));
    }

    @AfterEach
    void drop() {
        CTX.execute("drop table {0}", DSL.name(table));
    }

    /**
     * A generic plan made while the table was empty scans it, and stays after the table grew; once the keeper has
     * analyzed the grown table, PostgreSQL replans the same prepared statement as a lookup by key (at the next
     * transaction of that connection, as the service's statements run).
     */
    @Test
    void a_table_grown_past_twice_its_statistics_is_analyzed_and_its_stale_plans_are_replanned() {
        StatisticsKeeper keeper = StatisticsKeeper.manual(CTX);
        List<String> analyzed = new ArrayList<>();
        List<String> plans = new ArrayList<>();
        CTX.connection(c -> { // one connection, which keeps the prepared statement; each statement commits alone
            try (Statement s = c.createStatement()) {
                s.execute("set plan_cache_mode = force_generic_plan");
                s.execute("prepare probe_lookup(bigint[]) as select * from " + table + " where id = any($1)");
                plans.add(plan(s));
                // Another connection fills the table, as the service's batches would.
                CTX.execute("insert into " + table + " select g, repeat('x', 100) from generate_series(1, 50000) g");
                plans.add(plan(s));
                analyzed.addAll(keeper.analyzeGrown());
                plans.add(plan(s));
                s.execute("deallocate probe_lookup");
                s.execute("reset plan_cache_mode");
            }
        });

        assertTrue(plans.get(0).contains("Seq Scan"), plans.get(0));
        assertTrue(plans.get(1).contains("Seq Scan"), "the plan went stale: " + plans.get(1));
        assertTrue(analyzed.contains(table), analyzed.toString());
        assertTrue(plans.get(2).contains("Index Scan"), plans.get(2));
        assertEquals(50_000L, CTX.fetchValue("select reltuples::bigint from pg_class where relname = {0}", table));
        assertTrue(!keeper.analyzeGrown().contains(table), "analyzed again only after it doubles again");
    }

    private static String plan(Statement s) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("explain execute probe_lookup('{1,2}')")) {
            while (rs.next()) {
                lines.add(rs.getString(1));
            }
        }
        return String.join("\n", lines);
    }
}
