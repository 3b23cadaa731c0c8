package payments.core.bankrail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import payments.core.error.InvalidInput;

class BankRailRulesTest {
    @Test
    void an_iban_is_its_form_and_its_check_digits() {
        assertTrue(BankRailRules.isIban("DE89370400440532013000"));
        assertTrue(BankRailRules.isIban("FR1420041010050500013M02606"));
        assertFalse(BankRailRules.isIban("DE88370400440532013000"), "a digit off");
        assertFalse(BankRailRules.isIban("de89370400440532013000"));
        assertFalse(BankRailRules.isIban(null));
    }

    @Test
    void euros_are_drawn_on_an_iban_and_dollars_on_an_account_with_its_routing_number() {
        DebtorAccount eur = BankRailRules.debtor("EUR", " Acme GmbH ", "DE89370400440532013000", null, null,
                "COBADEFFXXX");
        assertEquals(new DebtorAccount("Acme GmbH", "DE89370400440532013000", null, null, "COBADEFFXXX"), eur);
        DebtorAccount usd = BankRailRules.debtor("USD", "Acme Inc", null, "123456789012", "021000021", "CHASUS33");
        assertEquals("021000021", usd.routingNumber());
        assertEquals("****9012", usd.masked());

        assertEquals("iban", option(() -> BankRailRules.debtor("EUR", "Acme", null, "123456789012", null,
                "COBADEFFXXX")));
        assertEquals("routing-number", option(() -> BankRailRules.debtor("USD", "Acme", null, "123456789012",
                null, "CHASUS33")));
        assertEquals("routing-number", option(() -> BankRailRules.debtor("USD", "Acme", null, "123456789012",
                "12345", "CHASUS33")));
        assertEquals("iban", option(() -> BankRailRules.debtor("EUR", "Acme", "DE89370400440532013000",
                "123456789012", null, "COBADEFFXXX")), "one of them");
        assertEquals("bic", option(() -> BankRailRules.debtor("EUR", "Acme", "DE89370400440532013000", null, null,
                "COBA")));
        assertEquals("currency", option(() -> BankRailRules.debtor("GBP", "Acme", "DE89370400440532013000", null,
                null, "COBADEFFXXX")));
        assertEquals("cut-off-seconds", option(() -> BankRailRules.cutOffSeconds(0)));
    }

    @Test
    void a_reports_amount_is_exact_minor_units_or_malformed() {
        assertEquals(12_345, BankRailRules.minor("EUR", new BigDecimal("123.45")));
        assertEquals(100, BankRailRules.minor("EUR", new BigDecimal("1")));
        assertThrows(BankReport.Malformed.class, () -> BankRailRules.minor("EUR", new BigDecimal("1.234")));
        assertThrows(BankReport.Malformed.class, () -> BankRailRules.minor("XXX", BigDecimal.ONE));
    }

    private static Object option(Runnable command) {
        return assertThrows(InvalidInput.class, command::run).details().get("option");
    }
}
