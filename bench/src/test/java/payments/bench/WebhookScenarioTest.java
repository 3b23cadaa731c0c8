package payments.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.Database;
import payments.adapter.persistence.embedded.EmbeddedDatabase;

/**
 * The webhooks scenario's figures: an event's wait runs from its creation in real time (its created_at less the
 * sandbox clock's offset) to its first arrival, one never delivered counts with its wait so far, and an event
 * recorded as delivered that the endpoint never saw is counted.
 */
class WebhookScenarioTest {
    private static final long OFFSET_MILLIS = 3_600_000;

    @Test
    void waits_run_in_real_time_and_events_not_received_are_counted() throws Exception {
        try (EmbeddedDatabase pg = EmbeddedDatabase.startTemporary(false);
             Database migrated = Database.connect(pg.jdbcUrl(), pg.user(), pg.password(), 2);
             Connection c = DbLogin.of(pg).connect();
             WebhookTally receiver = WebhookTally.start()) {
            UUID platform = UUID.randomUUID();
            c.createStatement().execute("insert into platforms values ('" + platform + "', 'p', 'SANDBOX', '{}', "
                    + "now(), now())");
            c.createStatement().execute("insert into sandbox_clocks values ('" + platform + "', "
                    + OFFSET_MILLIS / 1000 + ", now())");
            long now = System.currentTimeMillis();
            event(c, platform, "TEST", "DELIVERED", now - 20_000); // before the scenario: not counted
            UUID test = event(c, platform, "TEST", "DELIVERED", now - 9_000);
            UUID lost = event(c, platform, "OUTGOING_PAYMENT.COMPLETED", "DELIVERED", now - 8_000);
            UUID arrived = event(c, platform, "OUTGOING_PAYMENT.COMPLETED", "DELIVERED", now - 2_000);
            event(c, platform, "OUTGOING_PAYMENT.COMPLETED", "PENDING", now - 3_000);
            WebhookTallyTest.deliver(receiver, test);
            WebhookTallyTest.deliver(receiver, arrived);

            WebhookScenario.Events events = WebhookScenario.events(c, platform, receiver, now - 10_000,
                    now - 5_000, now + 5_000);
            assertEquals(2, events.inWindow());
            assertEquals(1, events.ok());
            assertEquals(1, events.pending());
            assertEquals(1, events.undelivered());
            assertEquals(1, events.unreceived(), "recorded DELIVERED, never received: " + lost);
            assertEquals(3, events.made(), "the TEST event is not a payment's");
            long fastest = events.lag().getMinValue();
            long slowest = events.lag().getMaxValue();
            assertTrue(fastest >= 2_000 && fastest < 2_000 + 5_000, "delivered about 2 s after: " + fastest);
            assertTrue(slowest >= 3_000 && slowest < 3_000 + 5_000, "waiting 3 s and more: " + slowest);
        }
    }

    /** An event created at {@code realMillis} real time, as the platform's clock (an hour ahead) writes it. */
    private static UUID event(Connection c, UUID platform, String type, String status, long realMillis)
            throws Exception {
        UUID id = UUID.randomUUID();
        try (PreparedStatement s = c.prepareStatement("insert into webhook_events (platform_id, id, type, status, "
                + "attempts, max_attempts, next_attempt_at, created_at, updated_at) values (?, ?, ?, ?, 1, 5, now(), "
                + "to_timestamp(? / 1000.0), now())")) {
            s.setObject(1, platform);
            s.setObject(2, id);
            s.setString(3, type);
            s.setString(4, status);
            s.setLong(5, realMillis + OFFSET_MILLIS);
            s.executeUpdate();
        }
        return id;
    }
}
