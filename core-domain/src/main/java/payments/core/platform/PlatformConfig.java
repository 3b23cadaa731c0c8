package payments.core.platform;

import java.util.List;
import java.util.Map;
import payments.core.customer.Customer;
import payments.core.error.Forbidden;

/**
 * What a platform configured: its UMA domain, webhook endpoint, the currencies its customers may hold, and whether
 * a customer must be verified ({@code APPROVED}) before money moves for it. The nested objects are kept as validated
 * plain JSON (see {@link PlatformConfigSchemas}) because the service stores and echoes them without interpreting most
 * of their fields.
 */
public record PlatformConfig(String umaDomain, String proxyUmaSubdomain, String webhookEndpoint,
                             List<Map<String, Object>> supportedCurrencies, boolean regulatedFinancialInstitution,
                             Map<String, Object> embeddedWalletConfig, Map<String, Object> cardTokenization2faConfig,
                             List<Map<String, Object>> feeConfigs, boolean requireVerifiedCustomers) {

    public PlatformConfig {
        supportedCurrencies = List.copyOf(supportedCurrencies);
        feeConfigs = List.copyOf(feeConfigs);
    }

    /** A configuration that lets money move for unverified customers. */
    public PlatformConfig(String umaDomain, String proxyUmaSubdomain, String webhookEndpoint,
                          List<Map<String, Object>> supportedCurrencies, boolean regulatedFinancialInstitution,
                          Map<String, Object> embeddedWalletConfig, Map<String, Object> cardTokenization2faConfig,
                          List<Map<String, Object>> feeConfigs) {
        this(umaDomain, proxyUmaSubdomain, webhookEndpoint, supportedCurrencies, regulatedFinancialInstitution,
                embeddedWalletConfig, cardTokenization2faConfig, feeConfigs, false);
    }

    /**
     * 403 {@code USER_NOT_READY} when this platform moves money only for verified customers and {@code customer}'s
     * kycStatus / kybStatus is not {@code APPROVED}.
     */
    public void requireReady(Customer customer) {
        if (requireVerifiedCustomers && customer != null && !"APPROVED".equals(customer.verificationStatus())) {
            throw new Forbidden("USER_NOT_READY", "Customer " + customer.id() + " is "
                    + customer.verificationStatus() + ", not APPROVED: this platform moves money only for verified "
                    + "customers (POST /verifications)");
        }
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

    /** A sandbox platform's first configuration. */
    public static PlatformConfig initial(String umaDomain, List<String> currencies) {
        return initial(umaDomain, currencies, Environment.SANDBOX);
    }

    /** A platform's first configuration: production platforms move money only for verified customers. */
    public static PlatformConfig initial(String umaDomain, List<String> currencies, Environment environment) {
        return new PlatformConfig(umaDomain, null, null,
                currencies.stream().map(CurrencySettings::defaultItem).toList(), false, null, null, List.of(),
                environment == Environment.PRODUCTION);
    }
}
