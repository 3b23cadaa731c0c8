package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;

/**
 * Incoming payments that need the platform's approval ({@code POST /sandbox/uma/receive} with
 * {@code requireApproval}): the synchronous INCOMING_PAYMENT.PENDING webhook and each kind of answer. The receiver
 * is credited only on approval, and the books stay balanced whatever happens.
 */
class PaymentApprovalApiTest {
    private static final String PENDING = "INCOMING_PAYMENT.PENDING";
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);
    private final WebhookReceiver receiver = WebhookReceiver.start();
    private final String customer;
    private final String account;

    PaymentApprovalApiTest() {
        customer = api.post("/customers", CustomerApiTest.individual("receiver")).string("id");
        account = (String) api.get("/customers/internal-accounts?customerId=" + customer + "&currency=USD")
                .data().get(0).get("id");
    }

    @AfterEach
    void checkBooksAndStop() {
        assertEquals(true, api.get("/sandbox/ledger/check").body().get("balanced"));
        receiver.close();
    }

    private void connect() {
        assertEquals(200, api.patch("/config", Map.of("webhookEndpoint", receiver.url())).status());
        receiver.awaitOne("TEST");
    }

    @Test
    void a_payment_from_the_receivers_own_address_is_refused() {
        ApiClient onSandboxDomain = TestServer.newPlatform(Environment.SANDBOX, "sandbox.uma.money");
        var ada = CustomerApiTest.individual("ada");
        ada.put("umaAddress", "$ada@sandbox.uma.money");
        assertEquals(201, onSandboxDomain.post("/customers", ada).status());

        var self = onSandboxDomain.post("/sandbox/uma/receive", Map.of("senderUmaAddress", "$ada@sandbox.uma.money",
                "receiverUmaAddress", "$ada@sandbox.uma.money", "receivingCurrencyCode", "USD",
                "receivingCurrencyAmount", 700));

        assertEquals(400, self.status(), self.raw().body());
        assertEquals("SELF_PAYMENT", self.code());
        assertTrue(onSandboxDomain.get("/transactions").data().isEmpty(), "nothing written");
    }

    private ApiClient.Reply receive() {
        return receive(api);
    }

    private ApiClient.Reply receive(ApiClient client) {
        return client.post("/sandbox/uma/receive", Map.of("senderUmaAddress", "$jane.doe@sandbox.uma.money",
                "customerId", customer, "receivingCurrencyCode", "USD", "receivingCurrencyAmount", 700,
                "requireApproval", true));
    }

    private long balance() {
        var a = api.get("/customers/internal-accounts?customerId=" + customer + "&currency=USD").data().get(0);
        return (long) ((Map<?, ?>) a.get("balance")).get("amount");
    }

    private List<String> paymentEvents() {
        return api.get("/webhooks/events?limit=100").data().stream().map(e -> (String) e.get("type"))
                .filter(t -> t.startsWith("INCOMING_PAYMENT")).toList();
    }

    @Test
    void a_200_answer_approves_and_credits_the_receiver() {
        connect();

        var received = receive();

        assertEquals(200, received.status(), received.body().toString());
        assertEquals("COMPLETED", received.string("status"));
        assertEquals(700, balance());
        var asked = receiver.awaitOne(PENDING);
        assertEquals(received.string("id"), asked.data().get("id"));
        assertEquals("PENDING", asked.data().get("status"));
        assertEquals(List.of(), asked.data().get("requestedReceiverCustomerInfoFields"));
        assertTrue(Signatures.verify(api.get("/config").string("webhookPublicKey"), asked.body(),
                asked.header("X-Service-Signature")));
        assertEquals(account, ((Map<?, ?>) receiver.awaitOne("INCOMING_PAYMENT.COMPLETED").data()
                .get("destination")).get("accountId"));
        WebhookReceiver.pause(300);
        assertEquals(1, receiver.ofType(PENDING).size(), "the approval webhook is not retried");
        assertEquals(List.of("INCOMING_PAYMENT.COMPLETED", PENDING), paymentEvents());
        String request = (String) api.get("/webhooks/events?type=" + PENDING).data().get(0).get("id");
        var replay = api.post("/webhooks/events/" + request + "/replay", null);
        assertEquals(409, replay.status(), "nor replayed: the payment was decided");
        assertEquals("CONFLICT", replay.code());
        WebhookReceiver.pause(300);
        assertEquals(1, receiver.ofType(PENDING).size());
    }

    @Test
    void a_202_answer_leaves_five_seconds_to_approve() {
        connect();
        receiver.answer(202);

        var pending = receive();

        assertEquals("PENDING", pending.string("status"));
        assertEquals(0, balance(), "no money before the approval");
        var approved = api.post("/transactions/" + pending.string("id") + "/approve",
                Map.of("receiverCustomerInfo", Map.of("FULL_NAME", "Ada Lovelace")));
        assertEquals(200, approved.status(), "the fields the webhook asked for: " + approved.body());
        assertEquals("COMPLETED", approved.string("status"));
        assertEquals(700, balance());
        assertEquals(409, api.post("/transactions/" + pending.string("id") + "/reject", null).status());
        api.post("/sandbox/clock/advance", Map.of("seconds", 60));
        assertEquals("COMPLETED", api.get("/transactions/" + pending.string("id")).string("status"),
                "the deadline passes harmlessly after a decision");
    }

    @Test
    void a_rejected_payment_credits_nothing_and_cannot_be_approved_after() {
        connect();
        receiver.answer(202);

        var pending = receive();
        var rejected = api.post("/transactions/" + pending.string("id") + "/reject", Map.of("reason", "unexpected"));

        assertEquals(200, rejected.status(), rejected.raw().body());
        assertEquals("REJECTED", rejected.string("status"));
        assertEquals("unexpected", rejected.string("rejectionReason"));
        assertEquals(0, balance());
        assertEquals(409, api.post("/transactions/" + pending.string("id") + "/approve", null).status());
    }

    @Test
    void with_an_idempotency_key_the_platform_sees_the_payment_it_is_asked_about_and_a_repeat_gets_the_answer() {
        connect();
        List<Integer> seen = new CopyOnWriteArrayList<>();
        receiver.answer(d -> {
            if (PENDING.equals(d.type())) { // the platform looks the payment up before it answers
                seen.add(api.get("/transactions/" + d.data().get("id")).status());
            }
            return WebhookReceiver.Answer.of(200);
        });
        var keyed = api.withHeader("Idempotency-Key", UUID.randomUUID().toString());

        var first = receive(keyed);
        var again = receive(keyed);

        assertEquals(List.of(200), seen, "the payment was committed before its platform was asked");
        assertEquals("COMPLETED", first.string("status"), first.body().toString());
        assertEquals(first.raw().body(), again.raw().body());
        assertEquals("true", again.raw().headers().firstValue("Idempotent-Replayed").orElse(null));
        assertEquals(700, balance(), "credited once");
        assertEquals(1, receiver.ofType(PENDING).size(), "asked once");
    }

    @Test
    void an_approval_repeated_with_its_idempotency_key_credits_the_receiver_once() {
        connect();
        receiver.answer(202);
        String id = receive().string("id");
        var keyed = api.withHeader("Idempotency-Key", UUID.randomUUID().toString());

        var first = keyed.post("/transactions/" + id + "/approve", null);
        var again = keyed.post("/transactions/" + id + "/approve", null);

        assertEquals("COMPLETED", first.string("status"), first.body().toString());
        assertEquals(200, again.status(), again.body().toString());
        assertEquals(first.raw().body(), again.raw().body());
        assertEquals("true", again.raw().headers().firstValue("Idempotent-Replayed").orElse(null));
        assertEquals(700, balance(), "credited once");
        receiver.awaitOne("INCOMING_PAYMENT.COMPLETED");
        assertEquals(1L, paymentEvents().stream().filter("INCOMING_PAYMENT.COMPLETED"::equals).count(),
                "one completion, one event");
    }

    @Test
    void a_202_answer_with_no_decision_in_five_seconds_times_out() {
        connect();
        receiver.answer(202);
        String id = receive().string("id");

        api.post("/sandbox/clock/advance", Map.of("seconds", 4));
        assertEquals("PENDING", api.get("/transactions/" + id).string("status"));
        api.post("/sandbox/clock/advance", Map.of("seconds", 1));

        var t = api.get("/transactions/" + id);
        assertEquals("FAILED", t.string("status"));
        assertEquals("PAYMENT_APPROVAL_TIMED_OUT", t.string("failureReason"));
        assertEquals(0, balance());
        assertEquals(409, api.post("/transactions/" + id + "/approve", null).status());
        assertEquals("FAILED", receiver.awaitOne("INCOMING_PAYMENT.FAILED").data().get("status"));
    }

    @Test
    void a_403_answer_rejects_the_payment() {
        connect();
        receiver.answer(403);

        var rejected = receive();

        assertEquals("REJECTED", rejected.string("status"));
        assertEquals(0, balance());
        assertEquals("REJECTED", receiver.awaitOne("INCOMING_PAYMENT.FAILED").data().get("status"));
    }

    @Test
    void an_error_answer_or_an_unreachable_endpoint_fails_with_the_webhook_error() {
        connect();
        receiver.answer(500);
        var failed = receive();
        assertEquals("FAILED", failed.string("status"));
        assertEquals("PAYMENT_APPROVAL_WEBHOOK_ERROR", failed.string("failureReason"));

        receiver.close();
        var unreachable = receive();
        assertEquals("PAYMENT_APPROVAL_WEBHOOK_ERROR", unreachable.string("failureReason"));
        assertEquals(0, balance());
        var logged = api.get("/webhooks/events?type=" + PENDING + "&status=EXHAUSTED").data();
        assertEquals(2, logged.size(), "each approval webhook is in the log with its one failed attempt");
    }

    @Test
    void an_endpoint_slower_than_the_timeout_fails_with_approval_timed_out() {
        connect();
        receiver.answer(d -> new WebhookReceiver.Answer(200, "", TestServer.WEBHOOK_TIMEOUT_MILLIS + 1000));

        var late = receive();

        assertEquals("FAILED", late.string("status"));
        assertEquals("PAYMENT_APPROVAL_TIMED_OUT", late.string("failureReason"));
        assertEquals(0, balance(), "a late yes does not count");
        var logged = api.get("/webhooks/events?type=" + PENDING).data().get(0);
        var log = api.get("/webhooks/events/" + logged.get("id")).body().get("deliveries");
        assertEquals("TIMED_OUT", ((Map<?, ?>) ((List<?>) log).get(0)).get("outcome"));
    }

    @Test
    void approval_needs_an_endpoint_and_a_payment_without_it_completes_at_once() {
        var refused = receive();
        assertEquals(400, refused.status());
        assertEquals("WEBHOOK_ENDPOINT_NOT_SET", refused.code());
        assertFalse(api.get("/transactions").data().stream().anyMatch(t -> "INCOMING".equals(t.get("type"))),
                "nothing was recorded");

        var plain = api.post("/sandbox/uma/receive", Map.of("senderUmaAddress", "$jane.doe@sandbox.uma.money",
                "customerId", customer, "receivingCurrencyCode", "USD", "receivingCurrencyAmount", 700,
                "requireApproval", false));
        assertEquals("COMPLETED", plain.string("status"));
        assertEquals(List.of("requireApproval"), api.post("/sandbox/uma/receive", Map.of("senderUmaAddress",
                "$jane.doe@sandbox.uma.money", "customerId", customer, "receivingCurrencyCode", "USD",
                "receivingCurrencyAmount", 700, "requireApproval", "yes")).invalidFields());
    }
}
