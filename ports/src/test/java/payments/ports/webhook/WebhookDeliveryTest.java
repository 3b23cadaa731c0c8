package payments.ports.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.ports.World.individual;
import static payments.ports.World.json;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.platform.Caller;
import payments.core.platform.Platform;
import payments.core.webhook.AttemptOutcome;
import payments.core.webhook.DeliveryAttempt;
import payments.core.webhook.EventStatus;
import payments.core.webhook.WebhookEvent;
import payments.ports.World;
import payments.ports.customer.NewCustomer;
import payments.ports.driven.webhook.WebhookTransport;
import payments.ports.fakes.FakeWebhookSigner;

/** The delivery worker's rules with in-memory fakes: what is sent, the schedule, the log, failures in isolation. */
class WebhookDeliveryTest {
    private static final String HOOKS = "https://hooks.acme.example/payments";
    private final World w = new World();
    private final Platform acme = w.sandboxWithEndpoint(HOOKS);
    private final Caller caller = w.caller(acme);

    private WebhookEvent customerEvent() {
        w.customerService.create(caller, NewCustomer.fromJson(individual()));
        var events = w.outbox.events(acme.id());
        return events.get(events.size() - 1);
    }

    private WebhookEvent stored(WebhookEvent e) {
        return w.outbox.find(acme.id(), e.id()).orElseThrow();
    }

    @Test
    void an_event_is_posted_in_the_reference_envelope_signed_and_marked_delivered() {
        WebhookEvent e = customerEvent();

        assertTrue(w.webhookDelivery.deliverNext());

        var call = w.endpoint.calls().get(0);
        assertEquals(HOOKS, call.url());
        assertEquals(e.wireId(), call.envelope().get("id"));
        assertEquals("CUSTOMER.KYC_PENDING", call.envelope().get("type"));
        assertEquals(w.clock.now().toString(), call.envelope().get("timestamp"));
        assertEquals(e.data(), call.envelope().get("data"));
        long sent = w.clock.now().getEpochSecond();
        assertEquals(Map.of(WebhookKeyService.SIGNATURE_HEADER, "{\"v\":\"1\",\"s\":\""
                + FakeWebhookSigner.signature(1, call.envelope().toString()) + "\"}",
                WebhookKeyService.STANDARD_ID_HEADER, e.wireId(),
                WebhookKeyService.STANDARD_TIMESTAMP_HEADER, Long.toString(sent),
                WebhookKeyService.STANDARD_SIGNATURE_HEADER,
                FakeWebhookSigner.standard(1, e.wireId(), sent, call.envelope().toString())), call.headers());
        assertEquals(EventStatus.DELIVERED, stored(e).status());
        assertEquals(200, stored(e).lastResponseStatus());
        assertFalse(w.webhookDelivery.deliverNext(), "nothing else is due");
        assertEquals(List.of(AttemptOutcome.DELIVERED), w.outbox.attempts(acme.id(), e.id()).stream()
                .map(DeliveryAttempt::outcome).toList());
    }

    @Test
    void a_failing_endpoint_gets_the_published_schedule_then_the_event_is_exhausted() {
        WebhookEvent e = customerEvent();
        w.endpoint.answer(500, 500, 500, 500, 500, 500, 500, 500);

        assertTrue(w.webhookDelivery.deliverNext());
        for (Duration wait : List.of(Duration.ofSeconds(5), Duration.ofMinutes(5), Duration.ofMinutes(30),
                Duration.ofHours(2), Duration.ofHours(5), Duration.ofHours(10), Duration.ofHours(10))) {
            assertEquals(w.clock.now().plus(wait), stored(e).nextAttemptAt());
            w.clock.advance(wait.minusSeconds(1));
            assertFalse(w.webhookDelivery.deliverNext(), "not before " + wait);
            w.clock.advance(Duration.ofSeconds(1));
            assertTrue(w.webhookDelivery.deliverNext());
        }

        assertEquals(EventStatus.EXHAUSTED, stored(e).status());
        assertEquals(8, w.endpoint.calls().size());
        assertTrue(w.endpoint.calls().stream().allMatch(c -> c.envelope().get("id").equals(e.wireId())));
        w.clock.advance(Duration.ofDays(30));
        assertFalse(w.webhookDelivery.deliverNext());

        assertEquals(1, w.webhookService.replayExhausted(caller));
        assertTrue(w.webhookDelivery.deliverNext());
        assertEquals(EventStatus.DELIVERED, stored(e).status());
        assertEquals(9, w.outbox.attempts(acme.id(), e.id()).size());
    }

