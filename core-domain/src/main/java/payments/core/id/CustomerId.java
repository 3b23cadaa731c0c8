package payments.core.id;

import java.util.UUID;

/** Id of a customer, written {@code Customer:<uuid>} on the wire. */
public record CustomerId(UUID value) {
    public static final String KIND = "Customer";

    public CustomerId {
        if (value == null) {
            throw new IllegalArgumentException("id value is required");
        }
    }

    public static CustomerId parse(String field, String text) {
        return new CustomerId(EntityId.parse(KIND, field, text));
    }

    @Override
    public String toString() {
        return EntityId.format(KIND, value);
    }
}
