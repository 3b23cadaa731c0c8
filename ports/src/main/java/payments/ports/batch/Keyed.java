package payments.ports.batch;

import java.util.function.Function;
import payments.core.idempotency.IdempotencyKey;
import payments.core.idempotency.StoredResponse;

/**
 * A request's {@code Idempotency-Key}, what identifies the request ({@code requestHash}: method, path and canonical
 * body), and how its result becomes the response kept under the key.
 */
public record Keyed<T>(String key, byte[] requestHash, Function<T, StoredResponse> render) {
    /** This request under its key's canonical form (400 unless the key is a UUID): checked once the caller may. */
    public Keyed<T> canonical() {
        return new Keyed<>(IdempotencyKey.canonical(key), requestHash, render);
    }
}
