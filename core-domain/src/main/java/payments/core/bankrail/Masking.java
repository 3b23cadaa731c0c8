package payments.core.bankrail;

/** Account numbers as logs and answers show them: never whole. */
public final class Masking {
    private Masking() {
    }

    /** {@code "****1234"}: the last four characters of {@code identifier}; null stays null. */
    public static String lastFour(String identifier) {
        if (identifier == null) {
            return null;
        }
        return "****" + identifier.substring(Math.max(0, identifier.length() - 4));
    }
}
