package payments.adapter.persistence.ledger;

import payments.adapter.persistence.Fixtures;
import payments.adapter.persistence.store.JooqInternalAccounts;
import payments.adapter.persistence.ledger.JooqLedger;
import payments.adapter.persistence.ledger.JooqLedgerAudit;
import payments.adapter.persistence.ledger.LedgerWrites;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.adapter.persistence.schema.Tables.LEDGER_ACCOUNTS;
import static payments.adapter.persistence.schema.Tables.LEDGER_ENTRIES;
import static payments.adapter.persistence.schema.Tables.LEDGER_HOLDS;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import payments.core.account.InternalAccount;
import payments.core.error.InvalidInput;
import payments.core.id.PlatformId;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Hold;
import payments.core.ledger.InsufficientFunds;
import payments.core.ledger.Journal;
import payments.core.ledger.Posting;

class JooqLedgerTest {
    private final JooqLedger ledger = new JooqLedger(Fixtures.DB);
    private final JooqInternalAccounts accounts = new JooqInternalAccounts(Fixtures.DB);

    @Test
    void funding_credits_the_account_and_debits_the_system_account_with_running_balances() {
        PlatformId platform = Fixtures.platform();
        InternalAccount account = Fixtures.account(platform, null);
        AccountRef source = AccountRef.system(platform, AccountRef.SANDBOX_FUNDING, "USD");

        fund(platform, account, 700);
        fund(platform, account, 300);

        assertEquals(1000, accounts.find(platform, account.id()).orElseThrow().availableMinor());
        List<Long> running = Fixtures.DB.ctx().select(LEDGER_ENTRIES.BALANCE_AFTER_MINOR).from(LEDGER_ENTRIES)
                .where(LEDGER_ENTRIES.PLATFORM_ID.eq(platform.value())
                        .and(LEDGER_ENTRIES.ACCOUNT_ID.eq(account.id().value())))
                .orderBy(LEDGER_ENTRIES.ID).fetch(LEDGER_ENTRIES.BALANCE_AFTER_MINOR);
        assertEquals(List.of(700L, 1000L), running);
        // The system account's balance is the sum of its bucket rows; each row's last entry carries its balance.
        var buckets = Fixtures.DB.ctx().selectFrom(LEDGER_ACCOUNTS)
                .where(LEDGER_ACCOUNTS.PLATFORM_ID.eq(platform.value()).and(LEDGER_ACCOUNTS.BUCKET_OF.eq(source.id())))
                .fetch();
        assertEquals(-1000L, buckets.stream().mapToLong(b -> b.getPostedMinor()).sum());
        for (var bucket : buckets) {
            Long last = Fixtures.DB.ctx().select(LEDGER_ENTRIES.BALANCE_AFTER_MINOR).from(LEDGER_ENTRIES)
                    .where(LEDGER_ENTRIES.PLATFORM_ID.eq(platform.value())
                            .and(LEDGER_ENTRIES.ACCOUNT_ID.eq(bucket.getId())))
                    .orderBy(LEDGER_ENTRIES.ID.desc()).limit(1).fetchOne(LEDGER_ENTRIES.BALANCE_AFTER_MINOR);
            assertEquals(bucket.getPostedMinor(), last);
        }
    }

    @Test
    void a_journal_that_would_overdraw_an_owned_account_is_refused_and_leaves_nothing_behind() {
        PlatformId platform = Fixtures.platform();
        InternalAccount from = Fixtures.account(platform, null);
        InternalAccount to = Fixtures.account(platform, null);
        fund(platform, from, 100);

        assertThrows(InsufficientFunds.class, () -> Fixtures.DB.inTransaction(() -> ledger.post(platform,
                move(platform, from, to, 101))));

        assertEquals(100, accounts.find(platform, from.id()).orElseThrow().totalMinor());
        assertEquals(0, accounts.find(platform, to.id()).orElseThrow().totalMinor());
    }

