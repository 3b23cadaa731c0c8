package payments.core.fx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.error.InvalidInput;

class RailSelectionTest {
    @Test
    void a_named_rail_of_the_account_is_manual_and_without_one_the_rail_rates_are_quoted_for_is_auto() {
        assertEquals(new RailSelection("RTP", "MANUAL"), RailSelection.of("USD_ACCOUNT", "USD", "RTP"));
        assertEquals(new RailSelection("ACH", "AUTO"), RailSelection.of("USD_ACCOUNT", "USD", null));
        assertEquals(Map.of("paymentRail", "ACH", "railSelectionMode", "AUTO"),
                RailSelection.of("USD_ACCOUNT", "USD", null).fields());
        assertEquals(new RailSelection("SEPA_INSTANT", "AUTO"), RailSelection.of("EUR_ACCOUNT", "EUR", null),
                "the rail EUR rates are quoted for");
    }

    @Test
    void an_account_without_rails_has_no_rail_and_a_rail_it_lacks_is_refused() {
        assertEquals(Map.of("railSelectionMode", "AUTO"), RailSelection.of("LIGHTNING", "BTC", null).fields());
        var refused = assertThrows(InvalidInput.class, () -> RailSelection.of("USD_ACCOUNT", "USD", "SEPA_INSTANT"));
        assertEquals("Invalid field destination.paymentRail: must be one of [ACH, WIRE, RTP, FEDNOW] for this "
                + "account", refused.getMessage());
    }
}
