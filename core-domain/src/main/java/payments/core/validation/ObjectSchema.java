package payments.core.validation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import payments.core.error.FieldError;

/**
 * The fields a JSON object may carry, which are required, and the rule for each. Unknown fields are refused, so a
 * typo in a field name is a clear 400 instead of a silently ignored value.
 */
public final class ObjectSchema implements JsonType {
    private final Map<String, JsonType> fields = new LinkedHashMap<>();
    private final Set<String> required = new java.util.HashSet<>();
    private final Set<String> clearable = new java.util.HashSet<>();

    public static ObjectSchema of() {
        return new ObjectSchema();
    }

    /** The body of an action that takes none: an empty object is accepted, any field refused. */
    public static ObjectSchema none() {
        return new ObjectSchema();
    }

    public ObjectSchema required(String name, JsonType type) {
        fields.put(name, type);
        required.add(name);
        return this;
    }

    public ObjectSchema optional(String name, JsonType type) {
        fields.put(name, type);
        return this;
    }

    /**
     * An optional field of a partial update that a JSON {@code null} clears: the null is kept (present, with no
     * value), where any other field's null means absent.
     */
    public ObjectSchema clearable(String name, JsonType type) {
        clearable.add(name);
        return optional(name, type);
    }

    /** A copy of this schema with more fields, for variants that share a base. */
    public ObjectSchema extend() {
        ObjectSchema copy = new ObjectSchema();
        copy.fields.putAll(fields);
        copy.required.addAll(required);
        copy.clearable.addAll(clearable);
        return copy;
    }

    /** A copy in which every field is optional: the shape of a partial update. */
    public ObjectSchema allOptional() {
        ObjectSchema copy = new ObjectSchema();
        copy.fields.putAll(fields);
        copy.clearable.addAll(clearable);
        return copy;
    }

    public JsonType type(String name) {
        return fields.get(name);
    }

    public boolean isRequired(String name) {
        return required.contains(name);
    }

    public Set<String> fieldNames() {
        return fields.keySet();
    }

    /** An object of these properties, the required ones listed, no other property allowed; clearable ones nullable. */
    @Override
    public Map<String, Object> schema() {
        Map<String, Object> properties = new LinkedHashMap<>();
        fields.forEach((name, type) -> properties.put(name, clearable.contains(name)
                ? Map.of("oneOf", List.of(type.schema(), Map.of("type", "null"))) : type.schema()));
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        if (!required.isEmpty()) {
            schema.put("required", fields.keySet().stream().filter(required::contains).toList());
        }
        schema.put("additionalProperties", false);
        return schema;
    }

    @Override
    public Object check(Object value, String path, List<FieldError> errors) {
        if (!(value instanceof Map<?, ?> map)) {
            errors.add(new FieldError(path.isEmpty() ? "body" : path, "must be a JSON object"));
            return null;
        }
        Map<String, Object> accepted = new LinkedHashMap<>();
        int before = errors.size();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            String name = (String) e.getKey();
            JsonType type = fields.get(name);
            String fieldPath = path.isEmpty() ? name : path + "." + name;
            if (type == null) {
                errors.add(new FieldError(fieldPath, "unknown field"));
            } else if (e.getValue() != null) {
                Object v = type.check(e.getValue(), fieldPath, errors);
                if (v != null) {
                    accepted.put(name, v);
                }
            } else if (clearable.contains(name)) {
                accepted.put(name, null);
            }
        }
        for (String name : required) {
            if (map.get(name) == null) {
                errors.add(new FieldError(path.isEmpty() ? name : path + "." + name, "is required"));
            }
        }
        return errors.size() == before ? new Fields(accepted) : null;
    }
}