    @Test
    void a_credit_past_the_largest_balance_is_refused_as_out_of_range_and_leaves_nothing_behind() {
        PlatformId platform = Fixtures.platform();
        InternalAccount account = Fixtures.account(platform, null);
        fund(platform, account, Long.MAX_VALUE - 10);

        InvalidInput refused = assertThrows(InvalidInput.class, () -> Fixtures.DB.inTransaction(() ->
                fund(platform, account, 11)));

        assertEquals("AMOUNT_OUT_OF_RANGE", refused.code());
        assertEquals(Long.MAX_VALUE - 10, accounts.find(platform, account.id()).orElseThrow().totalMinor());
    }

    @Test
    void a_debit_past_the_smallest_balance_of_a_system_account_is_refused_as_out_of_range_and_leaves_nothing_behind() {
        PlatformId platform = Fixtures.platform();
        InternalAccount first = Fixtures.account(platform, null);
        InternalAccount second = Fixtures.account(platform, null);
        UUID journal = UUID.randomUUID();
        UUID sameRow = journal;
        while (sameRow.equals(journal) || LedgerWrites.bucket(sameRow) != LedgerWrites.bucket(journal)) {
            sameRow = UUID.randomUUID(); // the system account's rows are chosen by journal: this one lands on the same
        }
        fund(platform, first, Long.MAX_VALUE - 10, journal);

        UUID overflowing = sameRow;
        InvalidInput refused = assertThrows(InvalidInput.class, () -> Fixtures.DB.inTransaction(() ->
                fund(platform, second, 20, overflowing)));

        assertEquals("AMOUNT_OUT_OF_RANGE", refused.code());
        assertEquals(0, accounts.find(platform, second.id()).orElseThrow().totalMinor());
        fund(platform, second, 9, overflowing);
        assertEquals(9, accounts.find(platform, second.id()).orElseThrow().totalMinor());
    }

    @Test
    void fifty_concurrent_withdrawals_from_an_account_funded_for_ten_let_exactly_ten_through() throws Exception {
        PlatformId platform = Fixtures.platform();
        InternalAccount from = Fixtures.account(platform, null);
        InternalAccount to = Fixtures.account(platform, null);
        fund(platform, from, 10 * 25);
        AtomicInteger succeeded = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Callable<Void>> work = java.util.stream.IntStream.range(0, 50).<Callable<Void>>mapToObj(i -> () -> {
                try {
                    Fixtures.DB.inTransaction(() -> ledger.post(platform, move(platform, from, to, 25)));
                    succeeded.incrementAndGet();
                } catch (InsufficientFunds refused) {
                    // expected for 40 of them
                }
                return null;
            }).toList();
            for (Future<Void> f : pool.invokeAll(work)) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        assertEquals(10, succeeded.get());
        assertEquals(0, accounts.find(platform, from.id()).orElseThrow().totalMinor());
        assertEquals(250, accounts.find(platform, to.id()).orElseThrow().totalMinor());
    }

