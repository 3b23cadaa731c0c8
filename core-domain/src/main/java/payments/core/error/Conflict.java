package payments.core.error;

import java.util.Map;

/** The request clashes with the current state (409). */
public final class Conflict extends DomainError {
    public Conflict(String code, String message) {
        super(code, message, null);
    }

    public Conflict(String code, String message, Map<String, Object> details) {
        super(code, message, details);
    }
}
