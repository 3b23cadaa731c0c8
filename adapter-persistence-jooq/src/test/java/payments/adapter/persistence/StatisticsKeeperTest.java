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
    /**
     * The probe lives in a schema of its own, which only the test's keeper looks at: the pool's own keeper (it
     * watches the current schema) and autovacuum would otherwise analyze it at moments of their choosing, and the
     * test's keeper would then skip it as already on the way.
     */
    private final String schema = "growth_" + Long.toHexString(System.nanoTime()).toLowerCase(Locale.ROOT);
    private final String table = schema + ".probe";

    @BeforeEach
    void create() {
        CTX.execute("create schema {0}", DSL.name(schema));
        CTX.execute("create table " + table + " (id bigint primary key, pad text not null)"
                + " with (autovacuum_enabled = false)");
        CTX.execute("analyze " + table);
    }

    @AfterEach
    void drop() {
        CTX.execute("drop schema {0} cascade", DSL.name(schema));
    }

    /**
     * A generic plan made while the table was empty scans it, and stays after the table grew; once the keeper has
     * analyzed the grown table, PostgreSQL replans the same prepared statement as a lookup by key (at the next
     * transaction of that connection, as the service's statements run).
     */
    @Test
    void a_table_grown_past_twice_its_statistics_is_analyzed_and_its_stale_plans_are_replanned() {
        List<String> analyzed = new ArrayList<>();
        List<String> plans = new ArrayList<>();
        List<String> pacingAfterwards = new ArrayList<>();
        CTX.connection(c -> CTX.connection(own -> { // c keeps the prepared statement, own runs the keeper
            try (Statement s = c.createStatement(); Statement k = own.createStatement()) { // each commits alone
                k.execute("set search_path = " + schema);
                StatisticsKeeper keeper = StatisticsKeeper.manual(DSL.using(own, org.jooq.SQLDialect.POSTGRES));
                s.execute("set plan_cache_mode = force_generic_plan");
                s.execute("prepare probe_lookup(bigint[]) as select * from " + table + " where id = any($1)");
                plans.add(plan(s));
                // Another connection fills the table, as the service's batches would.
                CTX.execute("insert into " + table + " select g, repeat('x', 100) from generate_series(1, 50000) g");
                plans.add(plan(s));
                analyzed.addAll(keeper.analyzeGrown());
                plans.add(plan(s));
                assertTrue(!keeper.analyzeGrown().contains("probe"), "analyzed again only after it doubles again");
                pacingAfterwards.add(show(k, "vacuum_cost_delay"));
                s.execute("deallocate probe_lookup");
                s.execute("reset plan_cache_mode");
                k.execute("reset search_path");
            }
        }));

        assertTrue(plans.get(0).contains("Seq Scan"), plans.get(0));
        assertTrue(plans.get(1).contains("Seq Scan"), "the plan went stale: " + plans.get(1));
        assertTrue(analyzed.contains("probe"), analyzed.toString());
        assertTrue(plans.get(2).contains("Index Scan"), plans.get(2));
        assertEquals(50_000L, CTX.fetchValue("select reltuples::bigint from pg_class where oid = {0}::regclass",
                table));
        assertEquals(List.of("0"), pacingAfterwards, "the analysis is paced, the connection it ran on is not");
    }

    private static String show(Statement s, String setting) throws SQLException {
        try (ResultSet rs = s.executeQuery("show " + setting)) {
            rs.next();
            return rs.getString(1);
        }
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
