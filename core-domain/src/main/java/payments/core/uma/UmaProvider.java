package payments.core.uma;

import java.util.List;
import payments.core.money.Currency;

/**
 * A provider of UMA addresses as the UMA directory lists it (reference/platform.md, UmaProvider): its name, the
 * regions (ISO 3166-1 alpha-2) it serves, its UMA domain (unique: the provider's key), logo, currencies, legal entity
 * identifier, and whether it is on the calling platform's allow list. {@code logoUrl} and {@code lei} may be null.
 */
public record UmaProvider(String name, List<String> supportedRegions, String domain, String logoUrl,
                          List<Currency> supportedCurrencies, String lei, boolean allowListStatus) {
    public UmaProvider {
        supportedRegions = List.copyOf(supportedRegions);
        supportedCurrencies = List.copyOf(supportedCurrencies);
    }

    /**
     * What the list is ordered by: the name, then the domain for two of one name (a NUL between them, which no name
     * holds, so that a shorter name sorts before a longer one it begins).
     */
    public String sortKey() {
        return name + '\u0000' + domain;
    }
}
