package payments.core.fx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DestinationRailsTest {
    @ParameterizedTest
    @CsvSource({"USD,ACH", "EUR,SEPA_INSTANT", "DKK,SEPA_INSTANT", "MXN,SPEI", "GBP,FASTER_PAYMENTS", "BRL,PIX",
            "INR,UPI", "KES,MOBILE_MONEY", "SGD,PAYNOW", "NGN,BANK_TRANSFER", "USDC,BANK_TRANSFER",
            "BTC,BANK_TRANSFER"})
    void each_currency_has_a_default_rail(String currency, String rail) {
        assertEquals(rail, DestinationRails.defaultFor(currency));
    }
}
