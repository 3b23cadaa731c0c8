package payments.adapter.bank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import payments.core.bankrail.BankIds;
import payments.core.bankrail.BankRail;
import payments.core.bankrail.CreditTransfer;
import payments.core.bankrail.Creditor;
import payments.core.bankrail.DebtorAccount;
import payments.core.id.ExternalAccountId;
import payments.core.id.PlatformId;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.platform.Environment;
import payments.ports.driven.transfer.PaymentRail;

class BankPaymentRailTest {
    private static final PlatformId PLATFORM = new PlatformId(UUID.randomUUID());
    private static final Instant NOW = Instant.parse("2026-01-15T09:00:00Z");
    private static final Map<String, Object> INDIVIDUAL = Map.of("beneficiaryType", "INDIVIDUAL",
            "fullName", "Jean Dupont");
    private static final Map<String, Object> BUSINESS = Map.of("beneficiaryType", "BUSINESS",
            "legalName", "Globex Corporation");
    private final InMemoryBankRails rails = new InMemoryBankRails();
    private final Otherwise otherwise = new Otherwise();
    private final BankPaymentRail rail = new BankPaymentRail(rails, otherwise);

    @Test
    void a_currency_without_a_bank_rail_goes_to_the_other_rail() {
        enable("USD");
        PaymentRail.Push push = push("EUR", 1000, account("EUR_ACCOUNT", Map.of("iban", "FR1420041010050500013M02606",
                "beneficiary", INDIVIDUAL)));

        assertSame(Otherwise.OUTCOME, rail.pushTo(push));
        assertSame(Otherwise.OUTCOME, rail.pullFrom(Environment.PRODUCTION, push.destination(), push.amount()));
        assertEquals(List.of(push), otherwise.pushes);
        assertTrue(rails.queued.isEmpty());
    }

    @Test
    void a_sepa_payment_is_queued_for_the_cut_off_and_awaits_the_banks_report() {
        enable("EUR");
        PaymentRail.Push push = push("EUR", 125_050, account("EUR_ACCOUNT", Map.of(
                "iban", "FR1420041010050500013M02606", "swiftCode", "BNPAFRPPXXX", "beneficiary", INDIVIDUAL)));

        PaymentRail.RailOutcome outcome = rail.pushTo(push);

        assertTrue(outcome.isAwaitingReport());
        assertEquals(List.of(new CreditTransfer(PLATFORM, push.transactionId(), "EUR", 125_050,
                BankIds.endToEndId(push.transactionId()), push.reference(),
                new Creditor("Jean Dupont", "FR1420041010050500013M02606", null, null, "BNPAFRPPXXX"), NOW)),
                rails.queued);
        assertTrue(otherwise.pushes.isEmpty());
    }

    @Test
    void a_sepa_payment_to_a_destination_without_an_iban_fails_at_once_and_queues_nothing() {
        enable("EUR");

        PaymentRail.RailOutcome outcome = rail.pushTo(push("EUR", 1000, account("SWIFT_ACCOUNT", Map.of(
                "swiftCode", "DEUTDEFFXXX", "accountNumber", "0532013000", "beneficiary", INDIVIDUAL))));

        assertFalse(outcome.settled());
        assertEquals("ACCOUNT_INVALID", outcome.failureReason());
        assertEquals(0, outcome.decidedAfterSeconds());
        assertFalse(outcome.failureDetail().contains("0532013000"), outcome.failureDetail());
        assertTrue(rails.queued.isEmpty());
    }

    @Test
    void a_sepa_payment_to_an_iban_whose_check_digits_fail_is_refused() {
        enable("EUR");

        PaymentRail.RailOutcome outcome = rail.pushTo(push("EUR", 1000, account("EUR_ACCOUNT", Map.of(
                "iban", "FR1520041010050500013M02606", "beneficiary", INDIVIDUAL))));

        assertEquals("ACCOUNT_INVALID", outcome.failureReason());
        assertTrue(rails.queued.isEmpty());
    }

