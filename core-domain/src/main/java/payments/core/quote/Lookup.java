package payments.core.quote;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.id.PlatformId;

/**
 * What a receiver lookup found: which currencies the receiver takes and which payer data it demands. A quote to a
 * UMA address must name the lookup, and supply every mandatory payer field it lists.
 */
public record Lookup(UUID id, PlatformId platformId, String receiver, List<Map<String, Object>> supportedCurrencies,
                     List<Map<String, Object>> requiredPayerDataFields, Instant createdAt) {
    public static final String KIND = "Lookup";

    public Lookup {
        supportedCurrencies = List.copyOf(supportedCurrencies);
        requiredPayerDataFields = List.copyOf(requiredPayerDataFields);
    }

    public String wireId() {
        return KIND + ":" + id;
    }

    public List<String> mandatoryPayerFields() {
        return requiredPayerDataFields.stream().filter(f -> Boolean.TRUE.equals(f.get("mandatory")))
                .map(f -> (String) f.get("name")).toList();
    }

    public boolean receives(String currency) {
        return supportedCurrencies.stream().anyMatch(c -> currency.equals(c.get("currencyCode")));
    }
}
