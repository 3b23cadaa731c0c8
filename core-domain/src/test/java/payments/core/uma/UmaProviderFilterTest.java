package payments.core.uma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import payments.core.money.Currencies;

class UmaProviderFilterTest {
    private static final UmaProvider ALLOWED = new UmaProvider("Allowed", List.of("US", "MX"), "allowed.example",
            null, List.of(Currencies.of("USD"), Currencies.of("MXN")), null, true);
    private static final UmaProvider BLOCKED = new UmaProvider("Blocked", List.of("GB"), "blocked.example",
            null, List.of(Currencies.of("GBP")), null, false);
    private static final List<UmaProvider> BOTH = List.of(ALLOWED, BLOCKED);

    private static List<String> kept(UmaProviderFilter filter) {
        return BOTH.stream().filter(filter::matches).map(UmaProvider::name).toList();
    }

    @Test
    void each_filter_narrows_the_others() {
        assertEquals(List.of("Allowed", "Blocked"), kept(new UmaProviderFilter(null, null, true)));
        assertEquals(List.of("Allowed"), kept(new UmaProviderFilter("MX", null, true)));
        assertEquals(List.of("Blocked"), kept(new UmaProviderFilter(null, "GBP", true)));
        assertEquals(List.of(), kept(new UmaProviderFilter("MX", "GBP", true)));
        assertEquals(List.of("Allowed"), kept(new UmaProviderFilter(null, null, false)));
        assertEquals(List.of(), kept(new UmaProviderFilter("GB", null, false)));
    }

    @Test
    void providers_sort_by_name_then_domain() {
        UmaProvider shorter = new UmaProvider("Pay", List.of(), "z.example", null, List.of(), null, true);
        UmaProvider longer = new UmaProvider("Pay Co", List.of(), "a.example", null, List.of(), null, true);
        UmaProvider twin = new UmaProvider("Pay", List.of(), "a.example", null, List.of(), null, true);
        assertTrue(shorter.sortKey().compareTo(longer.sortKey()) < 0, "a name before a longer one it begins");
        assertTrue(twin.sortKey().compareTo(shorter.sortKey()) < 0, "one name: by domain");
    }
}