    @Test
    void journals_of_one_transaction_post_to_one_system_row_at_the_commit_and_transactions_spread_over_the_rows() {
        PlatformId platform = Fixtures.platform();
        InternalAccount account = Fixtures.account(platform, null);
        AccountRef source = AccountRef.system(platform, AccountRef.SANDBOX_FUNDING, "USD");

        Fixtures.DB.inTransaction(() -> {
            for (int i = 1; i <= 40; i++) {
                fund(platform, account, i);
            }
        });

        assertEquals(820, accounts.find(platform, account.id()).orElseThrow().availableMinor());
        var rows = Fixtures.DB.ctx().selectFrom(LEDGER_ACCOUNTS)
                .where(LEDGER_ACCOUNTS.PLATFORM_ID.eq(platform.value()).and(LEDGER_ACCOUNTS.BUCKET_OF.eq(source.id())))
                .fetch();
        assertEquals(1, rows.size(), "one transaction locks one row of the account");
        assertEquals(-820L, rows.get(0).getPostedMinor());
        var balances = Fixtures.DB.ctx().select(LEDGER_ENTRIES.BALANCE_AFTER_MINOR).from(LEDGER_ENTRIES)
                .where(LEDGER_ENTRIES.PLATFORM_ID.eq(platform.value())
                        .and(LEDGER_ENTRIES.ACCOUNT_ID.eq(rows.get(0).getId())))
                .orderBy(LEDGER_ENTRIES.ID).fetch(LEDGER_ENTRIES.BALANCE_AFTER_MINOR);
        assertEquals(40, balances.size());
        assertEquals(-1L, balances.get(0), "the running balance counts each journal's posting in turn");
        assertEquals(-820L, balances.get(39));

        for (int i = 0; i < 40; i++) {
            fund(platform, account, 1);
        }

        var spread = Fixtures.DB.ctx().selectFrom(LEDGER_ACCOUNTS)
                .where(LEDGER_ACCOUNTS.PLATFORM_ID.eq(platform.value()).and(LEDGER_ACCOUNTS.BUCKET_OF.eq(source.id())))
                .fetch();
        assertTrue(spread.size() > 1, "40 transactions spread over the rows");
        assertEquals(-860L, spread.stream().mapToLong(b -> b.getPostedMinor()).sum());
        assertEquals(List.of(), new JooqLedgerAudit(Fixtures.DB).violations(platform));
    }

    @Test
    void a_system_posting_in_another_currency_fails_the_transaction_and_leaves_nothing_behind() {
        PlatformId platform = Fixtures.platform();
        InternalAccount account = Fixtures.account(platform, null);
        AccountRef usdFunding = AccountRef.system(platform, AccountRef.SANDBOX_FUNDING, "USD");
        UUID funding = UUID.randomUUID();
        ledger.post(platform, Journal.transfer(funding, "TEST_FUNDING", "test", usdFunding,
                AccountRef.owned(account.id().value()), "USD", 100, Fixtures.now()));
        UUID sameBucket = UUID.randomUUID();
        while (LedgerWrites.bucket(sameBucket) != LedgerWrites.bucket(funding)) {
            sameBucket = UUID.randomUUID();
        }
        Journal eur = new Journal(sameBucket, "TEST_MIXED", "test", List.of(new Posting(usdFunding, "EUR", -1),
                new Posting(AccountRef.system(platform, "OTHER", "EUR"), "EUR", 1)), Fixtures.now());

        assertThrows(IllegalStateException.class, () -> Fixtures.DB.inTransaction(() -> ledger.post(platform, eur)));

        assertEquals(100, accounts.find(platform, account.id()).orElseThrow().availableMinor());
        assertEquals(List.of(), new JooqLedgerAudit(Fixtures.DB).violations(platform));
        assertEquals(0, Fixtures.DB.ctx().fetchCount(LEDGER_ENTRIES, LEDGER_ENTRIES.JOURNAL_ID.eq(sameBucket)));
    }

    @Test
    void hold_all_admits_holds_in_order_while_the_account_covers_them_and_writes_nothing_for_the_rest() {
        PlatformId platform = Fixtures.platform();
        InternalAccount a = Fixtures.account(platform, null);
        InternalAccount b = Fixtures.account(platform, null);
        fund(platform, a, 100);
        fund(platform, b, 50);
        List<Hold> holds = List.of(hold(a, 60), hold(b, 50), hold(a, 50), hold(a, 40), hold(b, 1));

        Set<UUID> refused = ledger.holdAll(platform, holds);

        assertEquals(Set.of(holds.get(2).id(), holds.get(4).id()), refused);
        assertEquals(0, accounts.find(platform, a.id()).orElseThrow().availableMinor());
        assertEquals(100, accounts.find(platform, a.id()).orElseThrow().totalMinor());
        assertEquals(0, accounts.find(platform, b.id()).orElseThrow().availableMinor());
        assertEquals(List.of("PENDING", "PENDING", "PENDING"), Fixtures.DB.ctx().select(LEDGER_HOLDS.STATUS)
                .from(LEDGER_HOLDS).where(LEDGER_HOLDS.PLATFORM_ID.eq(platform.value())).fetch(LEDGER_HOLDS.STATUS));
        assertEquals(Set.of(), ledger.holdAll(platform, List.of()));
    }

