package payments.core.platform;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.error.InvalidInput;
import payments.core.money.Money;
import payments.core.transaction.TransactionType;

class CurrencySettingsTest {
    /** A platform that listed only EUR, with limits, after one that listed USD. */
    private final PlatformConfig config = new PlatformConfig(null, null, null, List.of(Map.of("currencyCode", "EUR",
            "minAmount", 100L, "maxAmount", 5_000L, "requiredCounterpartyFields", List.of(),
            "enabledTransactionTypes", List.of("OUTGOING"))), false, null, null, List.of());

    @Test
    void a_listed_currency_allows_its_kinds_of_payment_within_its_limits() {
        CurrencySettings eur = config.currency("EUR");
        assertDoesNotThrow(() -> eur.requirePayment(TransactionType.OUTGOING, 100));
        assertDoesNotThrow(() -> eur.requirePayment(TransactionType.OUTGOING, 5_000));
        assertEquals("AMOUNT_OUT_OF_RANGE", refusal(() -> eur.requirePayment(TransactionType.OUTGOING, 99)));
        assertEquals("AMOUNT_OUT_OF_RANGE", refusal(() -> eur.requirePayment(TransactionType.OUTGOING, 5_001)));
        assertEquals("INVALID_CURRENCY", refusal(() -> eur.requirePayment(TransactionType.INCOMING, 1_000)));
        assertEquals("INVALID_CURRENCY", refusal(() -> eur.requireEnabled(TransactionType.INCOMING)));
    }

    @Test
    void a_currency_the_platform_does_not_list_has_the_services_own_settings() {
        CurrencySettings usd = config.currency("USD"); // replaced by the patch: an account opened before keeps working
        assertEquals(new CurrencySettings("USD", 1, Money.MAX_MINOR, List.of("INCOMING", "OUTGOING")), usd);
        assertEquals("AMOUNT_OUT_OF_RANGE", refusal(() -> usd.requirePayment(TransactionType.INCOMING, 0)));
    }

    private static String refusal(Runnable payment) {
        return assertThrows(InvalidInput.class, payment::run).code();
    }
}
