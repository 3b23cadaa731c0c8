package payments.adapter.bank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.account.BeneficiaryVerificationStatus;
import payments.core.account.ExternalAccount;
import payments.core.account.ExternalAccountStatus;
import payments.core.bankrail.BankRail;
import payments.core.bankrail.DebtorAccount;
import payments.core.id.ExternalAccountId;
import payments.core.id.PlatformId;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.platform.Environment;
import payments.ports.driven.quote.PayoutRail;
import payments.ports.driven.transfer.PaymentRail;

class BankPayoutRailTest {
    private static final PlatformId PLATFORM = new PlatformId(UUID.randomUUID());
    private static final Instant NOW = Instant.parse("2026-01-15T09:00:00Z");
    private final InMemoryBankRails rails = new InMemoryBankRails();
    private final Otherwise otherwise = new Otherwise();
    private final BankPayoutRail rail = new BankPayoutRail(rails, otherwise);

    @Test
    void a_payout_in_a_currency_without_a_bank_rail_goes_to_the_other_rail() {
        var push = push(eurAccount(Map.of("iban", "FR1420041010050500013M02606", "beneficiary", Map.of(
                "beneficiaryType", "INDIVIDUAL", "fullName", "Jean Dupont"))));
        assertSame(Otherwise.OUTCOME, rail.payToAccount(push));
        assertSame(Otherwise.OUTCOME, rail.payToUma(Environment.PRODUCTION, "$a@b.c", push.amount()));
        assertEquals(List.of(push), otherwise.payouts);
    }

    @Test
    void a_payout_awaits_the_banks_report_and_is_queued_only_when_sent() {
        enable();
        var push = push(eurAccount(Map.of("iban", "FR1420041010050500013M02606", "beneficiary", Map.of(
                "beneficiaryType", "INDIVIDUAL", "fullName", "Jean Dupont"))));

        PayoutRail.Outcome outcome = rail.payToAccount(push);
        assertTrue(outcome.isAwaitingReport());
        assertEquals(PayoutRail.Kind.SETTLED, outcome.kind());
        assertTrue(rails.queued.isEmpty(), "asking moves no money");

        rail.send(outcome.awaiting());
        assertEquals(1, rails.queued.size());
        assertEquals(push.transactionId(), rails.queued.get(0).transactionId());
        assertEquals(push.reference(), rails.queued.get(0).reference());
    }

    @Test
    void a_payout_the_bank_cannot_pay_is_not_executed() {
        enable();
        PayoutRail.Outcome outcome = rail.payToAccount(push(eurAccount(Map.of("beneficiary", Map.of(
                "beneficiaryType", "INDIVIDUAL", "fullName", "Jean Dupont")))));
        assertEquals(PayoutRail.Kind.NOT_EXECUTED, outcome.kind());
        assertEquals("QUOTE_EXECUTION_FAILED", outcome.failureReason());
        assertTrue(rails.queued.isEmpty());
    }

    private void enable() {
        rails.save(new BankRail(PLATFORM, "EUR", new DebtorAccount("Acme", "DE89370400440532013000", null,
                "COBADEFFXXX"), 3600, NOW, NOW));
    }

    private static PaymentRail.Push push(ExternalAccount destination) {
        return new PaymentRail.Push(PLATFORM, Environment.PRODUCTION, UUID.randomUUID(), "QT-42", destination,
                new Money(10_000, Currencies.of("EUR")), NOW);
    }

    private static ExternalAccount eurAccount(Map<String, Object> info) {
        return new ExternalAccount(new ExternalAccountId(UUID.randomUUID()), null, "EUR", ExternalAccountStatus.ACTIVE,
                null, "PLATFORM", false, "EUR_ACCOUNT", "ignored", info, BeneficiaryVerificationStatus.UNSUPPORTED,
                null, NOW, NOW);
    }

    /** The rail a payout goes to when the bank rail does not take it. */
    private static final class Otherwise implements PayoutRail {
        static final Outcome OUTCOME = Outcome.settled(0);
        final List<PaymentRail.Push> payouts = new ArrayList<>();

        @Override
        public Outcome payToAccount(PaymentRail.Push push) {
            payouts.add(push);
            return OUTCOME;
        }

        @Override
        public Outcome payToUma(Environment environment, String umaAddress, Money amount) {
            return OUTCOME;
        }
    }
}
