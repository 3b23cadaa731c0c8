package payments.adapter.persistence.store;

import payments.adapter.persistence.Fixtures;
import payments.adapter.persistence.store.JooqSandboxClocks;
import payments.adapter.persistence.store.JooqQuotes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import payments.core.id.PlatformId;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.quote.Quote;
import payments.core.quote.QuoteStatus;

class JooqQuotesTest {
    private final JooqQuotes quotes = new JooqQuotes(Fixtures.DB);
    private final JooqSandboxClocks clocks = new JooqSandboxClocks(Fixtures.DB);
    private final PlatformId platform = Fixtures.platform();

    private Quote pending(long sendingMinor) {
        return pending(sendingMinor, Fixtures.now().plusSeconds(300));
    }

    private Quote pending(long sendingMinor, Instant expiresAt) {
        return new Quote(UUID.randomUUID(), platform, QuoteStatus.PENDING, null,
                Map.of("sourceType", "ACCOUNT", "accountId", "InternalAccount:" + UUID.randomUUID()),
                Map.of("destinationType", "ACCOUNT", "accountId", "ExternalAccount:" + UUID.randomUUID(),
                        "currency", "EUR"),
                new Money(sendingMinor, Currencies.of("USD")), new Money(sendingMinor * 9 / 10, Currencies.of("EUR")),
                100, 40, new BigDecimal("0.900000000000000000"), UUID.randomUUID(), UUID.randomUUID(),
                Map.of("description", "rent", "paymentInstructions", Map.of("reference", "INV-7")),
                expiresAt, Fixtures.now(), Fixtures.now());
    }

    @Test
    void transitions_written_one_by_one_or_all_at_once_read_back_whole() {
        Quote one = pending(10_000);
        List<Quote> batch = List.of(pending(20_000), pending(30_000));
        quotes.insert(one);
        quotes.insertAll(batch);
        assertEquals(Optional.of(one), quotes.find(platform, one.id()));

        Quote executing = one.executing(Fixtures.now().plusSeconds(5));
        quotes.update(executing);
        assertEquals(Optional.of(executing), quotes.find(platform, one.id()));

        List<Quote> completed = batch.stream().map(q -> q.executing(Fixtures.now().plusSeconds(6))
                .completed(Fixtures.now().plusSeconds(7))).toList();
        Fixtures.DB.inTransaction(() -> {
            assertEquals(batch.stream().map(Quote::id).sorted().toList(),
                    quotes.findAllForUpdate(platform, batch.stream().map(Quote::id).toList()).keySet().stream()
                            .sorted().toList());
            quotes.updateAll(completed);
        });
        assertEquals(completed.stream().map(Optional::of).toList(),
                batch.stream().map(q -> quotes.find(platform, q.id())).toList());
    }

    @Test
    void expired_quotes_are_the_pending_ones_past_their_expiry_by_their_platforms_clock() {
        Instant now = Fixtures.now();
        Quote due = pending(10_000, now.plusSeconds(300));
        Quote executed = pending(20_000, now.plusSeconds(300));
        Quote later = pending(30_000, now.plusSeconds(900));
        quotes.insertAll(List.of(due, executed, later));
        quotes.update(executed.executing(now));

        assertEquals(List.of(), Fixtures.DB.inTransaction(() -> quotes.awaitExpired(platform, now, 10)));
        assertFalse(claimedIds(now).contains(due.id()), "not due by real time");
        clocks.advance(platform, 300, now);
        assertEquals(List.of(due), Fixtures.DB.inTransaction(() -> quotes.awaitExpired(platform, now, 10)));
        List<UUID> claimed = claimedIds(now);
        assertTrue(claimed.contains(due.id()), "due by the platform's sandbox clock");
        assertFalse(claimed.contains(executed.id()) || claimed.contains(later.id()));

        clocks.advance(platform, 600, now);
        assertEquals(1, Fixtures.DB.inTransaction(() -> quotes.awaitExpired(platform, now, 1)).size(), "limit");
        // In PostgreSQL's uuid order (unsigned bytes, as the text sorts), which the executions' locks follow too.
        assertEquals(List.of(due.id().toString(), later.id().toString()).stream().sorted().toList(),
                Fixtures.DB.inTransaction(() -> quotes.awaitExpired(platform, now, 10)).stream()
                        .map(q -> q.id().toString()).toList(), "in id order");
        quotes.update(due.expired(now.plusSeconds(300)));
        assertEquals(List.of(later), Fixtures.DB.inTransaction(() -> quotes.awaitExpired(platform, now, 10)));
    }

    @Test
    void claims_skip_an_expired_quote_another_sweeper_holds_and_awaiting_waits_for_it() throws Exception {
        Instant now = Fixtures.now();
        Quote due = pending(10_000, now.minusSeconds(1));
        quotes.insert(due);
        CountDownLatch locked = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<?> sweeping = pool.submit(() -> Fixtures.DB.inTransaction(() -> {
                quotes.claimExpired(now, 100_000);
                locked.countDown();
                Fixtures.await(finish);
                quotes.update(due.expired(now));
                return null;
            }));
            locked.await();
            assertFalse(claimedIds(now).contains(due.id()), "claims skip it");
            Future<List<Quote>> awaiting = pool.submit(() -> Fixtures.DB.inTransaction(
                    () -> quotes.awaitExpired(platform, now, 10)));
            Fixtures.untilWaitingForALock("quotes", awaiting);
            finish.countDown();
            sweeping.get();
            assertEquals(List.of(), awaiting.get(), "expired by the other process once it committed");
            assertEquals(QuoteStatus.EXPIRED, quotes.find(platform, due.id()).orElseThrow().status());
        } finally {
            finish.countDown();
            pool.shutdown();
        }
    }

    /** The ids of every quote (of any platform) a worker would expire now, in one claim. */
    private List<UUID> claimedIds(Instant realNow) {
        return Fixtures.DB.inTransaction(() -> quotes.claimExpired(realNow, 100_000)).stream().map(Quote::id)
                .toList();
    }
}
