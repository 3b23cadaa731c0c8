package payments.ports.platform;

import java.util.List;
import java.util.Map;
import payments.core.platform.PlatformConfig;
import payments.core.platform.PlatformConfigSchemas;
import payments.core.validation.Fields;

/**
 * A change to a platform's configuration: each field given (not null) replaces the old value, the others stay;
 * {@code clearWebhookEndpoint} turns webhooks off. The nested objects are validated plain JSON, kept as given.
 */
public record ConfigUpdate(String umaDomain, String webhookEndpoint, boolean clearWebhookEndpoint,
                           List<Map<String, Object>> supportedCurrencies, Map<String, Object> embeddedWalletConfig,
                           Map<String, Object> cardTokenization2faConfig, List<Map<String, Object>> feeConfigs,
                           Boolean requireVerifiedCustomers) {

    /** From the JSON body of {@code PATCH /config}; 400 naming every invalid field. */
    @SuppressWarnings("unchecked")
    public static ConfigUpdate fromJson(Object body) {
        Fields f = PlatformConfigSchemas.UPDATE.validate(body);
        Map<String, Object> u = f.toPlain();
        return new ConfigUpdate((String) u.get("umaDomain"), (String) u.get("webhookEndpoint"),
                u.containsKey("webhookEndpoint") && u.get("webhookEndpoint") == null,
                (List<Map<String, Object>>) u.get("supportedCurrencies"),
                (Map<String, Object>) u.get("embeddedWalletConfig"),
                (Map<String, Object>) u.get("cardTokenization2faConfig"),
                (List<Map<String, Object>>) u.get("feeConfigs"), (Boolean) u.get("requireVerifiedCustomers"));
    }

    /** {@code current} with this change applied. */
    PlatformConfig applyTo(PlatformConfig current) {
        return new PlatformConfig(
                umaDomain != null ? umaDomain : current.umaDomain(),
                current.proxyUmaSubdomain(),
                clearWebhookEndpoint ? null : webhookEndpoint != null ? webhookEndpoint : current.webhookEndpoint(),
                supportedCurrencies != null ? supportedCurrencies : current.supportedCurrencies(),
                current.regulatedFinancialInstitution(),
                embeddedWalletConfig != null ? embeddedWalletConfig : current.embeddedWalletConfig(),
                cardTokenization2faConfig != null ? cardTokenization2faConfig : current.cardTokenization2faConfig(),
                feeConfigs != null ? feeConfigs : current.feeConfigs(),
                requireVerifiedCustomers != null ? requireVerifiedCustomers : current.requireVerifiedCustomers());
    }
}
