package payments.adapter.sandbox;

/** The sandbox's magic values: the last three characters of an identifier select a scenario. */
final class MagicSuffix {
    private MagicSuffix() {
    }

    static String of(String identifier) {
        if (identifier == null || identifier.length() < 3) {
            return "";
        }
        return identifier.substring(identifier.length() - 3);
    }
}
