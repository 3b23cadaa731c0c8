package payments.core.error;

import java.util.Map;

/** The caller may not do this (403). */
public final class Forbidden extends DomainError {
    public Forbidden(String code, String message) {
        super(code, message, null);
    }

    public Forbidden(String code, String message, Map<String, Object> details) {
        super(code, message, details);
    }
}
