package payments.ports.batch;

import payments.core.idempotency.StoredResponse;

/** The response to send; {@code replayed} when it is an earlier request's, found by its Idempotency-Key. */
public record Sent(StoredResponse response, boolean replayed) {
}