    @Test
    void a_failure_while_preparing_one_event_is_that_events_failed_attempt_and_the_next_still_goes() {
        WebhookEvent poisoned = customerEvent();
        WebhookDelivery fragile = new WebhookDelivery(w.outbox, w.platforms, w.webhookKeyService,
                (environment, url, envelope, headers, timeout) -> {
                    if (envelope.get("id").equals(poisoned.wireId())) {
                        throw new IllegalStateException("cannot render");
                    }
                    return WebhookTransport.Result.answered(204, "", 1);
                }, w.platformClock, w.ids, w.tx, new WebhookDelivery.Limits(Duration.ofSeconds(10), 2));
        WebhookEvent healthy = customerEvent();

        assertTrue(fragile.deliverNext());
        assertTrue(fragile.deliverNext());

        assertEquals(EventStatus.PENDING, stored(poisoned).status());
        DeliveryAttempt failed = w.outbox.attempts(acme.id(), poisoned.id()).get(0);
        assertEquals(AttemptOutcome.FAILED, failed.outcome());
        assertEquals("internal error: IllegalStateException", failed.error());
        assertEquals(EventStatus.DELIVERED, stored(healthy).status());
    }

    /** A delivery whose call answers {@code answer} as the process's stop interrupts it (as the transport does). */
    private WebhookDelivery stoppingDuringTheCall(WebhookTransport.Result answer) {
        return new WebhookDelivery(w.outbox, w.platforms, w.webhookKeyService, (environment, url, envelope, headers, timeout) -> {
            Thread.currentThread().interrupt();
            return answer;
        }, w.platformClock, w.ids, w.tx, new WebhookDelivery.Limits(Duration.ofSeconds(10), 2));
    }

    @Test
    void a_call_cut_short_by_the_process_stopping_is_given_back_uncounted_and_nothing_more_is_claimed() {
        WebhookEvent cut = customerEvent();
        WebhookEvent next = customerEvent();
        int budget = stored(cut).maxAttempts();

        assertFalse(stoppingDuringTheCall(WebhookTransport.Result.failed("interrupted (the server is stopping)", 7))
                .deliverNext());

        assertTrue(Thread.interrupted(), "the stop's interrupt is kept for the worker's loop");
        DeliveryAttempt abandoned = w.outbox.attempts(acme.id(), cut.id()).get(0);
        assertEquals(AttemptOutcome.ABANDONED, abandoned.outcome());
        assertEquals(WebhookDelivery.STOPPED, abandoned.error());
        assertEquals(EventStatus.PENDING, stored(cut).status());
        assertEquals(budget + 1, stored(cut).maxAttempts(), "the cut attempt does not count");
        assertEquals(0, stored(next).attempts(), "not claimed while stopping");
        assertTrue(w.webhookDelivery.deliverNext(), "due again at once, the endpoint not paused");
        assertEquals(EventStatus.DELIVERED, stored(cut).status());
    }

    @Test
    void a_call_answered_as_the_process_stops_is_recorded_delivered() {
        WebhookEvent e = customerEvent();

        assertFalse(stoppingDuringTheCall(WebhookTransport.Result.answered(200, "", 3)).deliverNext());

        assertTrue(Thread.interrupted());
        assertEquals(EventStatus.DELIVERED, stored(e).status());
    }