    @Test
    void post_holds_moves_every_held_amount_in_one_change_with_running_balances_like_one_by_one() {
        PlatformId platform = Fixtures.platform();
        InternalAccount batched = Fixtures.account(platform, null);
        InternalAccount single = Fixtures.account(platform, null);
        fund(platform, batched, 1000);
        fund(platform, single, 1000);
        long[] amounts = {100, 250, 1, 649};
        Map<UUID, Journal> journals = new java.util.LinkedHashMap<>();
        List<Hold> batchHolds = new java.util.ArrayList<>();
        for (long amount : amounts) {
            Hold h = hold(batched, amount);
            batchHolds.add(h);
            journals.put(h.id(), payout(platform, batched, amount));
            Hold one = hold(single, amount);
            ledger.hold(platform, one);
            ledger.postHold(platform, one.id(), payout(platform, single, amount));
        }

        Fixtures.DB.inTransaction(() -> {
            assertEquals(Set.of(), ledger.holdAll(platform, batchHolds));
            ledger.postHolds(platform, journals);
        });

        var after = accounts.find(platform, batched.id()).orElseThrow();
        assertEquals(0, after.totalMinor());
        assertEquals(0, after.availableMinor());
        assertEquals(runningBalances(platform, single), runningBalances(platform, batched));
        assertEquals(List.of(1000L, 900L, 650L, 649L, 0L), runningBalances(platform, batched));
        assertEquals(0, Fixtures.DB.ctx().fetchCount(LEDGER_HOLDS, LEDGER_HOLDS.ACCOUNT_ID.eq(batched.id().value())
                .and(LEDGER_HOLDS.STATUS.ne("POSTED"))));
        assertEquals(List.of(), new JooqLedgerAudit(Fixtures.DB).violations(platform));
    }

    @Test
    void post_holds_with_a_hold_that_is_not_pending_fails_and_leaves_nothing_behind() {
        PlatformId platform = Fixtures.platform();
        InternalAccount account = Fixtures.account(platform, null);
        fund(platform, account, 100);
        Hold first = hold(account, 30);
        Hold second = hold(account, 30);
        ledger.holdAll(platform, List.of(first, second));
        ledger.voidHold(platform, second.id());

        assertThrows(IllegalStateException.class, () -> ledger.postHolds(platform, Map.of(
                first.id(), payout(platform, account, 30), second.id(), payout(platform, account, 30))));

        assertEquals(100, accounts.find(platform, account.id()).orElseThrow().totalMinor());
        assertEquals(70, accounts.find(platform, account.id()).orElseThrow().availableMinor());
        assertEquals(List.of(), new JooqLedgerAudit(Fixtures.DB).violations(platform));
    }

    @Test
    void holds_admitted_and_resolved_in_one_transaction_are_written_once_in_their_final_state() {
        PlatformId platform = Fixtures.platform();
        InternalAccount account = Fixtures.account(platform, null);
        fund(platform, account, 100);
        Hold posted = hold(account, 30);
        Hold voided = hold(account, 30);
        Hold pending = hold(account, 30);

        Fixtures.DB.inTransaction(() -> {
            assertEquals(Set.of(), ledger.holdAll(platform, List.of(posted, voided, pending)));
            ledger.postHolds(platform, Map.of(posted.id(), payout(platform, account, 30)));
            ledger.voidHold(platform, voided.id());
            assertThrows(IllegalStateException.class, () -> ledger.voidHold(platform, posted.id()));
        });

        var after = accounts.find(platform, account.id()).orElseThrow();
        assertEquals(70, after.totalMinor());
        assertEquals(40, after.availableMinor());
        Map<UUID, String> statuses = Fixtures.DB.ctx().select(LEDGER_HOLDS.ID, LEDGER_HOLDS.STATUS).from(LEDGER_HOLDS)
                .where(LEDGER_HOLDS.PLATFORM_ID.eq(platform.value())).fetchMap(LEDGER_HOLDS.ID, LEDGER_HOLDS.STATUS);
        assertEquals(Map.of(posted.id(), "POSTED", voided.id(), "VOIDED", pending.id(), "PENDING"), statuses);
        assertEquals(List.of(100L, 70L), runningBalances(platform, account));
        assertEquals(List.of(), new JooqLedgerAudit(Fixtures.DB).violations(platform));
        // The pending one was written: it resolves later like any other hold.
        ledger.postHold(platform, pending.id(), payout(platform, account, 30));
        assertEquals(40, accounts.find(platform, account.id()).orElseThrow().availableMinor());
    }

