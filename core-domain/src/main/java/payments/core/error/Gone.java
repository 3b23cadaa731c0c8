package payments.core.error;

import java.util.Map;

/** The record existed and was deleted (410). */
public final class Gone extends DomainError {
    public Gone(String code, String message) {
        super(code, message, null);
    }

    public Gone(String code, String message, Map<String, Object> details) {
        super(code, message, details);
    }
}