    @Test
    void a_timeout_is_logged_as_such_and_retried() {
        WebhookEvent e = customerEvent();
        w.endpoint.answer(WebhookTransport.Result.timedOut(10_000));

        w.webhookDelivery.deliverNext();

        assertEquals(AttemptOutcome.TIMED_OUT, w.outbox.attempts(acme.id(), e.id()).get(0).outcome());
        assertEquals(EventStatus.PENDING, stored(e).status());
        assertNull(stored(e).lastResponseStatus());
    }

    @Test
    void a_platform_whose_endpoint_timed_out_waits_while_the_workers_serve_others_until_it_answers_again() {
        WebhookEvent first = customerEvent();
        w.clock.advance(Duration.ofSeconds(1));
        WebhookEvent second = customerEvent();
        w.clock.advance(Duration.ofSeconds(1));
        Platform other = w.sandboxWithEndpoint("https://other.example/hooks");
        w.customerService.create(w.caller(other), NewCustomer.fromJson(individual()));
        w.endpoint.answer(WebhookTransport.Result.timedOut(10_000));

        assertTrue(w.webhookDelivery.deliverNext());
        assertEquals(AttemptOutcome.TIMED_OUT, w.outbox.attempts(acme.id(), first.id()).get(0).outcome());
        assertTrue(w.webhookDelivery.deliverNext());
        assertEquals("https://other.example/hooks", lastCallUrl(), "the other platform's, though due later");
        assertFalse(w.webhookDelivery.deliverNext(), "the paused platform's events wait");
        assertEquals(0, stored(second).attempts(), "spending no attempt");

        w.clock.advance(EndpointPauses.FIRST.minusSeconds(1));
        assertFalse(w.webhookDelivery.deliverNext(), "until the pause ends");
        w.clock.advance(Duration.ofSeconds(1));
        assertTrue(w.webhookDelivery.deliverNext());
        assertEquals(EventStatus.DELIVERED, stored(second).status());
        assertTrue(w.webhookDelivery.deliverNext(), "an answer ended the pause");
        assertEquals(EventStatus.DELIVERED, stored(first).status());
        assertEquals(4, w.endpoint.calls().size());
    }

    @Test
    void a_connection_that_never_opens_pauses_the_platform_and_one_refused_at_once_does_not() {
        WebhookEvent refused = customerEvent();
        WebhookEvent hung = customerEvent();
        WebhookEvent waiting = customerEvent();
        w.endpoint.answer(WebhookTransport.Result.failed("java.net.ConnectException", 2));
        w.endpoint.answer(WebhookTransport.Result.failed("java.net.http.HttpConnectTimeoutException", 5_000));

        assertTrue(w.webhookDelivery.deliverNext());
        assertEquals(1, stored(refused).attempts());
        assertTrue(w.webhookDelivery.deliverNext(), "a refusal in 2 ms holds no worker: no pause");
        assertEquals(1, stored(hung).attempts());
        assertFalse(w.webhookDelivery.deliverNext(), "5 s without a connection: paused");
        assertEquals(0, stored(waiting).attempts());
    }

    @Test
    void the_pause_doubles_with_each_timeout_in_a_row_and_the_platforms_own_clock_advance_still_calls_it() {
        assertEquals(List.of(30L, 60L, 120L, 240L, 480L, 960L, 960L), java.util.stream.IntStream.rangeClosed(1, 7)
                .mapToObj(n -> EndpointPauses.length(n).toSeconds()).toList());
        assertEquals(EndpointPauses.LONGEST, EndpointPauses.length(100));

        WebhookEvent e = customerEvent();
        w.endpoint.answer(WebhookTransport.Result.timedOut(10_000));
        assertTrue(w.webhookDelivery.deliverNext());
        w.clock.advance(Duration.ofSeconds(5)); // the retry is due
        assertFalse(w.webhookDelivery.deliverNext(), "paused for the workers");

        assertEquals(1, w.webhookDelivery.deliverDue(acme.id()), "a sandbox clock advance of the platform");
        assertEquals(EventStatus.DELIVERED, stored(e).status());
    }

