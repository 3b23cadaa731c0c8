package payments.core.validation;

/**
 * Text PostgreSQL stores as the same text: it keeps no U+0000 in text (nor jsonb), and an unpaired UTF-16 surrogate
 * is not Unicode (the JDBC driver would store "?" in its place). Input is refused ({@link #problem}); text the
 * service only records from outside, such as an endpoint's answer, is cleaned ({@link #cleaned}).
 */
public final class StorableText {
    private static final String NUL = "must not contain the character U+0000";
    private static final String UNPAIRED = "must not contain an unpaired surrogate (it is not Unicode text)";

    private StorableText() {
    }

    /** Why {@code s} cannot be stored as it is, or null. */
    public static String problem(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == 0) {
                return NUL;
            }
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return UNPAIRED;
            }
        }
        return null;
    }

    /** {@code s} with each character {@link #problem} refuses replaced by U+FFFD; null stays null. */
    public static String cleaned(String s) {
        if (s == null || problem(s) == null) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                out.append(c).append(s.charAt(++i));
            } else {
                out.append(c == 0 || Character.isSurrogate(c) ? '\uFFFD' : c);
            }
        }
        return out.toString();
    }
}
