package payments.core.card;

/**
 * A card's number and security code: sealed at rest, shown only on the reveal page, never logged (the text form
 * hides them), never in a list, an event or an error.
 */
public record CardNumbers(String pan, String cvv) {
    public CardNumbers {
        if (pan == null || !pan.matches("[0-9]{12,19}") || !luhnValid(pan)) {
            throw new IllegalArgumentException("a card number is 12 to 19 digits with a valid check digit");
        }
        if (cvv == null || !cvv.matches("[0-9]{3,4}")) {
            throw new IllegalArgumentException("a security code is 3 or 4 digits");
        }
    }

    public String last4() {
        return pan.substring(pan.length() - 4);
    }

    /** The Luhn check digit that makes {@code partial} (the number without it) valid. */
    public static int luhnDigit(String partial) {
        int sum = 0;
        for (int i = 0; i < partial.length(); i++) {
            int digit = partial.charAt(partial.length() - 1 - i) - '0';
            if (i % 2 == 0) { // doubled: these are every second digit once the check digit is appended
                digit *= 2;
                if (digit > 9) {
                    digit -= 9;
                }
            }
            sum += digit;
        }
        return (10 - sum % 10) % 10;
    }

    public static boolean luhnValid(String number) {
        return luhnDigit(number.substring(0, number.length() - 1)) == number.charAt(number.length() - 1) - '0';
    }

    @Override
    public String toString() {
        return "CardNumbers[hidden]";
    }
}
