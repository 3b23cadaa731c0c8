package payments.core.idempotency;

import java.util.Arrays;
import java.util.Map;
import payments.core.error.Conflict;

/**
 * The response kept under an Idempotency-Key with the request it answered ({@code requestHash}: method, path and
 * canonical body), so that a repeat of that request gets the same status and bytes.
 */
public record StoredResponse(byte[] requestHash, int status, byte[] body) {
    /** This response for a repeat of its request; 409 when the key was used for a different request. */
    public StoredResponse replayFor(String key, byte[] requestHash) {
        if (!Arrays.equals(this.requestHash, requestHash)) {
            throw new Conflict("CONFLICT", "This Idempotency-Key was used for a different request",
                    Map.of("idempotencyKey", key));
        }
        return this;
    }

    /** The same response, kept for the request {@code requestHash} identifies. */
    public StoredResponse answering(byte[] requestHash) {
        return new StoredResponse(requestHash, status, body);
    }
}
