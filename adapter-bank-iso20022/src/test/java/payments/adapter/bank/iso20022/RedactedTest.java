package payments.adapter.bank.iso20022;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RedactedTest {
    @Test
    void a_quoted_value_with_the_digits_of_an_account_shows_only_its_last_four() {
        assertEquals("cvc-pattern-valid: Value '****3000' is not facet-valid with respect to pattern "
                        + "'[A-Z]{2,2}[0-9]{2,2}[a-zA-Z0-9]{1,30}' for type 'IBAN2007Identifier'.",
                Redacted.message("cvc-pattern-valid: Value 'de89370400440532013000' is not facet-valid with respect"
                        + " to pattern '[A-Z]{2,2}[0-9]{2,2}[a-zA-Z0-9]{1,30}' for type 'IBAN2007Identifier'."));
        assertEquals("Value 'AC04' of 'Cd'", Redacted.message("Value 'AC04' of 'Cd'"));
        assertEquals("no detail", Redacted.message(null));
    }
}
