package payments.adapter.persistence.bankrail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.adapter.persistence.schema.Tables.BANK_BATCHES;
import static payments.adapter.persistence.schema.Tables.BANK_REPORTS;
import static payments.adapter.persistence.schema.Tables.BANK_TRANSFERS;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.Fixtures;
import payments.core.bankrail.BankBatch;
import payments.core.bankrail.BankIds;
import payments.core.bankrail.BankRail;
import payments.core.bankrail.CreditTransfer;
import payments.core.bankrail.Creditor;
import payments.core.bankrail.DebtorAccount;
import payments.core.error.Conflict;
import payments.core.id.PlatformId;
import payments.ports.driven.bankrail.BankRails.SentTransfer;

class JooqBankRailsTest {
    private final JooqBankRails rails = new JooqBankRails(Fixtures.DB);
    private final PlatformId platform = Fixtures.platform();
    private final Instant now = Fixtures.now();
    private final ExecutorService others = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        others.shutdownNow();
    }

    /** An IBAN-like identifier no other test uses (the debtor accounts are unique across platforms). */
    private static String newIban() {
        return "DE" + ThreadLocalRandom.current().nextLong(10_000_000_000_000_000L, 100_000_000_000_000_000L)
                + ThreadLocalRandom.current().nextInt(1_000, 10_000);
    }

    private BankRail eurRail(PlatformId p, String iban) {
        return new BankRail(p, "EUR", new DebtorAccount("Platform GmbH", iban, null, "DEUTDEFFXXX"), 3_600, now, now);
    }

    private CreditTransfer transfer(PlatformId p, String currency, long amount, Instant queuedAt) {
        UUID id = UUID.randomUUID();
        return new CreditTransfer(p, id, currency, amount, BankIds.endToEndId(id), "TX-" + id,
                new Creditor("Jane Doe", newIban(), null, null, "COBADEFFXXX"), queuedAt);
    }

    private CreditTransfer queued(PlatformId p, String currency, long amount, Instant queuedAt) {
        CreditTransfer t = transfer(p, currency, amount, queuedAt);
        rails.queue(t);
        return t;
    }

    private Optional<BankBatch> cutOff(BankRail rail, UUID batch) {
        return Fixtures.DB.inTransaction(() -> rails.takeQueued(rail, batch, BankIds.messageId(batch), now));
    }

    @Test
    void a_queued_transfer_is_withdrawn_until_a_cut_off_takes_it_and_only_by_its_platform() {
        BankRail rail = eurRail(platform, newIban());
        rails.save(rail);
        CreditTransfer kept = queued(platform, "EUR", 100, now);
        CreditTransfer cancelled = queued(platform, "EUR", 200, now);

        assertFalse(Fixtures.DB.inTransaction(() -> rails.withdraw(new PlatformId(UUID.randomUUID()),
                cancelled.transactionId())), "another platform's");
        assertTrue(Fixtures.DB.inTransaction(() -> rails.withdraw(platform, cancelled.transactionId())));
        assertFalse(Fixtures.DB.inTransaction(() -> rails.withdraw(platform, cancelled.transactionId())), "gone");
        UUID batchId = UUID.randomUUID();
        assertEquals(List.of(kept), cutOff(rail, batchId).orElseThrow().transfers());
        assertFalse(Fixtures.DB.inTransaction(() -> rails.withdraw(platform, kept.transactionId())),
                "in a file: the bank's to decide");
    }

    @Test
    void a_rail_is_saved_by_platform_and_currency_and_saved_again_keeps_its_creation() {
        BankRail eur = eurRail(platform, newIban());
        rails.save(eur);
        BankRail usd = new BankRail(platform, "USD", new DebtorAccount("Platform Inc", null,
                "12345" + ThreadLocalRandom.current().nextLong(1_000_000_000L, 10_000_000_000L), "CHASUS33"), 60,
                now, now);
        rails.save(usd);
        Instant later = now.plusSeconds(30);
        BankRail changed = new BankRail(platform, "EUR", new DebtorAccount("Platform AG", newIban(), null,
                "COBADEFF"), 900, later, later);
        rails.save(changed);
        rails.save(eurRail(Fixtures.platform(), newIban()));

        assertEquals(List.of(new BankRail(platform, "EUR", changed.debtor(), 900, now, later), usd),
                rails.rails(platform), "one rail per currency, by currency; created when first saved");
        assertEquals(Optional.of(usd), rails.railOfAccount(usd.debtor().accountNumber()));
        assertEquals(Optional.of(rails.rails(platform).get(0)), rails.railOfAccount(changed.debtor().iban()));
        assertEquals(Optional.empty(), rails.railOfAccount(eur.debtor().iban()), "no longer its account");
        assertEquals(Optional.empty(), rails.railOfAccount(null));
        assertEquals(List.of(), rails.rails(Fixtures.platform()));
    }

    @Test
    void a_debtor_account_of_another_rail_is_a_conflict_that_shows_only_its_last_four_characters() {
        String iban = newIban();
        rails.save(eurRail(platform, iban));
        BankRail otherPlatform = eurRail(Fixtures.platform(), iban);
        BankRail otherCurrency = new BankRail(platform, "USD", new DebtorAccount("Platform Inc", null, iban,
                "CHASUS33"), 60, now, now);

        for (BankRail clash : List.of(otherPlatform, otherCurrency)) {
            Conflict e = assertThrows(Conflict.class, () -> Fixtures.DB.inTransaction(() -> {
                rails.save(clash);
                return null;
            }));
            assertEquals("CONFLICT", e.code());
            assertFalse(e.getMessage().contains(iban), e.getMessage());
            assertTrue(e.getMessage().contains("****" + iban.substring(iban.length() - 4)), e.getMessage());
        }
        assertEquals(List.of(), rails.rails(otherPlatform.platform()));
        assertEquals(List.of("EUR"), rails.rails(platform).stream().map(BankRail::currency).toList());
        rails.save(eurRail(platform, iban)); // its own account again
    }

    @Test
    void the_rail_of_a_currency_is_seen_within_a_second_of_its_saving_and_only_by_its_platform() throws Exception {
        PlatformId other = Fixtures.platform();
        assertEquals(Optional.empty(), rails.rail(platform, "EUR"));
        BankRail rail = eurRail(platform, newIban());

        long saved = System.nanoTime();
        rails.save(rail);
        while (rails.rail(platform, "EUR").isEmpty()) {
            assertTrue(System.nanoTime() - saved < TimeUnit.MILLISECONDS.toNanos(1_100), "not seen within 1.1 s");
            Thread.sleep(10);
        }

        assertEquals(Optional.of(rail), rails.rail(platform, "EUR"));
        assertEquals(Optional.empty(), rails.rail(platform, "USD"));
        assertEquals(Optional.empty(), rails.rail(other, "EUR"));
    }

    @Test
    void a_rail_saved_in_a_transaction_is_its_own_until_the_commit() {
        BankRail rail = eurRail(platform, newIban());
        assertThrows(IllegalStateException.class, () -> Fixtures.DB.inTransaction(() -> {
            rails.save(rail);
            assertEquals(Optional.of(rail), rails.rail(platform, "EUR"), "its own view");
            throw new IllegalStateException("rolled back");
        }));

        assertEquals(Optional.empty(), rails.rail(platform, "EUR"), "never shown to others");
    }

    @Test
    void a_cut_off_takes_the_queued_transfers_of_its_currency_in_order_and_once() {
        BankRail rail = eurRail(platform, newIban());
        rails.save(rail);
        CreditTransfer last = queued(platform, "EUR", 300, now.plusSeconds(2));
        CreditTransfer first = queued(platform, "EUR", 100, now);
        CreditTransfer tied = queued(platform, "EUR", 200, now);
        CreditTransfer dollars = queued(platform, "USD", 400, now);
        List<CreditTransfer> byTime = new ArrayList<>(List.of(first, tied));
        // PostgreSQL orders uuids by their bytes, as their text sorts (UUID.compareTo compares signed halves).
        byTime.sort(Comparator.comparing(t -> t.transactionId().toString()));
        byTime.add(last);
        UUID batchId = UUID.randomUUID();

        BankBatch batch = cutOff(rail, batchId).orElseThrow();

        assertEquals(new BankBatch(platform, batchId, BankIds.messageId(batchId), "EUR", rail.debtor(), now,
                byTime), batch);
        assertEquals(Optional.of(batch), rails.batch(platform, batchId), "read back alike");
        for (CreditTransfer t : byTime) {
            var row = Fixtures.DB.ctx().selectFrom(BANK_TRANSFERS).where(BANK_TRANSFERS.PLATFORM_ID
                    .eq(platform.value()).and(BANK_TRANSFERS.TRANSACTION_ID.eq(t.transactionId()))).fetchOne();
            assertEquals("SENT", row.getStatus());
            assertEquals(batchId, row.getBatchId());
        }
        assertEquals("QUEUED", Fixtures.DB.ctx().select(BANK_TRANSFERS.STATUS).from(BANK_TRANSFERS)
                .where(BANK_TRANSFERS.TRANSACTION_ID.eq(dollars.transactionId())).fetchOne().value1());

        UUID again = UUID.randomUUID();
        assertEquals(Optional.empty(), cutOff(rail, again), "nothing left to take");
        assertFalse(Fixtures.DB.ctx().fetchExists(BANK_BATCHES, BANK_BATCHES.BATCH_ID.eq(again)), "nothing written");
        assertEquals(Optional.empty(), rails.batch(platform, again));
    }

    @Test
    void each_platform_s_cut_off_takes_its_own_queue() {
        PlatformId other = Fixtures.platform();
        BankRail mine = eurRail(platform, newIban());
        BankRail theirs = eurRail(other, newIban());
        rails.save(mine);
        rails.save(theirs);
        CreditTransfer myTransfer = queued(platform, "EUR", 100, now);
        CreditTransfer theirTransfer = queued(other, "EUR", 200, now);

        UUID myBatch = UUID.randomUUID();
        assertEquals(List.of(myTransfer), cutOff(mine, myBatch).orElseThrow().transfers());
        UUID theirBatch = UUID.randomUUID();
        BankBatch taken = cutOff(theirs, theirBatch).orElseThrow();

        assertEquals(List.of(theirTransfer), taken.transfers());
        assertEquals(theirs.debtor(), taken.debtor());
        assertEquals(Optional.empty(), rails.batch(platform, theirBatch));
        assertEquals(Optional.empty(), rails.batch(other, myBatch));
    }

    @Test
    void a_sent_transfer_is_found_by_its_end_to_end_id_and_its_file_s_message_id_whatever_its_platform() {
        BankRail rail = eurRail(platform, newIban());
        rails.save(rail);
        CreditTransfer one = queued(platform, "EUR", 1_250, now);
        CreditTransfer two = queued(platform, "EUR", 99, now.plusSeconds(1));
        UUID batchId = UUID.randomUUID();
        String messageId = cutOff(rail, batchId).orElseThrow().messageId();
        CreditTransfer waiting = queued(platform, "EUR", 5, now.plusSeconds(2));

        assertEquals(Optional.of(new SentTransfer(platform, one.transactionId(), messageId, "EUR", 1_250, "SENT")),
                rails.sentTransfer(one.endToEndId()));
        assertEquals(Optional.empty(), rails.sentTransfer(waiting.endToEndId()), "not sent yet");
        assertEquals(Optional.empty(), rails.sentTransfer("NO-SUCH-ID"));
        assertEquals(List.of(one.transactionId(), two.transactionId()), rails.sentTransfers(messageId).stream()
                .map(SentTransfer::transactionId).toList());
        assertEquals(List.of(), rails.sentTransfers(BankIds.messageId(UUID.randomUUID())));
    }

    @Test
    void a_transfer_keeps_what_the_bank_last_said_and_a_batch_the_first_time_its_file_was_written() {
        BankRail rail = eurRail(platform, newIban());
        rails.save(rail);
        CreditTransfer t = queued(platform, "EUR", 700, now);
        UUID batchId = UUID.randomUUID();
        cutOff(rail, batchId).orElseThrow();

        rails.markTransfer(platform, t.transactionId(), "ACCEPTED", now.plusSeconds(1));
        assertEquals("ACCEPTED", rails.sentTransfer(t.endToEndId()).orElseThrow().status());
        rails.markTransfer(Fixtures.platform(), t.transactionId(), "REJECTED", now.plusSeconds(2));
        assertEquals("ACCEPTED", rails.sentTransfer(t.endToEndId()).orElseThrow().status(), "another platform's");
        rails.markTransfer(platform, t.transactionId(), "SETTLED", now.plusSeconds(3));
        assertEquals("SETTLED", rails.sentTransfer(t.endToEndId()).orElseThrow().status());

        assertNull(sentAt(batchId));
        rails.markSent(platform, batchId, now.plusSeconds(4));
        rails.markSent(platform, batchId, now.plusSeconds(5));
        assertEquals(now.plusSeconds(4), sentAt(batchId));
    }

    private Instant sentAt(UUID batchId) {
        var at = Fixtures.DB.ctx().select(BANK_BATCHES.SENT_AT).from(BANK_BATCHES)
                .where(BANK_BATCHES.PLATFORM_ID.eq(platform.value()).and(BANK_BATCHES.BATCH_ID.eq(batchId)))
                .fetchOne().value1();
        return at == null ? null : at.toInstant();
    }

    @Test
    void a_report_is_claimed_once_and_a_quarantined_file_recorded_once() {
        String messageId = "BANK-" + UUID.randomUUID();
        assertTrue(rails.claimReport(messageId, "pain.002", "report-1.xml", now));
        assertFalse(rails.claimReport(messageId, "pain.002", "report-1-again.xml", now));
        assertFalse(rails.quarantine(messageId, "report-1-again.xml", "a duplicate", now));

        String digest = "sha256:" + UUID.randomUUID().toString().replace("-", "").repeat(2);
        assertTrue(rails.quarantine(digest, "garbage.xml", "not XML", now));
        assertFalse(rails.quarantine(digest, "garbage.xml", "not XML", now));
        assertFalse(rails.claimReport(digest, "camt.054", "garbage.xml", now));

        var applied = Fixtures.DB.ctx().selectFrom(BANK_REPORTS).where(BANK_REPORTS.REPORT_KEY.eq(messageId))
                .fetchOne();
        assertEquals(List.of("pain.002", "report-1.xml", "APPLIED"),
                List.of(applied.getKind(), applied.getFileName(), applied.getOutcome()));
        assertNull(applied.getReason());
        var quarantined = Fixtures.DB.ctx().selectFrom(BANK_REPORTS).where(BANK_REPORTS.REPORT_KEY.eq(digest))
                .fetchOne();
        assertEquals(List.of("garbage.xml", "QUARANTINED", "not XML"),
                List.of(quarantined.getFileName(), quarantined.getOutcome(), quarantined.getReason()));
    }

    @Test
    void of_two_transactions_claiming_one_report_the_second_waits_for_the_first_and_only_one_claims_it()
            throws Exception {
        String messageId = "BANK-" + UUID.randomUUID();
        CountDownLatch claimed = new CountDownLatch(1);
        CountDownLatch commit = new CountDownLatch(1);
        Future<Boolean> first = others.submit(() -> Fixtures.DB.inTransaction(() -> {
            boolean mine = rails.claimReport(messageId, "camt.054", "a.xml", now);
            claimed.countDown();
            Fixtures.await(commit);
            return mine;
        }));
        assertTrue(claimed.await(10, TimeUnit.SECONDS));
        Future<Boolean> second = others.submit(() -> Fixtures.DB.inTransaction(() ->
                rails.claimReport(messageId, "camt.054", "a-copy.xml", now)));

        untilWaitingForALock("insert into \"bank_reports\"", second);
        commit.countDown();

        assertTrue(first.get(10, TimeUnit.SECONDS));
        assertFalse(second.get(10, TimeUnit.SECONDS));
    }

    @Test
    void a_claim_rolled_back_leaves_the_report_to_the_transaction_waiting_for_it() throws Exception {
        String messageId = "BANK-" + UUID.randomUUID();
        CountDownLatch claimed = new CountDownLatch(1);
        CountDownLatch rollBack = new CountDownLatch(1);
        Future<?> first = others.submit(() -> Fixtures.DB.inTransaction(() -> {
            assertTrue(rails.claimReport(messageId, "camt.054", "a.xml", now));
            claimed.countDown();
            Fixtures.await(rollBack);
            throw new IllegalStateException("the report could not be applied");
        }));
        assertTrue(claimed.await(10, TimeUnit.SECONDS));
        Future<Boolean> second = others.submit(() -> Fixtures.DB.inTransaction(() ->
                rails.claimReport(messageId, "camt.054", "a.xml", now)));

        untilWaitingForALock("insert into \"bank_reports\"", second);
        rollBack.countDown();

        assertThrows(java.util.concurrent.ExecutionException.class, () -> first.get(10, TimeUnit.SECONDS));
        assertTrue(second.get(10, TimeUnit.SECONDS));
    }

    /** Waits (up to 10 s) until a statement beginning with {@code statement} waits for a lock; fails if it ends. */
    private static void untilWaitingForALock(String statement, Future<?> waiting) throws InterruptedException {
        for (long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10); Fixtures.DB.ctx().fetch(
                "select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like ?"
                        + " and datname = current_database()", statement + "%").isEmpty(); Thread.sleep(10)) {
            assertFalse(waiting.isDone(), "returned while another transaction held the key");
            assertTrue(System.nanoTime() < deadline, "never waited for the other transaction");
        }
    }
}
