package payments.adapter.http;

import payments.core.error.DomainError;

/** A body over {@link ApiHandler#MAX_BODY_BYTES}: 413 before any of it is parsed. */
final class PayloadTooLarge extends DomainError {
    PayloadTooLarge() {
        super("PAYLOAD_TOO_LARGE", "Request bodies are limited to " + ApiHandler.MAX_BODY_BYTES + " bytes", null);
    }
}
