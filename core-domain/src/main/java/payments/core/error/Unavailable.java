package payments.core.error;

import java.util.Map;

/** The service cannot take the request now (a full queue); nothing was done, retry after a while (503). */
public final class Unavailable extends DomainError {
    private final long retryAfterSeconds;

    public Unavailable(String message, long retryAfterSeconds) {
        super("SERVICE_UNAVAILABLE", message, Map.of("retryAfterSeconds", retryAfterSeconds));
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
