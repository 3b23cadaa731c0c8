package payments.adapter.bank;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountStatus;
import payments.core.account.InternalAccountType;
import payments.core.bankrail.BankRail;
import payments.core.bankrail.DebtorAccount;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.platform.Environment;
import payments.ports.driven.account.FundingInstructions;

class BankFundingInstructionsTest {
    private static final PlatformId PLATFORM = new PlatformId(UUID.randomUUID());
    private static final Instant NOW = Instant.parse("2026-01-15T09:00:00Z");
    private static final List<Map<String, Object>> OTHER = List.of(Map.of("accountOrWalletInfo", Map.of()));
    private final InMemoryBankRails rails = new InMemoryBankRails();
    private final BankFundingInstructions instructions = new BankFundingInstructions(rails, new FundingInstructions() {
        @Override
        public List<Map<String, Object>> forAccount(PlatformId platform, Environment environment,
                                                    InternalAccount account) {
            return OTHER;
        }

        @Override
        public List<Map<String, Object>> forQuote(Environment environment, String currency, String depositType,
                                                  long amountMinor, String reference) {
            return OTHER;
        }
    });

    @Test
    void a_currency_on_the_bank_rail_is_paid_into_the_platforms_bank_account_with_the_accounts_reference() {
        rails.save(new BankRail(PLATFORM, "EUR", new DebtorAccount("Acme GmbH", "DE89370400440532013000", null,
                "COBADEFFXXX"), 3600, NOW, NOW));
        rails.save(new BankRail(PLATFORM, "USD", new DebtorAccount("Acme Inc", null, "123456789012", "021000021",
                "CHASUS33"), 3600, NOW, NOW));
        InternalAccount eur = account("EUR");

        Map<?, ?> sepa = info(instructions.forAccount(PLATFORM, Environment.PRODUCTION, eur));
        assertEquals(Map.of("accountType", "EUR_ACCOUNT", "paymentRails", List.of("SEPA"),
                "iban", "DE89370400440532013000", "swiftCode", "COBADEFFXXX",
                "reference", eur.depositReference()), sepa);
        Map<?, ?> wire = info(instructions.forAccount(PLATFORM, Environment.PRODUCTION, account("USD")));
        assertEquals("123456789012", wire.get("accountNumber"));
        assertEquals("021000021", wire.get("routingNumber"));
        assertEquals(List.of("WIRE"), wire.get("paymentRails"));
    }

    @Test
    void other_currencies_platforms_and_quotes_get_the_other_instructions() {
        rails.save(new BankRail(PLATFORM, "EUR", new DebtorAccount("Acme GmbH", "DE89370400440532013000", null,
                "COBADEFFXXX"), 3600, NOW, NOW));
        assertEquals(OTHER, instructions.forAccount(PLATFORM, Environment.PRODUCTION, account("MXN")));
        assertEquals(OTHER, instructions.forAccount(new PlatformId(UUID.randomUUID()), Environment.PRODUCTION,
                account("EUR")));
        assertEquals(OTHER, instructions.forQuote(Environment.PRODUCTION, "EUR", null, 100, "QT-1"));
    }

    private static Map<?, ?> info(List<Map<String, Object>> instructions) {
        return (Map<?, ?>) instructions.get(0).get("accountOrWalletInfo");
    }

    private static InternalAccount account(String currency) {
        return new InternalAccount(new InternalAccountId(UUID.randomUUID()), null, currency,
                InternalAccountType.INTERNAL_FIAT, InternalAccountStatus.ACTIVE, 0, 0, null, NOW, NOW);
    }
}
