package payments.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class EmbeddedDatabaseTest {
    @Test
    void the_durable_server_flushes_every_commit_and_does_not_zero_fill_new_wal_segments() throws SQLException {
        try (EmbeddedDatabase db = EmbeddedDatabase.startTemporary(true);
             Connection c = DriverManager.getConnection(db.jdbcUrl(), EmbeddedDatabase.USER, "postgres")) {
            assertEquals("on", setting(c, "fsync"));
            assertEquals("on", setting(c, "synchronous_commit"));
            assertEquals("on", setting(c, "full_page_writes"));
            assertEquals("off", setting(c, "wal_init_zero"));
        }
    }

    @Test
    void the_exit_hook_runs_the_owners_close_while_postgres_is_up_and_then_stops_it() throws SQLException {
        try (EmbeddedDatabase db = EmbeddedDatabase.startTemporary(false)) {
            String url = db.jdbcUrl();
            String[] seenByOwner = new String[1];
            db.atExit(() -> {
                try (Connection c = DriverManager.getConnection(url, EmbeddedDatabase.USER, "postgres")) {
                    seenByOwner[0] = setting(c, "fsync"); // the owner's last work still reaches the database
                } catch (SQLException e) {
                    seenByOwner[0] = e.getMessage();
                }
            });

            db.stopAtExit();

            assertEquals("off", seenByOwner[0]);
            assertThrows(SQLException.class, () -> DriverManager.getConnection(url, EmbeddedDatabase.USER, "postgres"));
        }
    }

    @Test
    void without_an_owner_the_exit_hook_stops_postgres() {
        try (EmbeddedDatabase db = EmbeddedDatabase.startTemporary(false)) {
            String url = db.jdbcUrl();

            db.stopAtExit();

            assertThrows(SQLException.class, () -> DriverManager.getConnection(url, EmbeddedDatabase.USER, "postgres"));
        }
    }

    private static String setting(Connection c, String name) throws SQLException {
        try (java.sql.Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select current_setting('" + name + "')")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
