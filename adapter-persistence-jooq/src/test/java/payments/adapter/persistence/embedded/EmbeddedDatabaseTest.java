package payments.adapter.persistence.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class EmbeddedDatabaseTest {
    @Test
    void another_local_user_cannot_log_in_without_the_password_and_the_service_is_no_superuser() throws Exception {
        try (EmbeddedDatabase db = EmbeddedDatabase.startTemporary(false);
             Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password())) {
            for (String password : new String[] {"", "postgres", "wrong"}) {
                var refused = assertThrows(SQLException.class, () -> DriverManager.getConnection(db.jdbcUrl(),
                        EmbeddedDatabase.SUPERUSER, password));
                assertPasswordDemanded(refused);
                assertThrows(SQLException.class, () -> DriverManager.getConnection(db.jdbcUrl(), db.user(), password));
            }
            assertEquals("payments", db.user());
            assertFalse(bool(c, "select rolsuper from pg_roles where rolname = current_user"));
            assertFalse(bool(c, "select rolcreaterole or rolcreatedb from pg_roles where rolname = current_user"));
            assertTrue(bool(c, "select pg_get_userbyid(datdba) = current_user from pg_database "
                    + "where datname = current_database()"), "it owns its database: migrations create tables");
            assertThrows(SQLException.class, () -> c.createStatement().execute("select pg_read_file('PG_VERSION')"),
                    "a superuser's powers, such as reading the server's files, are not the service's");
            Path credentials = db.credentialsFile();
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(credentials)));
            assertTrue(Files.readString(credentials).contains(db.password()));
            assertFalse(Files.readString(db.dataDirectory().resolve("pg_hba.conf")).contains("trust"));
        }
    }

    @Test
    void a_cluster_made_when_local_connections_were_trusted_is_secured_at_its_next_start() throws Exception {
        Path dir = Files.createTempDirectory("payments-pg-trusting");
        Path data = dir.resolve("data");
        try {
            try (EmbeddedPostgres trusting = EmbeddedPostgres.builder().setDataDirectory(data)
                    .setCleanDataDirectory(false).setRegisterShutdownHook(false).start();
                 Connection c = trusting.getPostgresDatabase().getConnection()) {
                c.createStatement().execute("create table kept (id bigserial primary key, note text); "
                        + "insert into kept (note) values ('made by the superuser')");
            }

            try (EmbeddedDatabase db = EmbeddedDatabase.start(data, false, 0);
                 Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password())) {
                c.createStatement().execute("insert into kept (note) values ('written by the owner role')");
                assertEquals(2, count(c, "select count(*) from kept"), "the data is kept, now the owner's");
                assertPasswordDemanded(assertThrows(SQLException.class, () -> DriverManager.getConnection(
                        db.jdbcUrl(), EmbeddedDatabase.SUPERUSER, "postgres")));
                assertPasswordDemanded(assertThrows(SQLException.class, () -> DriverManager.getConnection(
                        db.jdbcUrl(), EmbeddedDatabase.SUPERUSER, "")));
            }
        } finally {
            EmbeddedDatabase.deleteDirectory(dir);
        }
    }

    /** The server asked for a SCRAM proof: a wrong password failed it (28P01), or the driver had none to give. */
    private static void assertPasswordDemanded(SQLException refused) {
        assertTrue("28P01".equals(refused.getSQLState()) || refused.getMessage().contains("requested SCRAM"),
                refused.getSQLState() + " " + refused.getMessage());
    }

    private static boolean bool(Connection c, String sql) throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void the_durable_server_flushes_every_commit_and_does_not_zero_fill_new_wal_segments() throws SQLException {
        try (EmbeddedDatabase db = EmbeddedDatabase.startTemporary(true);
             Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password())) {
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
                try (Connection c = DriverManager.getConnection(url, db.user(), db.password())) {
                    seenByOwner[0] = setting(c, "fsync"); // the owner's last work still reaches the database
                } catch (SQLException e) {
                    seenByOwner[0] = e.getMessage();
                }
            });

            db.stopAtExit();

            assertEquals("off", seenByOwner[0]);
            assertThrows(SQLException.class, () -> DriverManager.getConnection(url, db.user(), db.password()));
        }
    }

    @Test
    void without_an_owner_the_exit_hook_stops_postgres() {
        try (EmbeddedDatabase db = EmbeddedDatabase.startTemporary(false)) {
            String url = db.jdbcUrl();

            db.stopAtExit();

            assertThrows(SQLException.class, () -> DriverManager.getConnection(url, db.user(), db.password()));
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
