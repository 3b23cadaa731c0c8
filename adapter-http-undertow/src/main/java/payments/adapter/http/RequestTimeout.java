package payments.adapter.http;

import payments.core.error.DomainError;

/** A request that did not all arrive within the time a request may take to arrive: 408, and the connection closes. */
final class RequestTimeout extends DomainError {
    RequestTimeout() {
        super("REQUEST_TIMEOUT", "The request did not arrive in time", null);
    }
}
