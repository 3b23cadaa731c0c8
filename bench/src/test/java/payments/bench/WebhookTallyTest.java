package payments.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.Database;
import payments.adapter.persistence.embedded.EmbeddedDatabase;

/**
 * The fault suite's webhook check fails when an event is lost, repeated too often, or fewer payment events were made
 * than payments acknowledged.
 */
class WebhookTallyTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void every_event_received_passes_and_a_lost_or_repeated_one_or_none_at_all_fails() throws Exception {
        try (EmbeddedDatabase pg = EmbeddedDatabase.startTemporary(false);
             Database migrated = Database.connect(pg.jdbcUrl(), pg.user(), pg.password(), 2);
             Connection c = DbLogin.of(pg).connect();
             WebhookTally tally = WebhookTally.start()) {
            UUID platform = UUID.randomUUID();
            c.createStatement().execute("insert into platforms values ('" + platform + "', 'p', 'SANDBOX', '{}', "
                    + "now(), now())");
            UUID ping = event(c, platform, "TEST", "DELIVERED"); // as setting the endpoint makes
            deliver(tally, ping);
            assertFalse(tally.check(DbLogin.of(pg), 0).allDeliveredOnce(10, 1), "a payment made no event");

            UUID first = event(c, platform, "OUTGOING_PAYMENT.COMPLETED", "DELIVERED");
            UUID second = event(c, platform, "OUTGOING_PAYMENT.COMPLETED", "DELIVERED");
            event(c, platform, "OUTGOING_PAYMENT.COMPLETED", "NOT_SENT"); // no endpoint: not the tally's to receive
            long before = System.currentTimeMillis();
            deliver(tally, first);
            long arrived = tally.firstArrival("Webhook:" + first);
            assertTrue(arrived >= before && arrived <= System.currentTimeMillis());
            assertEquals(-1, tally.firstArrival("Webhook:" + second));
            WebhookTally.Result lost = tally.check(DbLogin.of(pg), 0);
            assertEquals(3, lost.events());
            assertEquals(2, lost.paymentEvents());
            assertEquals(2, lost.received());
            assertEquals(1, lost.undelivered());
            assertFalse(lost.allDeliveredOnce(10, 2));

            deliver(tally, second);
            deliver(tally, second);
            WebhookTally.Result all = tally.check(DbLogin.of(pg), 0);
            assertEquals(1, all.duplicates());
            assertEquals(2, tally.firstArrivalsBetween(before, System.currentTimeMillis() + 1), "first and second");
            assertTrue(all.allDeliveredOnce(1, 2));
            assertFalse(all.allDeliveredOnce(0, 2), "a repeat beyond what kills allow");
            assertFalse(all.allDeliveredOnce(1, 3), "fewer payment events than payments");
        }
    }

    private static UUID event(Connection c, UUID platform, String type, String status) throws Exception {
        UUID id = UUID.randomUUID();
        c.createStatement().execute("insert into webhook_events (platform_id, id, type, status, attempts, "
                + "max_attempts, created_at, updated_at) values ('" + platform + "', '" + id + "', '" + type + "', '"
                + status + "', 1, 5, now(), now())");
        return id;
    }

    static void deliver(WebhookTally tally, UUID event) throws Exception {
        HttpResponse<Void> answer = HTTP.send(HttpRequest.newBuilder(URI.create(tally.url()))
                .POST(HttpRequest.BodyPublishers.ofString("{\"id\":\"Webhook:" + event + "\"}")).build(),
                HttpResponse.BodyHandlers.discarding());
        assertEquals(200, answer.statusCode());
    }
}
