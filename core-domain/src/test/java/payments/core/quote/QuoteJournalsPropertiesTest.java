package payments.core.quote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import payments.core.fx.Conversion;
import payments.core.fx.ExchangeRate;
import payments.core.fx.Fees;
import payments.core.id.PlatformId;
import payments.core.ledger.AccountRef;
import payments.core.ledger.LedgerBook;
import payments.core.money.Currencies;
import payments.core.money.Money;

/**
 * For random rates, amounts and fee schedules, a quote's journals keep every currency balanced and every account
 * where it should be, whichever way the payout goes: settled, refunded, or stuck in suspense.
 */
class QuoteJournalsPropertiesTest {
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    private static final PlatformId PLATFORM = new PlatformId(UUID.randomUUID());

    record Case(String sending, String receiving, BigDecimal rate, long amount, boolean lockSending, Fees fees) {
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<String> codes = Arbitraries.of("USD", "EUR", "MXN", "BTC", "USDC", "VND");
        Arbitrary<BigDecimal> rates = Arbitraries.bigDecimals().between(new BigDecimal("0.00001"),
                new BigDecimal("100000")).ofScale(6).filter(r -> r.signum() > 0);
        Arbitrary<Fees> fees = Combinators.combine(Arbitraries.longs().between(0, 500),
                Arbitraries.integers().between(0, 300)).as(Fees::new);
        return Combinators.combine(codes, codes, rates, Arbitraries.longs().between(1, 1_000_000_000L),
                        Arbitraries.of(true, false), fees).as(Case::new)
                .filter(c -> !c.sending().equals(c.receiving()));
    }

    @Property(tries = 500)
    void every_outcome_balances_per_currency_and_lands_where_it_should(@ForAll("cases") Case c) {
        ExchangeRate rate = new ExchangeRate(Currencies.of(c.sending()), Currencies.of(c.receiving()), c.rate(), NOW);
        Conversion.Amounts amounts;
        try {
            amounts = c.lockSending() ? Conversion.lockSending(c.amount(), rate, c.fees())
                    : Conversion.lockReceiving(c.amount(), rate, c.fees());
        } catch (RuntimeException tooSmallOrTooLarge) {
            return;
        }
        if (amounts.receivingMinor() <= 0) {
            return;
        }
        assertTrue(amounts.feesMinor() >= 0);
        assertEquals(c.amount(), c.lockSending() ? amounts.totalSendingMinor() : amounts.receivingMinor());
        Quote q = quote(c, amounts);
        AccountRef funding = AccountRef.owned(UUID.randomUUID());
        AccountRef destination = AccountRef.system(PLATFORM, "RAIL_SETTLEMENT", c.receiving());

        for (String outcome : new String[] {"settled", "refunded", "returned", "suspended"}) {
            LedgerBook book = new LedgerBook();
            book.open(funding, c.sending());
            book.post(payments.core.ledger.Journal.transfer(UUID.randomUUID(), "FUND", "f",
                    AccountRef.system(PLATFORM, "SOURCE", c.sending()), funding, c.sending(),
                    amounts.totalSendingMinor(), NOW));
            book.post(QuoteJournals.conversion(UUID.randomUUID(), q, funding, NOW));
            switch (outcome) {
                case "settled" -> book.post(QuoteJournals.payout(UUID.randomUUID(), q, destination, NOW));
                case "refunded" -> book.post(QuoteJournals.refund(UUID.randomUUID(), q,
                        QuoteJournals.system(q, QuoteJournals.PAYOUT_PENDING, c.receiving()), funding, NOW));
                case "returned" -> {
                    book.post(QuoteJournals.payout(UUID.randomUUID(), q, destination, NOW));
                    book.post(QuoteJournals.refund(UUID.randomUUID(), q, destination, funding, NOW));
                }
                default -> book.post(QuoteJournals.suspend(UUID.randomUUID(), q, NOW));
            }
            assertEquals(java.util.List.of(), book.checkInvariants(), outcome);
            boolean refunded = outcome.equals("refunded") || outcome.equals("returned");
            assertEquals(refunded ? amounts.totalSendingMinor() : 0, book.balance(funding).posted(), outcome);
            assertEquals(outcome.equals("settled") ? amounts.receivingMinor() : 0,
                    book.balance(destination).posted(), outcome);
            assertEquals(0, book.balance(QuoteJournals.system(q, QuoteJournals.PAYOUT_PENDING, c.receiving()))
                    .posted(), outcome);
            assertEquals(refunded ? 0 : amounts.feesMinor(),
                    book.balance(QuoteJournals.system(q, QuoteJournals.PLATFORM_REVENUE, c.sending())).posted(),
                    outcome);
        }
    }

    private static Quote quote(Case c, Conversion.Amounts a) {
        return new Quote(UUID.randomUUID(), PLATFORM, QuoteStatus.PROCESSING, null, Map.of(), Map.of(),
                new Money(a.totalSendingMinor(), Currencies.of(c.sending())),
                new Money(a.receivingMinor(), Currencies.of(c.receiving())), a.feesMinor(), 0, c.rate(),
                UUID.randomUUID(), null, Map.of(), NOW.plusSeconds(60), NOW, NOW);
    }
}
