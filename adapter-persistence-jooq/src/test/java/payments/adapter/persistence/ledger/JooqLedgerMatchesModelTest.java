package payments.adapter.persistence.ledger;

import payments.adapter.persistence.Fixtures;
import payments.adapter.persistence.store.JooqInternalAccounts;
import payments.adapter.persistence.ledger.JooqLedger;
import payments.adapter.persistence.ledger.JooqLedgerAudit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import payments.core.account.InternalAccount;
import payments.core.id.PlatformId;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Hold;
import payments.core.ledger.HoldStatus;
import payments.core.ledger.InsufficientFunds;
import payments.core.ledger.Journal;
import payments.core.ledger.LedgerBook;

/**
 * The SQL ledger follows the core's reference model: the same random sequence of fund, transfer, hold, post and void
 * applied to both leaves the same balances, the same refusals, and books that reconcile.
 */
class JooqLedgerMatchesModelTest {
    private final JooqLedger ledger = new JooqLedger(Fixtures.DB);
    private final JooqInternalAccounts accounts = new JooqInternalAccounts(Fixtures.DB);
    private final JooqLedgerAudit audit = new JooqLedgerAudit(Fixtures.DB);

    @Test
    void random_sequences_give_the_same_books_in_sql_and_in_the_model() {
        for (long seed = 1; seed <= 5; seed++) {
            run(new Random(seed), 80);
        }
    }

    private void run(Random random, int steps) {
        PlatformId platform = Fixtures.platform();
        LedgerBook model = new LedgerBook();
        List<AccountRef> owned = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            InternalAccount a = Fixtures.account(platform, null);
            owned.add(AccountRef.owned(a.id().value()));
            model.open(owned.get(i), "USD");
        }
        AccountRef source = AccountRef.system(platform, "TEST_SOURCE", "USD");
        List<Hold> pending = new ArrayList<>();
        for (int step = 0; step < steps; step++) {
            AccountRef a = owned.get(random.nextInt(owned.size()));
            AccountRef b = owned.get(random.nextInt(owned.size()));
            long amount = 1 + random.nextInt(500);
            switch (random.nextInt(5)) {
                case 0 -> both(platform, model, () -> Journal.transfer(UUID.randomUUID(), "FUND", "t", source, a, "USD",
                        amount, Fixtures.now()));
                case 1 -> {
                    if (!a.equals(b)) {
                        both(platform, model, () -> Journal.transfer(UUID.randomUUID(), "MOVE", "t", a, b, "USD", amount,
                                Fixtures.now()));
                    }
                }
                case 2 -> {
                    Hold hold = Hold.pending(UUID.randomUUID(), a, "USD", amount);
                    boolean modelRefused = refused(() -> model.hold(hold));
                    boolean sqlRefused = refused(() -> Fixtures.DB.inTransaction(() -> ledger.hold(platform, hold)));
                    assertEquals(modelRefused, sqlRefused, "hold refusal differs at step " + step);
                    if (!modelRefused) {
                        pending.add(hold);
                    }
                }
                case 3 -> {
                    if (!pending.isEmpty()) {
                        Hold hold = pending.remove(random.nextInt(pending.size()));
                        Journal payout = Journal.transfer(UUID.randomUUID(), "PAYOUT", "t", hold.account(), source,
                                "USD", hold.amountMinor(), Fixtures.now());
                        model.postHold(hold.id(), payout);
                        Fixtures.DB.inTransaction(() -> ledger.postHold(platform, hold.id(), payout));
                    }
                }
                default -> {
                    if (!pending.isEmpty()) {
                        Hold hold = pending.remove(random.nextInt(pending.size()));
                        model.voidHold(hold.id());
                        Fixtures.DB.inTransaction(() -> ledger.voidHold(platform, hold.id()));
                    }
                }
            }
            for (AccountRef account : owned) {
                var expected = model.balance(account);
                var actual = accounts.find(platform, new payments.core.id.InternalAccountId(account.id()))
                        .orElseThrow();
                assertEquals(expected.posted(), actual.totalMinor(), "posted balance at step " + step);
                assertEquals(expected.available(), actual.availableMinor(), "available balance at step " + step);
            }
        }
        assertTrue(model.checkInvariants().isEmpty(), model.checkInvariants().toString());
        assertEquals(List.of(), audit.violations(platform));
        for (Hold hold : pending) {
            assertEquals(HoldStatus.PENDING, model.hold(hold.id()).status());
        }
    }

    private void both(PlatformId platform, LedgerBook model, Supplier<Journal> journal) {
        Journal j = journal.get();
        boolean modelRefused = refused(() -> model.post(j));
        boolean sqlRefused = refused(() -> Fixtures.DB.inTransaction(() -> ledger.post(platform, j)));
        assertEquals(modelRefused, sqlRefused, "refusal differs for " + j.kind());
    }

    private static boolean refused(Runnable action) {
        try {
            action.run();
            return false;
        } catch (InsufficientFunds e) {
            return true;
        }
    }
}
