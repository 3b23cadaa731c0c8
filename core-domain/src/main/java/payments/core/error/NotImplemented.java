package payments.core.error;

import java.util.Map;

/** The feature is not implemented or not enabled (501). */
public final class NotImplemented extends DomainError {
    public NotImplemented(String code, String message) {
        super(code, message, null);
    }

    public NotImplemented(String code, String message, Map<String, Object> details) {
        super(code, message, details);
    }
}
