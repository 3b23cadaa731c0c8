package payments.core.error;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds the spec's 400 {@code INVALID_INPUT} with one {@link FieldError} per invalid field. */
public final class InvalidFields {
    private InvalidFields() {
    }

    public static InvalidInput of(List<FieldError> errors) {
        List<Map<String, Object>> items = new ArrayList<>();
        for (FieldError e : errors) {
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("field", e.field());
            item.put("message", e.message());
            if (!e.constraint().isEmpty()) {
                item.put("constraint", e.constraint());
            }
            items.add(item);
        }
        String first = errors.get(0).field() + ": " + errors.get(0).message();
        String message = errors.size() == 1 ? "Invalid field " + first
                : "Invalid fields (" + errors.size() + "), first " + first;
        return new InvalidInput("INVALID_INPUT", message, Map.of("errors", items));
    }

    public static InvalidInput of(String field, String message) {
        return of(List.of(new FieldError(field, message)));
    }

    /** The field errors a refusal made by {@link #of} carries; empty for any other error. */
    @SuppressWarnings("unchecked")
    public static List<FieldError> errorsOf(DomainError e) {
        List<FieldError> errors = new ArrayList<>();
        if (e instanceof InvalidInput && e.details().get("errors") instanceof List<?> items) {
            for (Object item : items) {
                Map<?, ?> fields = (Map<?, ?>) item;
                errors.add(new FieldError((String) fields.get("field"), (String) fields.get("message"),
                        (Map<String, Object>) fields.get("constraint")));
            }
        }
        return errors;
    }
}
