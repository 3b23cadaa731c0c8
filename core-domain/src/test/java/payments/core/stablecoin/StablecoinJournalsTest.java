package payments.core.stablecoin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Hold;
import payments.core.ledger.LedgerBook;
import payments.core.stablecoin.operation.OperationStatus;
import payments.core.stablecoin.operation.OperationType;
import payments.core.stablecoin.operation.StablecoinOperation;
import payments.core.stablecoin.operation.StablecoinOperation.Party;

/**
 * The postings of completed mints and burns, applied to the reference ledger: every journal balances, and the
 * coin's ISSUED account stays at minus its supply whatever mix of sources and destinations made it.
 */
class StablecoinJournalsTest {
    private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");
    private final Stablecoin coin = StablecoinStatesTest.coin(IssuanceStatus.PROVISIONED,
            ServiceOperationsStatus.ENABLED);
    private final LedgerBook book = new LedgerBook();
    private final UUID treasury = UUID.randomUUID();
    private final UUID dollars = UUID.randomUUID();

    @Test
    void every_kind_of_mint_and_burn_keeps_issued_at_minus_the_supply() {
        book.open(AccountRef.owned(treasury), "SBUSD");
        book.open(AccountRef.owned(dollars), "USD");
        book.post(payments.core.ledger.Journal.transfer(UUID.randomUUID(), "SANDBOX_FUNDING", "test",
                AccountRef.system(coin.platformId(), AccountRef.SANDBOX_FUNDING, "USD"), AccountRef.owned(dollars),
                "USD", 1_000, NOW));
        String internal = "InternalAccount:" + treasury;
        String wallet = "ExternalAccount:" + UUID.randomUUID();

        post(op(OperationType.MINT, 7_000_000, Party.ofType("WIRE"), internal, null));
        post(op(OperationType.MINT, 3_000_000, Party.ofType("ACH_DEBIT"), wallet, null));
        UUID fiatHold = UUID.randomUUID();
        book.hold(Hold.pending(fiatHold, AccountRef.owned(dollars), "USD", 200));
        book.postHold(fiatHold, journal(op(OperationType.MINT, 2_000_000, new Party(
                StablecoinJournals.SERVICE_INTERNAL_ACCOUNT, "InternalAccount:" + dollars, null, null, null, null),
                internal, fiatHold)));
        UUID tokenHold = UUID.randomUUID();
        book.hold(Hold.pending(tokenHold, AccountRef.owned(treasury), "SBUSD", 4_000_000));
        book.postHold(tokenHold, journal(op(OperationType.BURN, 4_000_000, new Party(
                StablecoinJournals.SERVICE_INTERNAL_ACCOUNT, internal, null, null, null, null), wallet, tokenHold)));
        post(op(OperationType.BURN, 1_000_000, Party.ofType("EXTERNAL_ACCOUNT"), wallet, null));
        post(op(OperationType.BURN, 500_000, Party.ofType("PROVIDER_INTERNAL_BALANCE"), wallet, null));

        assertEquals(List.of(), book.checkInvariants());
        long supply = 7_000_000 + 3_000_000 + 2_000_000 - 4_000_000 - 1_000_000 - 500_000;
        assertEquals(-supply, book.balance(StablecoinJournals.issued(coin)).posted());
        assertEquals(5_000_000, book.balance(AccountRef.owned(treasury)).posted());
        assertEquals(800, book.balance(AccountRef.owned(dollars)).posted());
        assertEquals(200, book.balance(AccountRef.system(coin.platformId(), "STABLECOIN_RESERVE:" + coin.id(),
                "USD")).posted());
    }

    @Test
    void the_journal_names_its_operation_and_its_kind() {
        StablecoinOperation mint = op(OperationType.MINT, 10_000, Party.ofType("WIRE"),
                "InternalAccount:" + treasury, null);
        var journal = journal(mint);
        assertEquals(mint.wireId(), journal.reference());
        assertEquals("STABLECOIN_MINT", journal.kind());
        assertEquals(2, journal.postings().size());
    }

    private void post(StablecoinOperation op) {
        book.post(journal(op));
    }

    private payments.core.ledger.Journal journal(StablecoinOperation op) {
        return StablecoinJournals.completed(coin, op, UUID.randomUUID(), NOW);
    }

    private StablecoinOperation op(OperationType type, long amount, Party source, String destination, UUID hold) {
        return new StablecoinOperation(UUID.randomUUID(), coin.platformId(), coin.id(), type,
                OperationStatus.COMPLETED, amount, coin.providerAccountId(), coin.environment(), source,
                new Party(null, destination, null, null, null, null), null, null, null, "ref", null, null, null, hold,
                NOW, NOW);
    }
}
