package payments.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.adapter.persistence.schema.Tables.LEDGER_ACCOUNTS;
import static payments.adapter.persistence.schema.Tables.LEDGER_ENTRIES;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import payments.core.account.InternalAccount;
import payments.core.common.PlatformId;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Journal;
import payments.core.ledger.Posting;
import payments.core.ledger.InsufficientFunds;

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
    void journals_of_one_transaction_post_to_system_rows_at_the_commit_with_running_balances() {
        PlatformId platform = Fixtures.platform();
        InternalAccount account = Fixtures.account(platform, null);
        AccountRef source = AccountRef.system(platform, AccountRef.SANDBOX_FUNDING, "USD");

        Fixtures.DB.inTransaction(() -> {
            for (int i = 1; i <= 40; i++) {
                fund(platform, account, i);
            }
        });

        assertEquals(820, accounts.find(platform, account.id()).orElseThrow().availableMinor());
        var buckets = Fixtures.DB.ctx().selectFrom(LEDGER_ACCOUNTS)
                .where(LEDGER_ACCOUNTS.PLATFORM_ID.eq(platform.value()).and(LEDGER_ACCOUNTS.BUCKET_OF.eq(source.id())))
                .fetch();
        assertTrue(buckets.size() > 1, "40 journals spread over the buckets");
        assertEquals(-820L, buckets.stream().mapToLong(b -> b.getPostedMinor()).sum());
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

    private void fund(PlatformId platform, InternalAccount account, long amount) {
        ledger.post(platform, Journal.transfer(UUID.randomUUID(), "TEST_FUNDING", "test",
                AccountRef.system(platform, AccountRef.SANDBOX_FUNDING, "USD"), AccountRef.owned(account.id().value()),
                "USD", amount, Fixtures.now()));
    }

    private static Journal move(PlatformId platform, InternalAccount from, InternalAccount to, long amount) {
        return Journal.transfer(UUID.randomUUID(), "TEST_MOVE", "test", AccountRef.owned(from.id().value()),
                AccountRef.owned(to.id().value()), "USD", amount, Fixtures.now());
    }
}
