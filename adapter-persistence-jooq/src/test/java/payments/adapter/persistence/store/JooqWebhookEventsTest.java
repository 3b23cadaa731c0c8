package payments.adapter.persistence.store;

import payments.adapter.persistence.Fixtures;
import payments.adapter.persistence.JsonColumns;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.store.JooqWebhookEvents;
import payments.adapter.persistence.store.JooqSandboxClocks;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import payments.core.id.PlatformId;
import payments.core.page.PageRequest;
import payments.core.webhook.AttemptOutcome;
import payments.core.webhook.DeliveryAttempt;
import payments.core.webhook.EventFilter;
import payments.core.webhook.EventStatus;
import payments.core.webhook.WebhookEvent;
import payments.ports.driven.webhook.WebhookDeliveries.Claim;
import payments.ports.driven.webhook.WebhookDeliveries.Finished;

class JooqWebhookEventsTest {
    private final JooqWebhookEvents outbox = new JooqWebhookEvents(Fixtures.DB);
    private final JooqSandboxClocks clocks = new JooqSandboxClocks(Fixtures.DB);
    private final PlatformId platform = Fixtures.platform();
    private final Instant now = Fixtures.now();

    private WebhookEvent append(PlatformId p, Instant at) {
        WebhookEvent e = WebhookEvent.emitted(p, UUID.randomUUID(), "CUSTOMER.KYC_PENDING",
                Map.of("id", "Customer:1", "n", 1L), true, at);
        outbox.append(e);
        return e;
    }

    private Optional<Claim> claim(PlatformId p, Instant realNow, int maxInFlight) {
        return claim(p, Set.of(), realNow, maxInFlight);
    }

    private Optional<Claim> claim(PlatformId p, Set<PlatformId> skipped, Instant realNow, int maxInFlight) {
        return Fixtures.DB.inTransaction(() -> outbox.claimDue(p, skipped, realNow, realNow.plusSeconds(60),
                maxInFlight, q -> maxInFlight, 1).stream().findFirst());
    }

    /** Every event a worker that skips {@code skipped} claims at {@code realNow}, leased one by one. */
    private List<UUID> claimAll(Set<PlatformId> skipped, Instant realNow) {
        List<UUID> claimed = new ArrayList<>();
        for (Optional<Claim> c = claim(null, skipped, realNow, 2); c.isPresent(); c = claim(null, skipped, realNow,
                2)) {
            claimed.add(c.get().event().id());
        }
        return claimed;
    }

    private void fail(Claim c, EventStatus next, Instant nextAt) {
        outbox.finishAll(List.of(new Finished(c, DeliveryAttempt.answered(c.attempt(), c.startedAt(), "http://x",
                500, "no", 5), next, nextAt, now)));
    }

    @Test
    void append_all_writes_every_event_as_append_would_and_rolls_back_with_the_transaction() {
        List<WebhookEvent> batch = List.of(event(platform, "A"), event(platform, "B"), event(platform, "C"));

        assertThrows(IllegalStateException.class, () -> Fixtures.DB.inTransaction(() -> {
            outbox.appendAll(batch);
            throw new IllegalStateException("rolled back");
        }));
        assertTrue(batch.stream().allMatch(e -> outbox.find(platform, e.id()).isEmpty()));

        Fixtures.DB.inTransaction(() -> outbox.appendAll(batch));

        assertEquals(batch, batch.stream().map(e -> outbox.find(platform, e.id()).orElseThrow()).toList());
        WebhookEvent single = event(platform, "D");
        outbox.append(single);
        assertEquals(single, outbox.find(platform, single.id()).orElseThrow());
        new JooqWebhookEvents(new Db(null)).appendAll(List.of()); // no statement
    }

    private WebhookEvent event(PlatformId p, String type) {
        return WebhookEvent.emitted(p, UUID.randomUUID(), type, Map.of("id", "Customer:1", "n", 1L), true, now);
    }

