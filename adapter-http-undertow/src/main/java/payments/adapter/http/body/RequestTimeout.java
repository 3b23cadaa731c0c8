package payments.adapter.http.body;

import payments.core.error.DomainError;

/** A request that did not all arrive within the time a request may take to arrive: 408, and the connection closes. */
public final class RequestTimeout extends DomainError {
    public RequestTimeout() {
        super("REQUEST_TIMEOUT", "The request did not arrive in time", null);
    }
}
