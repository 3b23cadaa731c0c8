package payments.core.error;

import java.util.Map;

/** The caller's credentials are missing or wrong (401). */
public final class Unauthenticated extends DomainError {
    public Unauthenticated(String code, String message) {
        super(code, message, null);
    }

    public Unauthenticated(String code, String message, Map<String, Object> details) {
        super(code, message, details);
    }
}
