package payments.core.bankrail;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Locale;
import java.util.regex.Pattern;
import payments.core.error.InvalidInput;
import payments.core.money.Currencies;

/**
 * The checks of a bank rail's settings and of the amounts its reports name: the currencies it sends (EUR by SEPA
 * credit transfer, USD by wire), an IBAN's check digits (ISO 13616), a BIC's form (ISO 9362), and a report's decimal
 * amount as exact minor units.
 */
public final class BankRailRules {
    public static final long MAX_CUT_OFF_SECONDS = 7 * 24 * 3600;
    private static final Pattern IBAN = Pattern.compile("[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}");
    private static final Pattern BIC = Pattern.compile("[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?");
    private static final Pattern ACCOUNT_NUMBER = Pattern.compile("[0-9A-Z]{4,34}");
    private static final Pattern ROUTING_NUMBER = Pattern.compile("[0-9]{9}");

    private BankRailRules() {
    }

    /** The settings of an operator's command, checked: 400 {@code INVALID_INPUT} naming the wrong one. */
    public static DebtorAccount debtor(String currency, String name, String iban, String accountNumber,
                                       String routingNumber, String bic) {
        requireCurrency(currency);
        if (name == null || name.isBlank() || name.length() > 70) {
            throw invalid("name", "the debtor's name is required, at most 70 characters");
        }
        if ((iban == null) == (accountNumber == null)) {
            throw invalid("iban", "give the debtor account's IBAN or its account number, one of them");
        }
        if (iban != null && !isIban(iban)) {
            throw invalid("iban", "not a valid IBAN (its check digits do not match)");
        }
        if (accountNumber != null && !ACCOUNT_NUMBER.matcher(accountNumber).matches()) {
            throw invalid("account-number", "4 to 34 digits or capital letters");
        }
        if ("EUR".equals(currency) && iban == null) {
            throw invalid("iban", "a SEPA credit transfer is drawn on an IBAN");
        }
        if ("USD".equals(currency) && (accountNumber == null || routingNumber == null
                || !ROUTING_NUMBER.matcher(routingNumber).matches())) {
            throw invalid("routing-number", "a US account is its account number and its bank's 9-digit ABA routing"
                    + " number");
        }
        if (bic == null || !BIC.matcher(bic).matches()) {
            throw invalid("bic", "a BIC of 8 or 11 characters is required");
        }
        return new DebtorAccount(name.strip(), iban, accountNumber, "USD".equals(currency) ? routingNumber : null,
                bic);
    }

    public static void requireCurrency(String currency) {
        if (!"EUR".equals(currency) && !"USD".equals(currency)) {
            throw invalid("currency", "the bank rail sends EUR (SEPA) and USD (wire) credit transfers");
        }
    }

    public static long cutOffSeconds(long seconds) {
        if (seconds < 1 || seconds > MAX_CUT_OFF_SECONDS) {
            throw invalid("cut-off-seconds", "1 to " + MAX_CUT_OFF_SECONDS);
        }
        return seconds;
    }

    /** Whether {@code text} is an IBAN whose check digits match (mod 97 = 1). */
    public static boolean isIban(String text) {
        if (text == null || !IBAN.matcher(text).matches()) {
            return false;
        }
        String rearranged = text.substring(4) + text.substring(0, 4);
        StringBuilder digits = new StringBuilder();
        for (char c : rearranged.toCharArray()) {
            digits.append(Character.isDigit(c) ? String.valueOf(c) : String.valueOf(c - 'A' + 10));
        }
        return new BigInteger(digits.toString()).mod(BigInteger.valueOf(97)).intValue() == 1;
    }

    /** A report's amount in minor units; {@link BankReport.Malformed} when it has more decimals than the currency. */
    public static long minor(String currency, BigDecimal amount) {
        var known = Currencies.find(currency);
        if (known.isEmpty()) {
            throw new BankReport.Malformed("unknown currency " + currency);
        }
        try {
            return amount.movePointRight(known.get().decimals()).longValueExact();
        } catch (ArithmeticException e) {
            throw new BankReport.Malformed("amount " + amount.toPlainString() + " is not a whole number of "
                    + currency.toUpperCase(Locale.ROOT) + " minor units");
        }
    }

    private static InvalidInput invalid(String option, String message) {
        return new InvalidInput("INVALID_INPUT", "--" + option + ": " + message, java.util.Map.of("option", option));
    }
}