    @Test
    void an_event_is_due_by_its_platforms_clock_and_a_claim_starts_its_next_attempt() {
        WebhookEvent e = append(platform, now.plusSeconds(30));
        assertTrue(claim(platform, now, 2).isEmpty());

        clocks.advance(platform, 30, now);
        Claim c = claim(platform, now, 2).orElseThrow();

        assertEquals(e.id(), c.event().id());
        assertEquals(Map.of("id", "Customer:1", "n", 1L), JsonColumns.readObject(org.jooq.JSON.json(
                c.dataText().text())), "the data as stored, for the call to send as it is");
        assertEquals(1, c.attempt());
        assertEquals(now.plusSeconds(30), c.startedAt(), "the platform's time");
        var log = outbox.attempts(platform, e.id());
        assertEquals(List.of(AttemptOutcome.IN_FLIGHT), log.stream().map(DeliveryAttempt::outcome).toList());
    }

    @Test
    void a_worker_claims_the_events_due_by_a_clock_ahead_and_not_those_due_later_by_real_time() {
        PlatformId ahead = Fixtures.platform();
        WebhookEvent early = append(ahead, now.plusSeconds(100));
        WebhookEvent later = append(platform, now.plusSeconds(100));
        clocks.advance(ahead, 300, now);

        List<UUID> claimed = claimAll(Set.of(), now);
        assertTrue(claimed.contains(early.id()), "due by its platform's clock");
        assertFalse(claimed.contains(later.id()), "not due yet by real time");
        assertEquals(now.plusSeconds(300), outbox.attempts(ahead, early.id()).get(0).startedAt(),
                "started at its platform's time");
    }

    @Test
    void a_worker_skips_the_platforms_it_is_told_to_by_real_time_and_by_a_clock_ahead() {
        PlatformId paused = Fixtures.platform();
        PlatformId pausedAhead = Fixtures.platform();
        WebhookEvent waiting = append(paused, now.minusSeconds(3600)); // earlier than any other test's
        WebhookEvent waitingAhead = append(pausedAhead, now.plusSeconds(100));
        clocks.advance(pausedAhead, 300, now);
        WebhookEvent other = append(platform, now.minusSeconds(3600));

        List<UUID> claimed = claimAll(Set.of(paused, pausedAhead), now);
        assertTrue(claimed.contains(other.id()));
        assertFalse(claimed.contains(waiting.id()), "skipped, though due first");
        assertFalse(claimed.contains(waitingAhead.id()), "skipped, though due by its clock");
        assertEquals(0, outbox.find(paused, waiting.id()).orElseThrow().attempts(), "no attempt spent");

        assertTrue(claimAll(Set.of(), now).containsAll(List.of(waiting.id(), waitingAhead.id())),
                "claimed once no longer skipped");
    }

    @Test
    void a_leased_event_is_not_claimed_again_until_its_lease_runs_out_and_the_lost_attempt_is_abandoned() {
        WebhookEvent e = append(platform, now);
        Claim first = claim(platform, now, 2).orElseThrow();
        assertTrue(claim(platform, now.plusSeconds(59), 2).isEmpty(), "leased");

        Claim second = claim(platform, now.plusSeconds(60), 2).orElseThrow();
        assertEquals(2, second.attempt());
        fail(first, EventStatus.DELIVERED, null); // the first worker answers late: the event is not its any more
        var event = outbox.find(platform, e.id()).orElseThrow();
        assertEquals(EventStatus.PENDING, event.status());
        assertEquals(2, event.attempts());

        fail(second, EventStatus.PENDING, now.plusSeconds(5));
        var log = outbox.attempts(platform, e.id());
        assertEquals(List.of(AttemptOutcome.ABANDONED, AttemptOutcome.FAILED),
                log.stream().map(DeliveryAttempt::outcome).toList(), "the lost attempt as the second claim logged it");
        assertEquals(500, outbox.find(platform, e.id()).orElseThrow().lastResponseStatus());
    }

    @Test
    void an_attempt_whose_process_stopped_is_logged_abandoned() {
        WebhookEvent e = append(platform, now);
        claim(platform, now, 2).orElseThrow();

        Claim again = claim(platform, now.plusSeconds(61), 2).orElseThrow();

        var log = outbox.attempts(platform, e.id());
        assertEquals(List.of(AttemptOutcome.ABANDONED, AttemptOutcome.IN_FLIGHT),
                log.stream().map(DeliveryAttempt::outcome).toList());
        assertEquals(2, again.attempt());
    }

