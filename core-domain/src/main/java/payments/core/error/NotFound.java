package payments.core.error;

import java.util.Map;

/** The addressed record does not exist for this platform (404). */
public final class NotFound extends DomainError {
    public NotFound(String code, String message) {
        super(code, message, null);
    }

    public NotFound(String code, String message, Map<String, Object> details) {
        super(code, message, details);
    }
}