    @Test
    void a_domestic_usd_wire_keeps_the_routing_number() {
        enable("USD");

        PaymentRail.RailOutcome outcome = rail.pushTo(push("USD", 50_000, account("USD_ACCOUNT", Map.of(
                "accountNumber", "000123456789", "routingNumber", "021000021", "beneficiary", BUSINESS))));

        assertTrue(outcome.isAwaitingReport());
        assertEquals(new Creditor("Globex Corporation", null, "000123456789", "021000021", null),
                rails.queued.get(0).creditor());
        assertEquals("USD", rails.queued.get(0).currency());
        assertEquals(50_000, rails.queued.get(0).amountMinor());
    }

    @Test
    void a_cross_border_usd_wire_keeps_the_bic() {
        enable("USD");

        rail.pushTo(push("USD", 50_000, account("SWIFT_ACCOUNT", Map.of("swiftCode", "DEUTDEFFXXX",
                "iban", "DE89370400440532013000", "country", "DE", "bankName", "Deutsche Bank",
                "beneficiary", INDIVIDUAL))));
        rail.pushTo(push("USD", 7_000, account("SWIFT_ACCOUNT", Map.of("swiftCode", "MHCBJPJT",
                "accountNumber", "7654321", "country", "JP", "bankName", "Mizuho", "beneficiary", BUSINESS))));

        assertEquals(new Creditor("Jean Dupont", "DE89370400440532013000", null, null, "DEUTDEFFXXX"),
                rails.queued.get(0).creditor());
        assertEquals(new Creditor("Globex Corporation", null, "7654321", null, "MHCBJPJT"),
                rails.queued.get(1).creditor());
    }

    @Test
    void a_usd_wire_needs_a_usd_or_swift_account_with_its_banks_code() {
        enable("USD");

        var eurAccount = rail.pushTo(push("USD", 100, account("EUR_ACCOUNT", Map.of(
                "iban", "FR1420041010050500013M02606", "beneficiary", INDIVIDUAL))));
        var noRouting = rail.pushTo(push("USD", 100, account("USD_ACCOUNT", Map.of(
                "accountNumber", "000123456789", "beneficiary", INDIVIDUAL))));
        var noBic = rail.pushTo(push("USD", 100, account("SWIFT_ACCOUNT", Map.of(
                "accountNumber", "000123456789", "beneficiary", INDIVIDUAL))));
        var noName = rail.pushTo(push("USD", 100, account("USD_ACCOUNT", Map.of(
                "accountNumber", "000123456789", "routingNumber", "021000021"))));

        for (var outcome : List.of(eurAccount, noRouting, noBic, noName)) {
            assertEquals("ACCOUNT_INVALID", outcome.failureReason());
            assertFalse(outcome.failureDetail().contains("000123456789"), outcome.failureDetail());
        }
        assertTrue(rails.queued.isEmpty());
    }

    private void enable(String currency) {
        DebtorAccount debtor = "EUR".equals(currency)
                ? new DebtorAccount("Acme", "DE89370400440532013000", null, "COBADEFFXXX")
                : new DebtorAccount("Acme", null, "123456789012", "CHASUS33");
        rails.save(new BankRail(PLATFORM, currency, debtor, 3600, NOW, NOW));
    }

    private static PaymentRail.Push push(String currency, long amountMinor, ExternalAccount destination) {
        return new PaymentRail.Push(PLATFORM, Environment.PRODUCTION, UUID.randomUUID(), "Payout 42", destination,
                new Money(amountMinor, Currencies.of(currency)), NOW);
    }

    private static ExternalAccount account(String type, Map<String, Object> info) {
        return new ExternalAccount(new ExternalAccountId(UUID.randomUUID()), null, null, ExternalAccountStatus.ACTIVE,
                null, "PLATFORM", false, type, "ignored", info, BeneficiaryVerificationStatus.UNSUPPORTED, null, NOW,
                NOW);
    }

    /** The rail a payment goes to when the bank rail does not take it. */
    private static final class Otherwise implements PaymentRail {
        static final RailOutcome OUTCOME = RailOutcome.settledNow();
        final List<Push> pushes = new ArrayList<>();

        @Override
        public RailOutcome pushTo(Push push) {
            pushes.add(push);
            return OUTCOME;
        }

        @Override
        public RailOutcome pullFrom(Environment environment, ExternalAccount source, Money amount) {
            return OUTCOME;
        }
    }
}
