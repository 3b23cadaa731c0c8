package payments.core.validation;

import java.util.ArrayList;
import java.util.List;
import payments.core.error.FieldError;
import payments.core.error.InvalidFields;

/**
 * A rule for one JSON value (already parsed into plain Java: Map, List, String, Long, BigInteger, BigDecimal,
 * Boolean). Returns the accepted value, or adds {@link FieldError}s naming {@code path} and returns null.
 */
public interface JsonType {
    Object check(Object value, String path, List<FieldError> errors);

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
