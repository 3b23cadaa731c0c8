package payments.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;

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

    private static String setting(Connection c, String name) throws SQLException {
        try (java.sql.Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select current_setting('" + name + "')")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
