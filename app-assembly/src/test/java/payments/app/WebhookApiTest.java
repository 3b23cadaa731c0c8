package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;
import payments.core.platform.Permission;

/**
 * Webhooks end to end: a real receiver on loopback, the assembled server and PostgreSQL. Signatures, envelopes and
 * payloads, the retry schedule under the sandbox clock, the delivery log, replays, the test webhook, key rotation.
 */
class WebhookApiTest {
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);
    private final WebhookReceiver receiver = WebhookReceiver.start();

    @AfterEach
    void stopReceiver() {
        receiver.close();
    }

    /** Points the platform's webhooks at the receiver; the reference's TEST event arrives first. */
    private void connect() {
        assertEquals(200, api.patch("/config", Map.of("webhookEndpoint", receiver.url())).status());
        receiver.awaitOne("TEST");
    }

    private String createCustomer(String name) {
        var created = api.post("/customers", CustomerApiTest.individual(name));
        assertEquals(201, created.status(), created.body().toString());
        return created.string("id");
    }

    private ApiClient.Reply event(String wireId) {
        return api.get("/webhooks/events/" + wireId);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> deliveries(ApiClient.Reply event) {
        return (List<Map<String, Object>>) event.body().get("deliveries");
    }

    private static void assertError(int status, String code, ApiClient.Reply reply) {
        assertEquals(status, reply.status(), reply.body().toString());
        assertEquals(code, reply.code(), reply.body().toString());
    }

    private void advance(long seconds) {
        assertEquals(200, api.post("/sandbox/clock/advance", Map.of("seconds", seconds)).status());
    }

    /** Nothing more of {@code type} arrives for a moment. */
    private void assertStays(String type, int count) {
        WebhookReceiver.pause(400);
        assertEquals(count, receiver.ofType(type).size(), receiver.received().toString());
    }

    @Test
    void the_events_about_one_resource_are_its_history() {
        String first = createCustomer("history-1");
        createCustomer("history-2");
        var events = api.get("/webhooks/events?resourceId=" + first).data();
        assertEquals(1, events.size());
        assertEquals(first, ((Map<?, ?>) events.get(0).get("data")).get("id"));
        assertEquals(0, api.get("/webhooks/events?resourceId=Customer:" + java.util.UUID.randomUUID()).data()
                .size());
    }

    // ---- signature, envelope, payload ----

    @Test
    void the_envelope_timestamp_is_real_time_after_a_sandbox_clock_advance() {
        connect();
        assertEquals(200, api.post("/sandbox/clock/advance", Map.of("seconds", 86_400)).status());
        String customer = createCustomer("time-traveller");

        var delivery = receiver.awaitOne("CUSTOMER.KYC_PENDING");

        Instant sent = Instant.parse((String) delivery.json().get("timestamp"));
        Instant platformNow = Instant.parse((String) api.get("/sandbox/clock").body().get("now"));
        assertTrue(Math.abs(java.time.Duration.between(Instant.now(), sent).toSeconds()) < 60,
                "a receiver's freshness check passes: " + sent + " (" + customer + ")");
        assertTrue(java.time.Duration.between(sent, platformNow).toHours() >= 23,
                "the platform's own time is a day ahead: " + platformNow);
    }

    @Test
    void a_delivery_is_signed_over_its_exact_bytes_with_the_key_published_in_config() {
        connect();
        String customer = createCustomer("signed");

        var delivery = receiver.awaitOne("CUSTOMER.KYC_PENDING");

        String publicKey = api.get("/config").string("webhookPublicKey");
        assertTrue(publicKey.startsWith("-----BEGIN PUBLIC KEY-----\n"), publicKey);
        assertTrue(Signatures.verify(publicKey, delivery.body(), delivery.header("X-Service-Signature")));
        assertTrue(delivery.header("X-Service-Signature").matches("\\{\"v\":\"1\",\"s\":\"[A-Za-z0-9+/=]+\"}"));
        assertNull(delivery.header("X-Service-Signature-Previous"), "no rotation, one signature");
        assertEquals("application/json", delivery.header("Content-Type"));
        byte[] tampered = delivery.body().clone();
        tampered[tampered.length - 2] ^= 1;
        assertFalse(Signatures.verify(publicKey, tampered, delivery.header("X-Service-Signature")));

        assertTrue(delivery.id().matches("Webhook:[0-9a-f-]{36}"), delivery.id());
        Instant sent = Instant.parse((String) delivery.json().get("timestamp"));
        String secret = api.get("/webhooks/keys").string("webhookSecret");
        assertTrue(secret.startsWith("whsec_"), secret);
        assertEquals(delivery.id(), delivery.header("webhook-id"));
        assertEquals(Long.toString(sent.getEpochSecond()), delivery.header("webhook-timestamp"));
        assertTrue(Signatures.standardVerify(secret, delivery.id(), delivery.header("webhook-timestamp"),
                delivery.body(), delivery.header("webhook-signature")), "a Standard Webhooks library accepts it");
        assertFalse(Signatures.standardVerify(secret, delivery.id(), delivery.header("webhook-timestamp"), tampered,
                delivery.header("webhook-signature")));
        assertError(403, "FORBIDDEN", TestServer.withPermissions(api, Permission.VIEW).get("/webhooks/keys"));
        assertEquals(api.get("/customers/" + customer).body(), delivery.data(),
                "the payload is the resource as the API shows it");
    }

    @Test
    void the_key_is_the_platforms_own_and_stays_the_same_until_rotated() {
        String key = api.get("/config").string("webhookPublicKey");
        assertEquals(key, api.get("/config").string("webhookPublicKey"));
        assertNotEquals(key, TestServer.newPlatform(Environment.SANDBOX).get("/config").string("webhookPublicKey"));
        assertEquals(key, api.patch("/config", Map.of("umaDomain", "other.example")).string("webhookPublicKey"));
    }

    @Test
    void payment_and_account_events_carry_each_state_as_it_was() {
        connect();
        String customer = createCustomer("payer");
        String account = (String) api.get("/customers/internal-accounts?customerId=" + customer + "&currency=USD")
                .data().get(0).get("id");
        var funded = api.post("/sandbox/internal-accounts/" + account + "/fund", Map.of("amount", 1000));
        String external = api.post("/customers/external-accounts",
                AccountApiTest.usdAccount(customer, "000000005")).string("id");
        var transfer = api.post("/transfer-out", Map.of("source", Map.of("accountId", account),
                "destination", Map.of("accountId", external), "amount", 400));
        assertEquals("PROCESSING", transfer.string("status"));

        assertEquals(funded.body(), receiver.awaitOne("INTERNAL_ACCOUNT.BALANCE_UPDATED").data());
        var externalEvent = receiver.awaitOne("EXTERNAL_ACCOUNT.STATUS_UPDATED").data();
        assertEquals(external, externalEvent.get("id"));
        assertEquals("ACTIVE", externalEvent.get("status"));
        assertEquals(transfer.body(), receiver.awaitOne("OUTGOING_PAYMENT.PROCESSING").data());

        advance(30); // the 005 suffix: the rail fails the transfer 30 s later
        var failed = receiver.awaitOne("OUTGOING_PAYMENT.FAILED").data();
        assertEquals(api.get("/transactions/" + transfer.string("id")).body(), failed);
        assertEquals("FAILED", failed.get("status"));
        assertEquals("PROCESSING", receiver.awaitOne("OUTGOING_PAYMENT.PROCESSING").data().get("status"),
                "an earlier event keeps the state it reported");

        assertEquals(204, api.delete("/customers/external-accounts/" + external).status());
        var removed = receiver.await("EXTERNAL_ACCOUNT.STATUS_UPDATED", 2).get(1).data();
        assertEquals("INACTIVE", removed.get("status"));
    }

    @Test
    void a_kyc_status_change_sends_a_customer_event_and_other_updates_do_not() {
        connect();
        String customer = createCustomer("kyc");
        receiver.awaitOne("CUSTOMER.KYC_PENDING");
        Map<String, Object> update = new HashMap<>(Map.of("customerType", "INDIVIDUAL", "phoneNumber",
                "+15555550123"));
        assertEquals(200, api.patch("/customers/" + customer, update).status());
        update.put("kycStatus", "APPROVED");
        var approved = api.patch("/customers/" + customer, update);

        assertEquals(approved.body(), receiver.awaitOne("CUSTOMER.KYC_APPROVED").data());
        assertStays("CUSTOMER.KYC_PENDING", 1);
    }

    @Test
    void a_claimed_invitation_is_announced_to_the_inviting_platform() {
        connect();
        Map<String, Object> alice = CustomerApiTest.individual("alice");
        alice.put("umaAddress", "$alice@test.example");
        assertEquals(201, api.post("/customers", alice).status());
        String code = api.post("/invitations", Map.of("inviterUma", "$alice@test.example")).string("code");
        ApiClient invitee = TestServer.newPlatform(Environment.SANDBOX, "beta.example");

        var claimed = invitee.post("/invitations/" + code + "/claim", Map.of("inviteeUma", "$bob@beta.example"));

        assertEquals(200, claimed.status());
        assertEquals(claimed.body(), receiver.awaitOne("INVITATION.CLAIMED").data());
        assertEquals(0, invitee.get("/webhooks/events?type=INVITATION.CLAIMED").data().size());
    }

    // ---- same database transaction ----

    @Test
    void a_refused_request_writes_no_event() {
        connect();
        String customer = createCustomer("refused");
        String account = (String) api.get("/customers/internal-accounts?customerId=" + customer + "&currency=USD")
                .data().get(0).get("id");
        String external = api.post("/customers/external-accounts",
                AccountApiTest.usdAccount(customer, "000000001")).string("id");
        long before = (long) api.get("/webhooks/events").body().get("totalCount");

        assertError(400, "INSUFFICIENT_BALANCE", api.post("/transfer-out", Map.of("source",
                Map.of("accountId", account), "destination", Map.of("accountId", external), "amount", 400)));
        assertError(409, "CONFLICT", api.post("/customers", CustomerApiTest.individual("refused")));

        assertEquals(before, api.get("/webhooks/events").body().get("totalCount"));
    }

    @Test
    void a_platform_without_an_endpoint_has_its_events_recorded_as_not_sent() {
        String customer = createCustomer("quiet");

        var events = api.get("/webhooks/events?type=CUSTOMER.KYC_PENDING").data();
        assertEquals(1, events.size());
        assertEquals("NOT_SENT", events.get(0).get("status"));
        assertEquals(0L, events.get(0).get("attempts"));
        assertEquals(customer, ((Map<?, ?>) events.get(0).get("data")).get("id"));
        assertError(400, "WEBHOOK_ENDPOINT_NOT_SET", api.post("/webhooks/events/" + events.get(0).get("id")
                + "/replay", null));

        connect();
        var replayed = api.post("/webhooks/events/" + events.get(0).get("id") + "/replay", null);
        assertEquals(200, replayed.status(), replayed.body().toString());
        assertEquals(events.get(0).get("id"), receiver.awaitOne("CUSTOMER.KYC_PENDING").id());
    }

    // ---- retries and the delivery log ----

    @Test
    void a_failing_endpoint_is_retried_on_the_published_schedule_under_the_sandbox_clock() {
        connect();
        receiver.answer(503);
        createCustomer("retried");
        String type = "CUSTOMER.KYC_PENDING";
        String id = receiver.awaitOne(type).id();
        awaitRecorded(id, 1);

        long[] waits = {5, 300, 1800, 7200, 18_000, 36_000, 36_000};
        for (int i = 0; i < waits.length; i++) {
            advance(waits[i] - 1);
            assertStays(type, i + 1);
            advance(1);
            receiver.await(type, i + 2);
            awaitRecorded(id, i + 2);
        }
        advance(100 * 3600);
        assertStays(type, 8);

        var exhausted = event(id);
        assertEquals("EXHAUSTED", exhausted.string("status"));
        assertEquals(8L, exhausted.body().get("attempts"));
        assertEquals(503L, exhausted.body().get("lastResponseStatus"));
        var log = deliveries(exhausted);
        assertEquals(8, log.size());
        for (int i = 0; i < log.size(); i++) {
            assertEquals((long) i + 1, log.get(i).get("attempt"));
            assertEquals("FAILED", log.get(i).get("outcome"));
            assertEquals(503L, log.get(i).get("responseStatus"));
            assertEquals(receiver.url(), log.get(i).get("url"));
            assertTrue((long) log.get(i).get("latencyMillis") >= 0);
        }
        assertTrue(receiver.ofType(type).stream().allMatch(d -> d.id().equals(id)), "one id on every attempt");
        Instant first = Instant.parse((String) log.get(0).get("startedAt"));
        Instant second = Instant.parse((String) log.get(1).get("startedAt"));
        assertTrue(!second.isBefore(first.plusSeconds(5)), first + " then " + second);

        receiver.answer(200);
        var replayed = api.post("/webhooks/events/replay-exhausted", null);
        assertEquals(Map.of("replayed", 1L), replayed.body());
        receiver.await(type, 9);
        awaitStatus(id, "DELIVERED");
        var delivered = deliveries(event(id));
        assertEquals("DELIVERED", delivered.get(8).get("outcome"));
        assertEquals(Map.of("replayed", 0L), api.post("/webhooks/events/replay-exhausted", Map.of()).body());
    }

    /**
     * The attempt's outcome is recorded (the receiver has its call a moment before): the next retry is scheduled
     * from the platform's time then, so the clock must not move before.
     */
    private void awaitRecorded(String id, int attempts) {
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(15).toNanos();
        while (true) {
            var log = deliveries(event(id));
            if (log.size() == attempts && !"IN_FLIGHT".equals(log.get(attempts - 1).get("outcome"))) {
                return;
            }
            assertTrue(System.nanoTime() < deadline, "attempt " + attempts + " not recorded: " + log);
            WebhookReceiver.pause(20);
        }
    }

    private void awaitStatus(String id, String status) {
        for (int i = 0; i < 200 && !status.equals(event(id).string("status")); i++) {
            WebhookReceiver.pause(25);
        }
        assertEquals(status, event(id).string("status"));
    }

    @Test
    void an_endpoint_that_recovers_gets_the_retry_and_a_409_counts_as_already_processed() {
        connect();
        receiver.answer(d -> WebhookReceiver.Answer.of(d.type().equals("CUSTOMER.KYC_PENDING")
                && receiver.ofType("CUSTOMER.KYC_PENDING").size() == 1 ? 500 : 409));
        createCustomer("recovering");
        String id = receiver.awaitOne("CUSTOMER.KYC_PENDING").id();

        advance(5);

        receiver.await("CUSTOMER.KYC_PENDING", 2);
        awaitStatus(id, "DELIVERED");
        var log = deliveries(event(id));
        assertEquals(List.of("FAILED", "DELIVERED"), log.stream().map(a -> a.get("outcome")).toList());
        assertEquals(List.of(500L, 409L), log.stream().map(a -> a.get("responseStatus")).toList());
    }

    @Test
    void replaying_a_delivered_event_sends_it_again_with_the_same_id_and_data() {
        connect();
        createCustomer("replayed");
        var first = receiver.awaitOne("CUSTOMER.KYC_PENDING");
        awaitStatus(first.id(), "DELIVERED");

        var replayed = TestServer.withPermissions(api, payments.core.platform.Permission.MANAGE)
                .post("/webhooks/events/" + first.id() + "/replay", Map.of());

        assertEquals(200, replayed.status(), "MANAGE replays and is answered without VIEW: " + replayed.body());
        var again = receiver.await("CUSTOMER.KYC_PENDING", 2).get(1);
        assertEquals(first.id(), again.id());
        assertEquals(first.data(), again.data());
        awaitStatus(first.id(), "DELIVERED");
        assertEquals(2L, event(first.id()).body().get("attempts"));
    }

    // ---- listing ----

    @Test
    void events_are_listed_newest_first_with_filters_and_cursor_pages() {
        connect();
        createCustomer("one");
        createCustomer("two");
        receiver.await("CUSTOMER.KYC_PENDING", 2);

        var all = api.get("/webhooks/events");
        assertEquals(List.of("CUSTOMER.KYC_PENDING", "CUSTOMER.KYC_PENDING", "TEST"),
                all.data().stream().map(e -> e.get("type")).toList());
        assertEquals("two", ((Map<?, ?>) all.data().get(0).get("data")).get("platformCustomerId"));
        var page = api.get("/webhooks/events?limit=2");
        assertEquals(true, page.body().get("hasMore"));
        var rest = api.get("/webhooks/events?limit=2&cursor=" + page.string("nextCursor"));
        assertEquals(List.of("TEST"), rest.data().stream().map(e -> e.get("type")).toList());
        assertEquals(1, api.get("/webhooks/events?type=TEST").data().size());
        assertNull(api.get("/webhooks/events?type=TEST").data().get(0).get("data"));
        assertEquals(0, api.get("/webhooks/events?status=EXHAUSTED").data().size());

        assertEquals(List.of("status"), api.get("/webhooks/events?status=LOST").invalidFields());
        assertEquals(List.of("sort"), api.get("/webhooks/events?sort=asc").invalidFields());
        assertEquals(List.of("eventId"), api.get("/webhooks/events/Customer:1").invalidFields());
        assertError(404, "NOT_FOUND", api.get("/webhooks/events/Webhook:00000000-0000-4000-8000-000000000000"));
        String other = TestServer.newPlatform(Environment.SANDBOX).get("/webhooks/events").string("nextCursor");
        assertNull(other);
        String mine = (String) all.data().get(0).get("id");
        assertError(404, "NOT_FOUND", TestServer.newPlatform(Environment.SANDBOX).get("/webhooks/events/" + mine));
        assertEquals(List.of("reason"), api.post("/webhooks/events/" + mine + "/replay",
                Map.of("reason", "x")).invalidFields());
        assertError(403, "FORBIDDEN", TestServer.withPermissions(api, Permission.VIEW)
                .post("/webhooks/events/" + mine + "/replay", null));
        assertError(403, "FORBIDDEN", TestServer.withPermissions(api, Permission.TRANSACT)
                .get("/webhooks/events"));
    }

    // ---- the test webhook ----

    @Test
    void the_test_webhook_reports_what_the_endpoint_answered() {
        connect();
        receiver.answer(d -> new WebhookReceiver.Answer(200, "thanks", 0));

        var sent = api.post("/sandbox/webhooks/test", null);

        assertEquals(200, sent.status(), sent.body().toString());
        assertEquals(Map.of("url", receiver.url(), "response_status", 200L, "response_body", "thanks"), sent.body());
        var test = receiver.await("TEST", 2).get(1);
        assertNull(test.data());
        assertTrue(Signatures.verify(api.get("/config").string("webhookPublicKey"), test.body(),
                test.header("X-Service-Signature")));
        var logged = event(test.id());
        assertEquals("DELIVERED", logged.string("status"));
        assertEquals(1, deliveries(logged).size());
    }

    @Test
    void the_test_webhook_needs_an_endpoint_and_an_acknowledging_answer() {
        assertError(400, "WEBHOOK_ENDPOINT_NOT_SET", api.post("/sandbox/webhooks/test", null));

        connect();
        receiver.answer(500);
        var refused = api.post("/sandbox/webhooks/test", null);
        assertError(400, "WEBHOOK_DELIVERY_ERROR", refused);
        assertEquals(500L, ((Map<?, ?>) refused.body().get("details")).get("responseStatus"));

        receiver.close();
        var unreachable = api.post("/sandbox/webhooks/test", null);
        assertError(400, "WEBHOOK_DELIVERY_ERROR", unreachable);
        assertEquals(receiver.url(), ((Map<?, ?>) unreachable.body().get("details")).get("url"));
        assertEquals(2, api.get("/webhooks/events?type=TEST&status=EXHAUSTED").data().size(),
                "failed tests are logged too");
    }

    @Test
    void a_production_platform_has_no_test_webhook_and_a_non_http_endpoint_is_refused() {
        assertError(403, "FORBIDDEN", TestServer.newPlatform(Environment.PRODUCTION)
                .post("/sandbox/webhooks/test", null));
        assertEquals(List.of("webhookEndpoint"),
                api.patch("/config", Map.of("webhookEndpoint", "ftp://example.com/hooks")).invalidFields());
        assertEquals(List.of("webhookEndpoint"),
                api.patch("/config", Map.of("webhookEndpoint", "file:///etc/passwd")).invalidFields());
    }

    // ---- key rotation ----

    @Test
    void during_a_rotations_overlap_both_keys_sign_and_afterwards_only_the_new_one() {
        connect();
        String oldKey = api.get("/config").string("webhookPublicKey");

        var rotated = api.post("/webhooks/keys/rotate", Map.of("overlapSeconds", 3600));

        assertEquals(200, rotated.status(), rotated.body().toString());
        String newKey = rotated.string("webhookPublicKey");
        assertNotEquals(oldKey, newKey);
        assertEquals(oldKey, rotated.string("previousWebhookPublicKey"));
        assertEquals(newKey, api.get("/config").string("webhookPublicKey"));
        createCustomer("overlap");
        var during = receiver.awaitOne("CUSTOMER.KYC_PENDING");
        assertTrue(Signatures.verify(newKey, during.body(), during.header("X-Service-Signature")));
        assertTrue(Signatures.verify(oldKey, during.body(), during.header("X-Service-Signature-Previous")));
        assertFalse(Signatures.verify(oldKey, during.body(), during.header("X-Service-Signature")));
        String standard = during.header("webhook-signature");
        assertEquals(2, standard.split(" ").length, standard);
        for (String secret : List.of(rotated.string("webhookSecret"), rotated.string("previousWebhookSecret"))) {
            assertTrue(Signatures.standardVerify(secret, during.id(), during.header("webhook-timestamp"),
                    during.body(), standard));
        }
        assertNotEquals(rotated.string("webhookSecret"), rotated.string("previousWebhookSecret"));
        assertEquals(rotated.string("webhookSecret"), api.get("/webhooks/keys").string("webhookSecret"));

        advance(3600);
        createCustomer("after");
        var after = receiver.await("CUSTOMER.KYC_PENDING", 2).get(1);
        assertTrue(Signatures.verify(newKey, after.body(), after.header("X-Service-Signature")));
        assertNull(after.header("X-Service-Signature-Previous"));

        var immediate = api.post("/webhooks/keys/rotate", Map.of("overlapSeconds", 0));
        assertNull(immediate.body().get("previousWebhookPublicKey"));
        assertEquals(List.of("overlapSeconds"),
                api.post("/webhooks/keys/rotate", Map.of("overlapSeconds", -1)).invalidFields());
        assertError(403, "FORBIDDEN", TestServer.withPermissions(api, Permission.VIEW)
                .post("/webhooks/keys/rotate", null));
    }
}
