package payments.core.validation;

import java.util.List;
import payments.core.common.FieldError;

/**
 * A rule for one JSON value (already parsed into plain Java: Map, List, String, Long, BigInteger, BigDecimal,
 * Boolean). Returns the accepted value, or adds {@link FieldError}s naming {@code path} and returns null.
 */
public interface JsonType {
    Object check(Object value, String path, List<FieldError> errors);
}