    @Test
    void an_attempt_given_back_by_a_stopping_process_is_abandoned_uncounted_and_the_event_due_at_once() {
        WebhookEvent e = append(platform, now);
        Claim cut = claim(platform, now, 2).orElseThrow();

        Fixtures.DB.inTransaction(() -> outbox.release(cut, "stopped", now));

        var event = outbox.find(platform, e.id()).orElseThrow();
        assertEquals(EventStatus.PENDING, event.status());
        assertEquals(e.maxAttempts() + 1, event.maxAttempts());
        Claim again = claim(platform, now, 2).orElseThrow();
        assertEquals(2, again.attempt());
        var log = outbox.attempts(platform, e.id());
        assertEquals(List.of(AttemptOutcome.ABANDONED, AttemptOutcome.IN_FLIGHT),
                log.stream().map(DeliveryAttempt::outcome).toList());
        assertEquals("stopped", log.get(0).error());
        Fixtures.DB.inTransaction(() -> outbox.release(cut, "late", now)); // not its lease any more
        assertEquals(e.maxAttempts() + 1, outbox.find(platform, e.id()).orElseThrow().maxAttempts());
        assertEquals("stopped", outbox.attempts(platform, e.id()).get(0).error());
    }

    @Test
    void a_failed_attempt_waits_for_its_retry_and_a_finished_event_is_not_claimed() {
        WebhookEvent e = append(platform, now);
        fail(claim(platform, now, 2).orElseThrow(), EventStatus.PENDING, now.plusSeconds(5));
        assertTrue(claim(platform, now.plusSeconds(4), 2).isEmpty());
        Claim retry = claim(platform, now.plusSeconds(5), 2).orElseThrow();
        assertEquals(2, retry.attempt());
        fail(retry, EventStatus.EXHAUSTED, null);

        assertTrue(claim(platform, now.plusSeconds(3600), 2).isEmpty());
        var exhausted = outbox.find(platform, e.id()).orElseThrow();
        assertEquals(EventStatus.EXHAUSTED, exhausted.status());
        assertNull(exhausted.nextAttemptAt());
    }

