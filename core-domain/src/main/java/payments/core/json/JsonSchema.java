package payments.core.json;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON Schema (2020-12, the dialect of OpenAPI 3.1) for what the API answers, in plain maps: the shapes the
 * published description gives for each resource. Requests are described by the rules that check them
 * ({@code JsonType.schema()}); answers by these, next to the code that writes them.
 */
public final class JsonSchema {
    private JsonSchema() {
    }

    public static Map<String, Object> string() {
        return Map.of("type", "string");
    }

    /** An ISO 8601 instant, as {@link IsoInstant} writes it. */
    public static Map<String, Object> dateTime() {
        return Map.of("type", "string", "format", "date-time");
    }

    public static Map<String, Object> integer() {
        return Map.of("type", "integer", "format", "int64");
    }

    /** A decimal written as a JSON number (rates, multipliers). */
    public static Map<String, Object> decimal() {
        return Map.of("type", "number");
    }

    public static Map<String, Object> bool() {
        return Map.of("type", "boolean");
    }

    public static Map<String, Object> enumOf(String... values) {
        return Map.of("type", "string", "enum", List.of(values));
    }

    public static <E extends Enum<E>> Map<String, Object> enumOf(Class<E> type) {
        return enumOf(Arrays.stream(type.getEnumConstants()).map(Enum::name).toArray(String[]::new));
    }

    public static Map<String, Object> arrayOf(Map<String, Object> items) {
        return Map.of("type", "array", "items", items);
    }

    /** An object whose fields this description does not fix (a profile echoed as given, rail details). */
    public static Map<String, Object> anyObject(String description) {
        return Map.of("type", "object", "description", description);
    }

    /** A value that matches exactly one of {@code schemas}. */
    @SafeVarargs
    public static Map<String, Object> oneOf(Map<String, Object>... schemas) {
        return Map.of("oneOf", List.of(schemas));
    }

    /** A schema published under {@code components/schemas} by that name. */
    public static Map<String, Object> ref(String name) {
        return Map.of("$ref", "#/components/schemas/" + name);
    }

    /** The list envelope of {@link JsonObject#page}. */
    public static Map<String, Object> page(Map<String, Object> item) {
        return object().required("data", arrayOf(item)).required("hasMore", bool())
                .optional("nextCursor", string()).optional("totalCount", integer()).schema();
    }

    /** The envelope of {@link JsonObject#data}. */
    public static Map<String, Object> data(Map<String, Object> item) {
        return object().required("data", arrayOf(item)).schema();
    }

    public static ObjectShape object() {
        return new ObjectShape();
    }

    /**
     * An answer's object: its fields, those always present listed as required. Further fields are not refused, so
     * that a client keeps working when a field is added.
     */
    public static final class ObjectShape {
        private final Map<String, Object> properties = new LinkedHashMap<>();
        private final List<String> required = new ArrayList<>();

        private ObjectShape() {
        }

        public ObjectShape required(String name, Map<String, Object> schema) {
            required.add(name);
            return optional(name, schema);
        }

        public ObjectShape optional(String name, Map<String, Object> schema) {
            properties.put(name, schema);
            return this;
        }

        public Map<String, Object> schema() {
            Map<String, Object> schema = new LinkedHashMap<>();
            schema.put("type", "object");
            schema.put("properties", Collections.unmodifiableMap(new LinkedHashMap<>(properties)));
            if (!required.isEmpty()) {
                schema.put("required", List.copyOf(required));
            }
            return Collections.unmodifiableMap(schema);
        }
    }
}
