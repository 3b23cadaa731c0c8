package payments.core.idempotency;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import payments.core.error.Conflict;
import payments.core.error.InvalidFields;

/**
 * The rules of an {@code Idempotency-Key}: a UUID, held by one request at a time, and compared in its canonical
 * (lower-case) form, so the same UUID written in upper case is the same key and cannot move money twice.
 */
public final class IdempotencyKey {
    private static final Pattern UUID_FORM =
            Pattern.compile("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$");

    private IdempotencyKey() {
    }

    /** The key as it is kept and compared: the UUID in lower case; 400 unless {@code key} is a UUID. */
    public static String canonical(String key) {
        if (!UUID_FORM.matcher(key).matches()) {
            throw InvalidFields.of("Idempotency-Key", "must be a UUID");
        }
        return key.toLowerCase(Locale.ROOT);
    }

    /** 409: the request that holds the key has not finished. */
    public static Conflict inProgress(String key) {
        return new Conflict("CONFLICT", "A request with this Idempotency-Key is still in progress",
                Map.of("idempotencyKey", key));
    }
}