    @Test
    void concurrent_workers_claim_each_attempt_exactly_once() throws Exception {
        for (int i = 0; i < 40; i++) {
            append(platform, now);
        }
        Map<UUID, AtomicInteger> claims = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int w = 0; w < 6; w++) {
                workers.add(pool.submit(() -> {
                    Optional<Claim> c;
                    while ((c = claim(platform, now, 100)).isPresent()) {
                        claims.computeIfAbsent(c.get().event().id(), k -> new AtomicInteger()).incrementAndGet();
                        Claim done = c.get();
                        Fixtures.DB.inTransaction(() -> outbox.finishAll(List.of(new Finished(done,
                                DeliveryAttempt.answered(1, now, "http://x", 200, "", 1), EventStatus.DELIVERED, null,
                                now))));
                    }
                }));
            }
            for (Future<?> f : workers) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        assertEquals(40, claims.size());
        assertTrue(claims.values().stream().allMatch(n -> n.get() == 1));
    }

    @Test
    void one_claim_takes_the_earliest_due_events_of_each_platform_up_to_its_places_and_others_go_ahead() {
        PlatformId other = Fixtures.platform();
        List<UUID> ours = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ours.add(append(platform, now.minusSeconds(10 - i)).id());
        }
        List<UUID> theirs = List.of(append(other, now).id(), append(other, now).id());
        Set<PlatformId> both = Set.of(platform, other);

        List<Claim> claimed = Fixtures.DB.inTransaction(() -> outbox.claimDue(null, Set.of(), now,
                now.plusSeconds(60), 4, p -> p.equals(platform) ? 3 : 4, 100)).stream()
                .filter(c -> both.contains(c.event().platformId())).toList();

        assertEquals(ours.subList(0, 3), claimed.stream().filter(c -> c.event().platformId().equals(platform))
                .map(c -> c.event().id()).toList(), "the platform's three earliest: its places");
        assertEquals(Set.copyOf(theirs), claimed.stream().filter(c -> c.event().platformId().equals(other))
                .map(c -> c.event().id()).collect(java.util.stream.Collectors.toSet()));
        assertEquals(1, claimed.stream().map(Claim::lease).distinct().count(), "one lease for the claim");
        for (Claim c : claimed) {
            assertEquals(List.of(AttemptOutcome.IN_FLIGHT), outbox.attempts(c.event().platformId(), c.event().id())
                    .stream().map(DeliveryAttempt::outcome).toList());
        }
        assertEquals(ours.subList(3, 5), Fixtures.DB.inTransaction(() -> outbox.claimDue(platform, Set.of(), now,
                now.plusSeconds(60), 4, p -> 4, 100)).stream().map(c -> c.event().id()).toList(), "the rest");
        assertTrue(Fixtures.DB.inTransaction(() -> outbox.claimDue(other, Set.of(), now, now.plusSeconds(60), 4,
                p -> 0, 100)).isEmpty(), "no places: nothing");

        Fixtures.DB.inTransaction(() -> outbox.finishAll(claimed.stream().map(c -> new Finished(c,
                DeliveryAttempt.answered(c.attempt(), c.startedAt(), "http://x", 200, "", 1), EventStatus.DELIVERED,
                null, now)).toList()));
        for (Claim c : claimed) {
            assertEquals(EventStatus.DELIVERED, outbox.find(c.event().platformId(), c.event().id()).orElseThrow()
                    .status());
            assertEquals(List.of(AttemptOutcome.DELIVERED), outbox.attempts(c.event().platformId(), c.event().id())
                    .stream().map(DeliveryAttempt::outcome).toList());
        }
    }

    @Test
    void a_finish_whose_lease_was_claimed_again_logs_its_attempt_and_leaves_the_event_to_the_new_claim() {
        WebhookEvent e = append(platform, now);
        Claim lost = claim(platform, now, 2).orElseThrow();
        Claim again = claim(platform, now.plusSeconds(61), 2).orElseThrow(); // the first lease ran out

        Fixtures.DB.inTransaction(() -> outbox.finishAll(List.of(new Finished(lost, DeliveryAttempt.answered(1,
                lost.startedAt(), "http://x", 200, "", 1), EventStatus.DELIVERED, null, now))));

        WebhookEvent stored = outbox.find(platform, e.id()).orElseThrow();
        assertEquals(EventStatus.PENDING, stored.status(), "still the second claim's");
        assertEquals(2, again.attempt());
        assertEquals(List.of(AttemptOutcome.ABANDONED, AttemptOutcome.IN_FLIGHT), outbox.attempts(platform, e.id())
                .stream().map(DeliveryAttempt::outcome).toList(), "the lost attempt stays as the new claim logged it");
    }

    @Test
    void an_event_appended_in_a_transaction_that_rolls_back_does_not_exist() {
        UUID id = UUID.randomUUID();
        assertThrows(IllegalStateException.class, () -> Fixtures.DB.inTransaction(() -> {
            outbox.append(WebhookEvent.emitted(platform, id, "TEST", null, true, now));
            throw new IllegalStateException("the change failed");
        }));
        assertTrue(outbox.find(platform, id).isEmpty());
    }

    @Test
    void a_replay_allows_one_more_attempt_now_and_a_pending_event_is_only_made_due() {
        WebhookEvent exhausted = append(platform, now);
        fail(claim(platform, now, 2).orElseThrow(), EventStatus.EXHAUSTED, null);
        WebhookEvent pending = append(platform, now);
        fail(claim(platform, now, 2).orElseThrow(), EventStatus.PENDING, now.plusSeconds(3600));
        WebhookEvent notSent = WebhookEvent.emitted(platform, UUID.randomUUID(), "TEST", null, false, now);
        outbox.append(notSent);

        assertEquals(1, outbox.replayExhausted(platform, now.plusSeconds(10)));
        assertTrue(outbox.replay(platform, pending.id(), now.plusSeconds(10)));
        assertTrue(outbox.replay(platform, notSent.id(), now.plusSeconds(10)));
        assertTrue(!outbox.replay(Fixtures.platform(), pending.id(), now), "another platform's event");

        var replayed = outbox.find(platform, exhausted.id()).orElseThrow();
        assertEquals(EventStatus.PENDING, replayed.status());
        assertEquals(now.plusSeconds(10), replayed.nextAttemptAt());
        assertEquals(2, replayed.maxAttempts());
        assertEquals(8, outbox.find(platform, pending.id()).orElseThrow().maxAttempts(), "unchanged");
        assertEquals(now.plusSeconds(10), outbox.find(platform, pending.id()).orElseThrow().nextAttemptAt());
        assertEquals(1, outbox.find(platform, notSent.id()).orElseThrow().maxAttempts());
        assertEquals(0, outbox.replayExhausted(platform, now));
    }

    @Test
    void a_synchronous_send_is_recorded_with_its_attempt() {
        var attempt = DeliveryAttempt.timedOut(1, now, "http://x/hooks", 2000);
        WebhookEvent sent = WebhookEvent.sentOnce(platform, UUID.randomUUID(), "INCOMING_PAYMENT.PENDING",
                Map.of("id", "Transaction:1"), attempt, now);

        outbox.recordSent(sent, attempt);

        assertEquals(EventStatus.EXHAUSTED, outbox.find(platform, sent.id()).orElseThrow().status());
        assertEquals(List.of(attempt), outbox.attempts(platform, sent.id()));
        assertTrue(claim(platform, now.plusSeconds(3600), 2).isEmpty(), "never retried");
    }

    @Test
    void a_bulk_replay_leaves_alone_the_approval_requests_and_test_pings_that_are_sent_once() {
        var attempt = DeliveryAttempt.timedOut(1, now, "http://x/hooks", 2000);
        WebhookEvent approval = WebhookEvent.sentOnce(platform, UUID.randomUUID(), "INCOMING_PAYMENT.PENDING",
                Map.of("id", "Transaction:1"), attempt, now);
        WebhookEvent ping = WebhookEvent.sentOnce(platform, UUID.randomUUID(), "TEST", null, attempt, now);
        outbox.recordSent(approval, attempt);
        outbox.recordSent(ping, attempt);
        WebhookEvent exhausted = append(platform, now);
        fail(claim(platform, now, 2).orElseThrow(), EventStatus.EXHAUSTED, null);

        assertEquals(1, outbox.replayExhausted(platform, now.plusSeconds(10)));
        assertEquals(EventStatus.PENDING, outbox.find(platform, exhausted.id()).orElseThrow().status());
        assertEquals(EventStatus.EXHAUSTED, outbox.find(platform, approval.id()).orElseThrow().status());
        assertEquals(EventStatus.EXHAUSTED, outbox.find(platform, ping.id()).orElseThrow().status());
    }

    @Test
    void the_list_is_newest_first_filtered_and_the_platforms_own() {
        WebhookEvent older = append(platform, now);
        WebhookEvent newer = WebhookEvent.emitted(platform, UUID.randomUUID(), "TEST", null, true, now.plusSeconds(1));
        outbox.append(newer);
        append(Fixtures.platform(), now);

        var all = outbox.list(platform, new EventFilter(null, null), new PageRequest(10, null));
        assertEquals(List.of(newer.id(), older.id()), all.data().stream().map(WebhookEvent::id).toList());
        assertNull(all.data().get(0).data());
        assertEquals(List.of(older.id()), outbox.list(platform, new EventFilter("CUSTOMER.KYC_PENDING", null),
                new PageRequest(10, null)).data().stream().map(WebhookEvent::id).toList());
        assertEquals(0, outbox.list(platform, new EventFilter(null, EventStatus.DELIVERED), new PageRequest(10, null))
                .totalCount());
        var first = outbox.list(platform, new EventFilter(null, null), new PageRequest(1, null));
        assertEquals(List.of(older.id()), outbox.list(platform, new EventFilter(null, null),
                new PageRequest(1, first.nextCursor())).data().stream().map(WebhookEvent::id).toList());
    }
}
