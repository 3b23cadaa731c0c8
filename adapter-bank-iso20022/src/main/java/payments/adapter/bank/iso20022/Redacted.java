package payments.adapter.bank.iso20022;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import payments.core.bankrail.Masking;

/**
 * A parser's or validator's message made fit for an exception or a quarantine note: such messages quote the value
 * they refused ({@code Value 'DE89370400440532013000' is not facet-valid ...}), which may be an account number. A
 * quoted value with six digits or more shows only its last four characters; element and type names stay readable.
 */
final class Redacted {
    private static final Pattern QUOTED = Pattern.compile("'([^'{}\"]*)'");
    private static final int DIGITS_OF_AN_ACCOUNT = 6;

    private Redacted() {
    }

    static String message(String message) {
        if (message == null) {
            return "no detail";
        }
        Matcher quoted = QUOTED.matcher(message);
        StringBuilder redacted = new StringBuilder();
        while (quoted.find()) {
            String value = quoted.group(1);
            long digits = value.chars().filter(Character::isDigit).count();
            String shown = digits >= DIGITS_OF_AN_ACCOUNT ? Masking.lastFour(value) : value;
            quoted.appendReplacement(redacted, Matcher.quoteReplacement("'" + shown + "'"));
        }
        quoted.appendTail(redacted);
        return redacted.toString();
    }
}
