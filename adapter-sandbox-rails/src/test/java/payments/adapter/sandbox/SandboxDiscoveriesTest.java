package payments.adapter.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import payments.core.fx.Institution;
import payments.core.money.Currencies;

class SandboxDiscoveriesTest {
    private final SandboxDiscoveries discoveries = new SandboxDiscoveries();

    @Test
    void no_filter_lists_the_whole_catalogue_of_known_currencies() {
        var all = discoveries.find(null, null);
        assertEquals(SandboxDiscoveries.CATALOGUE, all);
        assertTrue(all.stream().map(Institution::country).distinct().count() >= 12);
        assertTrue(all.stream().allMatch(i -> Currencies.find(i.currency()).isPresent()
                && i.country().matches("[A-Z]{2}") && !i.bankName().isBlank() && !i.displayName().isBlank()));
        var perCountry = all.stream().collect(Collectors.groupingBy(Institution::country, Collectors.counting()));
        assertTrue(perCountry.values().stream().allMatch(n -> n >= 3 && n <= 6), perCountry.toString());
    }

    @Test
    void filters_combine() {
        assertEquals(4, discoveries.find("MX", null).size());
        assertEquals(9, discoveries.find(null, "EUR").size());
        assertEquals(3, discoveries.find("FR", "EUR").size());
        assertEquals(0, discoveries.find("FR", "USD").size());
        assertEquals(0, discoveries.find("JP", null).size());
    }
}
