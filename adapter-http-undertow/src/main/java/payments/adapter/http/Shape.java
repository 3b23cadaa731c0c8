package payments.adapter.http;

import java.util.Map;
import payments.core.json.JsonSchema;

/** A response schema published once under {@code components/schemas} by its name, and referred to from there. */
public record Shape(String name, Map<String, Object> schema) {
    public Map<String, Object> ref() {
        return JsonSchema.ref(name);
    }
}