    @Test
    void holds_admitted_earlier_in_the_transaction_count_against_the_next_holds_on_their_account() {
        PlatformId platform = Fixtures.platform();
        InternalAccount account = Fixtures.account(platform, null);
        fund(platform, account, 100);
        Hold first = hold(account, 80);
        Hold second = hold(account, 30);

        Fixtures.DB.inTransaction(() -> {
            ledger.holdAll(platform, List.of(first));
            assertEquals(Set.of(second.id()), ledger.holdAll(platform, List.of(second)));
        });
        assertThrows(InsufficientFunds.class, () -> Fixtures.DB.inTransaction(() -> {
            ledger.holdAll(platform, List.of(hold(account, 20)));
            ledger.hold(platform, hold(account, 1)); // sees the 20 just admitted: 100 - 80 - 20 = 0
        }));

        var after = accounts.find(platform, account.id()).orElseThrow();
        assertEquals(20, after.availableMinor());
        assertEquals(1, Fixtures.DB.ctx().fetchCount(LEDGER_HOLDS, LEDGER_HOLDS.PLATFORM_ID.eq(platform.value())));
        assertEquals(List.of(), new JooqLedgerAudit(Fixtures.DB).violations(platform));
    }

    private static Hold hold(InternalAccount account, long amount) {
        return Hold.pending(UUID.randomUUID(), AccountRef.owned(account.id().value()), "USD", amount);
    }

    private static Journal payout(PlatformId platform, InternalAccount from, long amount) {
        return Journal.transfer(UUID.randomUUID(), "TEST_PAYOUT", "test", AccountRef.owned(from.id().value()),
                AccountRef.system(platform, "TEST_RAIL", "USD"), "USD", amount, Fixtures.now());
    }

    private static List<Long> runningBalances(PlatformId platform, InternalAccount account) {
        return Fixtures.DB.ctx().select(LEDGER_ENTRIES.BALANCE_AFTER_MINOR).from(LEDGER_ENTRIES)
                .where(LEDGER_ENTRIES.PLATFORM_ID.eq(platform.value())
                        .and(LEDGER_ENTRIES.ACCOUNT_ID.eq(account.id().value())))
                .orderBy(LEDGER_ENTRIES.ID).fetch(LEDGER_ENTRIES.BALANCE_AFTER_MINOR);
    }

    private void fund(PlatformId platform, InternalAccount account, long amount) {
        fund(platform, account, amount, UUID.randomUUID());
    }

    private void fund(PlatformId platform, InternalAccount account, long amount, UUID journal) {
        ledger.post(platform, Journal.transfer(journal, "TEST_FUNDING", "test",
                AccountRef.system(platform, AccountRef.SANDBOX_FUNDING, "USD"), AccountRef.owned(account.id().value()),
                "USD", amount, Fixtures.now()));
    }

    private static Journal move(PlatformId platform, InternalAccount from, InternalAccount to, long amount) {
        return Journal.transfer(UUID.randomUUID(), "TEST_MOVE", "test", AccountRef.owned(from.id().value()),
                AccountRef.owned(to.id().value()), "USD", amount, Fixtures.now());
    }
}
