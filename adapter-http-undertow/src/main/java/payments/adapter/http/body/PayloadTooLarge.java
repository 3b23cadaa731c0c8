package payments.adapter.http.body;

import payments.core.error.DomainError;

/** A body over the limit: 413 before any of it is parsed. */
public final class PayloadTooLarge extends DomainError {
    public PayloadTooLarge(long limitBytes) {
        this("Request bodies are limited to " + limitBytes + " bytes");
    }

    public PayloadTooLarge(String message) {
        super("PAYLOAD_TOO_LARGE", message, null);
    }
}
