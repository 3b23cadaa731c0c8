package payments.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import payments.adapter.persistence.embedded.EmbeddedDatabase;

/** Where the service's database is and how to log in to it, as the service does: its checks read what it wrote. */
record DbLogin(String url, String user, String password) {
    static DbLogin of(EmbeddedDatabase database) {
        return new DbLogin(database.jdbcUrl(), database.user(), database.password());
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(url, user, password);
    }
}
