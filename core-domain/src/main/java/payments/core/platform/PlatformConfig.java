package payments.core.platform;

import java.util.List;
import java.util.Map;

/**
 * What a platform configured: its UMA domain, webhook endpoint and the currencies its customers may hold. The
 * nested objects are kept as validated plain JSON (see {@link PlatformConfigSchemas}) because the service stores
 * and echoes them without interpreting most of their fields.
 */
public record PlatformConfig(String umaDomain, String proxyUmaSubdomain, String webhookEndpoint,
                             List<Map<String, Object>> supportedCurrencies, boolean regulatedFinancialInstitution,
                             Map<String, Object> embeddedWalletConfig, Map<String, Object> cardTokenization2faConfig,
                             List<Map<String, Object>> feeConfigs) {

    public PlatformConfig {
        supportedCurrencies = List.copyOf(supportedCurrencies);
        feeConfigs = List.copyOf(feeConfigs);
    }

    public List<String> currencyCodes() {
        return supportedCurrencies.stream().map(c -> (String) c.get("currencyCode")).toList();
    }

    public boolean supportsCurrency(String code) {
        return currencyCodes().contains(code);
    }

    /** The settings of a currency, the service's own when the platform does not list it ({@link CurrencySettings}). */
    public CurrencySettings currency(String code) {
        return supportedCurrencies.stream().filter(c -> code.equals(c.get("currencyCode"))).findFirst()
                .map(CurrencySettings::of).orElseGet(() -> CurrencySettings.unlisted(code));
    }

    public static PlatformConfig initial(String umaDomain, List<String> currencies) {
        return new PlatformConfig(umaDomain, null, null,
                currencies.stream().map(CurrencySettings::defaultItem).toList(), false, null, null, List.of());
    }
}
