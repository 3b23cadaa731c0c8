package payments.core.customer;

/** A way to reach a customer that can be verified with a code: its key in {@code contactVerification}. */
public enum ContactChannel {
    EMAIL("email"), PHONE("phone");

    private final String key;

    ContactChannel(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }
}
