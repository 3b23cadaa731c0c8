package payments.core.error;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;

class OutageTest {
    @Test
    void lost_database_connections_are_recognised_through_any_wrapping() {
        assertTrue(Outage.connectionLost(new RuntimeException("wrapped",
                new SQLException("connection refused", "08001"))));
        assertTrue(Outage.connectionLost(new IllegalStateException(
                new SQLTransientConnectionException("pool timeout"))));
        assertTrue(Outage.connectionLost(new RuntimeException(new SQLException("shutdown", "57P01"))));
    }

    @Test
    void other_failures_are_not_taken_for_an_outage() {
        assertFalse(Outage.connectionLost(new RuntimeException(new SQLException("unique", "23505"))));
        assertFalse(Outage.connectionLost(new IllegalStateException("bug")));
        assertFalse(Outage.connectionLost(new RuntimeException(new SQLException("deadlock", "40P01"))));
    }

    @Test
    void a_transaction_rolled_back_for_a_concurrent_one_is_recognised_and_nothing_else_is() {
        assertTrue(Outage.rolledBackForConflict(new RuntimeException("wrapped",
                new SQLException("deadlock detected", "40P01"))));
        assertTrue(Outage.rolledBackForConflict(new SQLException("could not serialize", "40001")));
        assertFalse(Outage.rolledBackForConflict(new RuntimeException(new SQLException("x", "08006"))));
        assertFalse(Outage.rolledBackForConflict(new SQLException("no state")));
        assertFalse(Outage.rolledBackForConflict(new IllegalStateException("bug")));
    }
}
