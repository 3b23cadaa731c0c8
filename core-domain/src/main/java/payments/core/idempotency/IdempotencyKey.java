package payments.core.idempotency;

import java.util.Map;
import java.util.regex.Pattern;
import payments.core.error.Conflict;
import payments.core.error.InvalidFields;

/** The rules of an {@code Idempotency-Key}: a UUID, held by one request at a time. */
public final class IdempotencyKey {
    private static final Pattern UUID_FORM =
            Pattern.compile("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$");

    private IdempotencyKey() {
    }

    /** 400 unless {@code key} is a UUID. */
    public static void requireForm(String key) {
        if (!UUID_FORM.matcher(key).matches()) {
            throw InvalidFields.of("Idempotency-Key", "must be a UUID");
        }
    }

    /** 409: the request that holds the key has not finished. */
    public static Conflict inProgress(String key) {
        return new Conflict("CONFLICT", "A request with this Idempotency-Key is still in progress",
                Map.of("idempotencyKey", key));
    }
}
