package payments.core.error;

import java.util.Map;

/** A request value can never be valid (400). */
public final class InvalidInput extends DomainError {
    public InvalidInput(String code, String message) {
        super(code, message, null);
    }

    public InvalidInput(String code, String message, Map<String, Object> details) {
        super(code, message, details);
    }
}
