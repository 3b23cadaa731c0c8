package payments.adapter.http;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;

class ApiHandlerTest {
    @Test
    void lost_database_connections_are_recognised_through_any_wrapping() {
        assertTrue(ApiHandler.databaseUnreachable(new RuntimeException("wrapped",
                new SQLException("connection refused", "08001"))));
        assertTrue(ApiHandler.databaseUnreachable(new IllegalStateException(
                new SQLTransientConnectionException("pool timeout"))));
        assertTrue(ApiHandler.databaseUnreachable(new RuntimeException(new SQLException("shutdown", "57P01"))));
    }

    @Test
    void other_failures_are_not_taken_for_an_outage() {
        assertFalse(ApiHandler.databaseUnreachable(new RuntimeException(new SQLException("unique", "23505"))));
        assertFalse(ApiHandler.databaseUnreachable(new IllegalStateException("bug")));
    }
}
