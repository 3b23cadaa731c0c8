package payments.core.uma;

/**
 * The filters of {@code GET /uma-providers}: a region served, a currency offered (null: any), and whether providers
 * off the platform's allow list are included ({@code includeBlocked}, the query's {@code hasBlockedProviders},
 * true unless it says false).
 */
public record UmaProviderFilter(String countryCode, String currencyCode, boolean includeBlocked) {
    public boolean matches(UmaProvider provider) {
        return (countryCode == null || provider.supportedRegions().contains(countryCode))
                && (currencyCode == null
                || provider.supportedCurrencies().stream().anyMatch(c -> c.code().equals(currencyCode)))
                && (includeBlocked || provider.allowListStatus());
    }
}