    @Test
    void a_pause_ends_when_the_platform_configures_another_endpoint() {
        customerEvent();
        w.clock.advance(Duration.ofSeconds(1));
        WebhookEvent next = customerEvent();
        w.endpoint.answer(WebhookTransport.Result.timedOut(10_000));
        assertTrue(w.webhookDelivery.deliverNext());
        assertFalse(w.webhookDelivery.deliverNext(), "paused");

        w.platforms.update(acme.withConfig(new payments.core.platform.PlatformConfig(acme.config().umaDomain(), null,
                "https://hooks.acme.example/v2", acme.config().supportedCurrencies(), false, null, null, List.of()),
                acme.updatedAt()));
        assertTrue(w.webhookDelivery.deliverNext(), "the new endpoint is served at once");
        assertEquals("https://hooks.acme.example/v2", lastCallUrl());
        assertEquals(EventStatus.DELIVERED, stored(next).status());
    }

    @Test
    void two_calls_timing_out_in_one_outage_pause_once_and_the_next_outage_pauses_longer() {
        EndpointPauses pauses = new EndpointPauses();
        java.time.Instant t0 = w.clock.now();
        DeliveryAttempt timedOut = DeliveryAttempt.timedOut(1, t0, HOOKS, 10_000);
        pauses.record(acme.id(), timedOut, t0);
        pauses.record(acme.id(), timedOut, t0.plusSeconds(10)); // the second call in flight, same outage
        assertEquals(java.util.Set.of(acme.id()), pauses.pausedAt(t0.plusSeconds(29), p -> HOOKS));
        assertEquals(java.util.Set.of(), pauses.pausedAt(t0.plusSeconds(30), p -> HOOKS), "30 s, not 60");

        pauses.record(acme.id(), timedOut, t0.plusSeconds(31));
        assertEquals(java.util.Set.of(acme.id()), pauses.pausedAt(t0.plusSeconds(90), p -> HOOKS));
        assertEquals(java.util.Set.of(), pauses.pausedAt(t0.plusSeconds(91), p -> HOOKS), "then 60 s");
        pauses.record(acme.id(), DeliveryAttempt.answered(2, t0, HOOKS, 500, "", 3), t0.plusSeconds(92));
        pauses.record(acme.id(), timedOut, t0.plusSeconds(93));
        assertEquals(java.util.Set.of(), pauses.pausedAt(t0.plusSeconds(123), p -> HOOKS), "an answer resets it");
    }

    private String lastCallUrl() {
        var calls = w.endpoint.calls();
        return calls.get(calls.size() - 1).url();
    }

    @Test
    void a_platforms_due_events_are_delivered_together_and_other_platforms_wait_for_the_workers() {
        customerEvent();
        customerEvent();
        Platform other = w.sandboxWithEndpoint("https://other.example/hooks");
        w.customerService.create(w.caller(other), NewCustomer.fromJson(individual()));

        assertEquals(2, w.webhookDelivery.deliverDue(acme.id()));

        assertEquals(List.of(HOOKS, HOOKS), w.endpoint.calls().stream().map(c -> c.url()).toList());
        assertTrue(w.webhookDelivery.deliverNext());
        assertEquals("https://other.example/hooks", w.endpoint.calls().get(2).url());
    }

    @Test
    void one_claim_takes_many_due_events_and_no_platform_gets_more_calls_in_flight_than_its_limit() {
        for (int i = 0; i < 5; i++) {
            customerEvent();
        }
        Platform other = w.sandboxWithEndpoint("https://other.example/hooks");
        w.customerService.create(w.caller(other), NewCustomer.fromJson(individual()));

        List<WebhookDelivery.Call> first = w.webhookDelivery.claim(10);

        assertEquals(2, first.stream().filter(c -> c.platform().id().equals(acme.id())).count(), "its limit");
        assertEquals(1, first.stream().filter(c -> c.platform().id().equals(other.id())).count());
        assertTrue(w.webhookDelivery.claim(10).isEmpty(), "both platforms' calls still in flight");

        WebhookDelivery.Made ended = w.webhookDelivery.call(first.stream()
                .filter(c -> c.platform().id().equals(acme.id())).findFirst().orElseThrow());
        assertEquals(200, ended.attempt().responseStatus());
        List<WebhookDelivery.Call> next = w.webhookDelivery.claim(10);
        assertEquals(1, next.size(), "a call that ended frees its place, before it is recorded");
        assertEquals(AttemptOutcome.IN_FLIGHT, w.outbox.attempts(acme.id(), ended.call().claim().event().id())
                .get(0).outcome());

        w.webhookDelivery.record(List.of(ended));
        assertEquals(EventStatus.DELIVERED, stored(ended.call().claim().event()).status());
    }

