package payments.adapter.sandbox;

/**
 * The sandbox's magic values: the last three characters of an identifier select a scenario; of an email-style one
 * (a PIX key, a VPA, a lightning address), those of its user part, where the digits go.
 */
final class MagicSuffix {
    private MagicSuffix() {
    }

    static String of(String identifier) {
        if (identifier == null) {
            return "";
        }
        int at = identifier.indexOf('@');
        String digits = at > 0 ? identifier.substring(0, at) : identifier;
        return digits.length() < 3 ? "" : digits.substring(digits.length() - 3);
    }
}
