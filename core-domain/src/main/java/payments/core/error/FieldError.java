package payments.core.error;

import java.util.Map;

/** One invalid field of a request: its dot path, why, and the constraint it broke (may be empty). */
public record FieldError(String field, String message, Map<String, Object> constraint) {
    public FieldError {
        constraint = constraint == null ? Map.of() : Map.copyOf(constraint);
    }

    public FieldError(String field, String message) {
        this(field, message, Map.of());
    }
}
