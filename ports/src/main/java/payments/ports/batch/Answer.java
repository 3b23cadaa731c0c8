package payments.ports.batch;

/**
 * What a request of a batch got: the result it made, and under an Idempotency-Key the response kept for it; or an
 * earlier request's response under the same key ({@code sent.replayed()}, no value).
 */
public record Answer<T>(T value, Sent sent) {
}
