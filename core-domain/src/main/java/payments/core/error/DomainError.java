package payments.core.error;

import java.util.Map;

/**
 * A rule of the domain said no. Each subtype stands for one kind of refusal; the HTTP adapter maps the type to a
 * status once, and {@link #code()} carries the spec's error code (for example {@code UMA_ADDRESS_EXISTS}).
 */
public abstract class DomainError extends RuntimeException {
    private final String code;
    private final Map<String, Object> details;

    protected DomainError(String code, String message, Map<String, Object> details) {
        super(message, null, false, false);
        this.code = code;
        this.details = details == null ? Map.of() : Map.copyOf(details);
    }

    public String code() {
        return code;
    }

    public Map<String, Object> details() {
        return details;
    }
}
