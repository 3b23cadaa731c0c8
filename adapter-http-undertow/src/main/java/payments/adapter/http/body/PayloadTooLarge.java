package payments.adapter.http.body;

import payments.core.error.DomainError;

/** A body over the limit: 413 before any of it is parsed. */
public final class PayloadTooLarge extends DomainError {
    public PayloadTooLarge(int limitBytes) {
        super("PAYLOAD_TOO_LARGE", "Request bodies are limited to " + limitBytes + " bytes", null);
    }
}
