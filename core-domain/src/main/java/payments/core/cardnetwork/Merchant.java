package payments.core.cardnetwork;

import java.util.LinkedHashMap;
import java.util.Map;

/** Where a card was used, as the network describes it: its descriptor, category code and country. */
public record Merchant(String descriptor, String mcc, String country) {
    public Merchant {
        if (descriptor == null || descriptor.isEmpty()) {
            throw new IllegalArgumentException("a merchant has a descriptor");
        }
    }

    public Map<String, Object> json() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("descriptor", descriptor);
        if (mcc != null) {
            json.put("mcc", mcc);
        }
        if (country != null) {
            json.put("country", country);
        }
        return json;
    }
}