    @Test
    void during_a_rotations_overlap_the_old_key_signs_too() {
        w.webhookKeyService.publicKey(caller);
        var rotation = w.webhookKeyService.rotate(caller, KeyRotation.fromJson(json("overlapSeconds", 60L)));
        assertEquals("PEM 2", rotation.publicKeyPem());
        assertEquals(w.clock.now().plusSeconds(60), rotation.previousKeyExpiresAt());
        customerEvent();

        w.webhookDelivery.deliverNext();
        w.clock.advance(Duration.ofSeconds(60));
        customerEvent();
        w.webhookDelivery.deliverNext();

        var during = w.endpoint.calls().get(0);
        String body = during.envelope().toString();
        String id = (String) during.envelope().get("id");
        long sent = java.time.Instant.parse((String) during.envelope().get("timestamp")).getEpochSecond();
        assertEquals(Map.of(WebhookKeyService.SIGNATURE_HEADER,
                "{\"v\":\"1\",\"s\":\"" + FakeWebhookSigner.signature(2, body) + "\"}",
                WebhookKeyService.PREVIOUS_SIGNATURE_HEADER,
                "{\"v\":\"1\",\"s\":\"" + FakeWebhookSigner.signature(1, body) + "\"}",
                WebhookKeyService.STANDARD_ID_HEADER, id,
                WebhookKeyService.STANDARD_TIMESTAMP_HEADER, Long.toString(sent),
                WebhookKeyService.STANDARD_SIGNATURE_HEADER, FakeWebhookSigner.standard(2, id, sent, body) + " "
                        + FakeWebhookSigner.standard(1, id, sent, body)), during.headers());
        assertEquals(List.of(WebhookKeyService.SIGNATURE_HEADER, WebhookKeyService.STANDARD_ID_HEADER,
                WebhookKeyService.STANDARD_TIMESTAMP_HEADER, WebhookKeyService.STANDARD_SIGNATURE_HEADER),
                List.copyOf(w.endpoint.calls().get(1).headers().keySet()));
        assertEquals("PEM 2", w.webhookKeyService.publicKey(caller));
    }

    @Test
    void the_test_webhook_is_sent_at_once_logged_and_refused_without_an_endpoint_or_acknowledgement() {
        DeliveryAttempt sent = w.webhookService.sendTest(caller);
        assertEquals(200, sent.responseStatus());
        assertEquals("TEST", w.endpoint.calls().get(0).envelope().get("type"));
        assertFalse(w.endpoint.calls().get(0).envelope().containsKey("data"));

        w.endpoint.answer(401);
        var refused = assertThrows(payments.core.error.InvalidInput.class,
                () -> w.webhookService.sendTest(caller));
        assertEquals("WEBHOOK_DELIVERY_ERROR", refused.code());
        assertEquals(401, refused.details().get("responseStatus"));
        assertEquals(List.of(EventStatus.DELIVERED, EventStatus.EXHAUSTED), w.outbox.events(acme.id()).stream()
                .map(WebhookEvent::status).toList());
        assertFalse(w.webhookDelivery.deliverNext(), "a synchronous send is never retried");

        assertEquals("WEBHOOK_ENDPOINT_NOT_SET", assertThrows(payments.core.error.InvalidInput.class,
                () -> w.webhookService.sendTest(w.caller(w.sandbox()))).code());
    }
}
