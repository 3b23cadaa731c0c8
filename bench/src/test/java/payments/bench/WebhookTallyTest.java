package payments.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.Database;
import payments.adapter.persistence.EmbeddedDatabase;

/** The fault suite's webhook check fails when an event is lost, repeated too often, or none was sent at all. */
class WebhookTallyTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void every_event_received_passes_and_a_lost_or_repeated_one_or_none_at_all_fails() throws Exception {
        try (EmbeddedDatabase pg = EmbeddedDatabase.startTemporary(false);
             Database migrated = Database.connect(pg.jdbcUrl(), EmbeddedDatabase.USER, "postgres", 2);
             Connection c = DriverManager.getConnection(pg.jdbcUrl());
             WebhookTally tally = WebhookTally.start()) {
            UUID platform = UUID.randomUUID();
            c.createStatement().execute("insert into platforms values ('" + platform + "', 'p', 'SANDBOX', '{}', "
                    + "now(), now())");
            assertFalse(tally.check(pg.jdbcUrl(), 0).allDeliveredOnce(10), "no events sent at all");

            UUID first = event(c, platform, "DELIVERED");
            UUID second = event(c, platform, "DELIVERED");
            event(c, platform, "NOT_SENT"); // a platform without an endpoint: not the tally's to receive
            deliver(tally, first);
            WebhookTally.Result lost = tally.check(pg.jdbcUrl(), 0);
            assertEquals(2, lost.events());
            assertEquals(1, lost.received());
            assertEquals(1, lost.undelivered());
            assertFalse(lost.allDeliveredOnce(10));

            deliver(tally, second);
            deliver(tally, second);
            WebhookTally.Result all = tally.check(pg.jdbcUrl(), 0);
            assertEquals(1, all.duplicates());
            assertTrue(all.allDeliveredOnce(1));
            assertFalse(all.allDeliveredOnce(0), "a repeat beyond what kills allow");
        }
    }

    private static UUID event(Connection c, UUID platform, String status) throws Exception {
        UUID id = UUID.randomUUID();
        c.createStatement().execute("insert into webhook_events (platform_id, id, type, status, attempts, "
                + "max_attempts, created_at, updated_at) values ('" + platform + "', '" + id + "', 'TEST', '"
                + status + "', 1, 5, now(), now())");
        return id;
    }

    private static void deliver(WebhookTally tally, UUID event) throws Exception {
        HttpResponse<Void> answer = HTTP.send(HttpRequest.newBuilder(URI.create(tally.url()))
                .POST(HttpRequest.BodyPublishers.ofString("{\"id\":\"Webhook:" + event + "\"}")).build(),
                HttpResponse.BodyHandlers.discarding());
        assertEquals(200, answer.statusCode());
    }
}
