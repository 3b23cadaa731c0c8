package payments.core.error;

import java.util.Map;

/** Too many requests of this kind; retry after the given number of seconds (429 with Retry-After). */
public final class RateLimited extends DomainError {
    private final long retryAfterSeconds;

    public RateLimited(String message, long retryAfterSeconds) {
        super("RATE_LIMITED", message, Map.of("retryAfterSeconds", retryAfterSeconds));
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
