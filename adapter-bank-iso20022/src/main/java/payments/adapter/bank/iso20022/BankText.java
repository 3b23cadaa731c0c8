package payments.adapter.bank.iso20022;

import java.text.Normalizer;

/**
 * The free texts of a {@code pain.001} (names, remittance information) made to fit before they are written, so a
 * customer's text never makes a file fail its XSD or its bank's checks: whitespace and control characters become one
 * space, and the text is cut to the field's length. A SEPA file (EUR) carries only the EPC's Latin set: accents are
 * dropped ({@code é} to {@code e}) and any other character becomes {@code .}; names are cut to 70 characters there.
 * Elsewhere characters outside the Basic Multilingual Plane become {@code .}: the marshaller would write an emoji as
 * two surrogate character references, which XML does not allow.
 */
final class BankText {
    /** Max140Text, the ISO limit of a name and of one line of unstructured remittance information. */
    static final int MAX_TEXT = 140;
    /** The EPC's SEPA rulebook keeps names to 70 characters. */
    static final int MAX_SEPA_NAME = 70;
    private static final String SEPA_PUNCTUATION = "/-?:().,'+ ";
    private static final char SUBSTITUTE = '.';

    private BankText() {
    }

    /** A party's name for a file in {@code currency}; null when nothing printable is left. */
    static String name(String currency, String text) {
        return fit(currency, text, isSepa(currency) ? MAX_SEPA_NAME : MAX_TEXT);
    }

    /** One line of unstructured remittance information; null when nothing printable is left. */
    static String remittance(String currency, String text) {
        return fit(currency, text, MAX_TEXT);
    }

    private static String fit(String currency, String text, int max) {
        if (text == null) {
            return null;
        }
        boolean sepa = isSepa(currency);
        String source = sepa ? Normalizer.normalize(text, Normalizer.Form.NFD) : text;
        StringBuilder fitted = new StringBuilder(source.length());
        source.codePoints().forEach(c -> {
            if (Character.isWhitespace(c) || Character.isSpaceChar(c) || Character.isISOControl(c)) {
                if (fitted.length() > 0 && fitted.charAt(fitted.length() - 1) != ' ') {
                    fitted.append(' ');
                }
            } else if (Character.getType(c) == Character.NON_SPACING_MARK && sepa) {
                return;
            } else {
                fitted.append(sepa ? sepaChar(c) : bmpChar(c));
            }
        });
        String cut = fitted.length() > max ? fitted.substring(0, max) : fitted.toString();
        String stripped = cut.strip();
        return stripped.isEmpty() ? null : stripped;
    }

    private static boolean isSepa(String currency) {
        return "EUR".equals(currency);
    }

    private static char sepaChar(int c) {
        boolean latin = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || SEPA_PUNCTUATION.indexOf(c) >= 0;
        return latin ? (char) c : SUBSTITUTE;
    }

    private static char bmpChar(int c) {
        boolean writable = Character.isBmpCodePoint(c) && !Character.isSurrogate((char) c) && c != 0xFFFE
                && c != 0xFFFF;
        return writable ? (char) c : SUBSTITUTE;
    }
}
