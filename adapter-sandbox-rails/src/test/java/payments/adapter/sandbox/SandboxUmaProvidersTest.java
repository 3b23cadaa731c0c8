package payments.adapter.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.id.PlatformId;
import payments.core.platform.Environment;
import payments.core.uma.UmaProvider;

class SandboxUmaProvidersTest {
    private static final PlatformId PLATFORM = new PlatformId(UUID.randomUUID());
    private final SandboxUmaProviders directory = new SandboxUmaProviders("sandbox.uma.test");

    @Test
    void the_sandbox_domain_is_listed_with_the_currencies_of_its_test_receivers() {
        UmaProvider sandbox = directory.providers(PLATFORM, Environment.SANDBOX).stream()
                .filter(p -> p.domain().equals("sandbox.uma.test")).findFirst().orElseThrow();
        assertEquals(List.of("USD", "EUR", "MXN"), sandbox.supportedCurrencies().stream().map(c -> c.code()).toList());
        assertTrue(sandbox.allowListStatus());
    }

    @Test
    void every_provider_is_well_formed_and_only_one_is_off_the_allow_list() {
        List<UmaProvider> all = directory.providers(PLATFORM, Environment.SANDBOX);
        assertEquals(6, all.size());
        assertEquals(all.size(), all.stream().map(UmaProvider::domain).distinct().count(), "domains are unique");
        Set<String> countries = Set.of(Locale.getISOCountries());
        for (UmaProvider p : all) {
            assertTrue(countries.containsAll(p.supportedRegions()), p.name());
            assertTrue(!p.supportedCurrencies().isEmpty(), p.name());
            assertTrue(p.lei().matches("[0-9A-Z]{18}[0-9]{2}") && mod97(p.lei()) == 1, "ISO 17442 check digits: "
                    + p.lei());
        }
        assertEquals(List.of(SandboxUmaProviders.BLOCKED), all.stream().filter(p -> !p.allowListStatus())
                .map(UmaProvider::domain).toList());
    }

    @Test
    void production_platforms_have_no_directory_yet() {
        assertEquals(List.of(), directory.providers(PLATFORM, Environment.PRODUCTION));
    }

    /** ISO 7064 MOD 97-10 over the LEI, letters as 10..35: 1 for a valid one. */
    private static int mod97(String lei) {
        StringBuilder digits = new StringBuilder();
        lei.chars().forEach(c -> digits.append(Character.digit(c, 36)));
        return new BigInteger(digits.toString()).mod(BigInteger.valueOf(97)).intValue();
    }
}
