package payments.core.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import payments.core.error.FieldError;
import payments.core.error.InvalidFields;

/**
 * A rule for one JSON value (already parsed into plain Java: Map, List, String, Long, BigInteger, BigDecimal,
 * Boolean). Returns the accepted value, or adds {@link FieldError}s naming {@code path} and returns null.
 */
public interface JsonType {
    Object check(Object value, String path, List<FieldError> errors);

    /**
     * What this rule accepts, as a JSON Schema (2020-12, the dialect of OpenAPI 3.1) in plain maps and lists: the
     * API's published description is made from the very rules that check requests, so the two cannot differ.
     */
    default Map<String, Object> schema() {
        return Map.of();
    }

    /** {@code check} described by {@code schema}. */
    static JsonType described(Map<String, Object> schema, JsonType check) {
        Map<String, Object> copy = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(schema));
        return new JsonType() {
            @Override
            public Object check(Object value, String path, List<FieldError> errors) {
                return check.check(value, path, errors);
            }

            @Override
            public Map<String, Object> schema() {
                return copy;
            }
        };
    }

    /** Validates a whole request body that must be an object; every problem found is reported in one 400. */
    default Fields validate(Object body) {
        List<FieldError> errors = new ArrayList<>();
        Object checked = check(body, "", errors);
        if (!errors.isEmpty()) {
            throw InvalidFields.of(errors);
        }
        return (Fields) checked;
    }
}
