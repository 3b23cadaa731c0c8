package payments.adapter.bank;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import payments.core.account.ExternalAccount;
import payments.core.bankrail.BankRailRules;
import payments.core.bankrail.Creditor;

/**
 * The creditor a transfer-out's destination names, as a bank file can pay it: a SEPA credit transfer (EUR) pays an
 * IBAN, a USD wire pays a {@code USD_ACCOUNT} (domestic, its bank named by ABA routing number) or a
 * {@code SWIFT_ACCOUNT} (cross-border, by BIC, to an IBAN or an account number). Every value is checked here against
 * the forms the {@code pain.001} XSD allows, so that one bad destination fails its own payment at once instead of
 * the whole file at the cut-off. The reasons never quote an account number.
 */
final class Creditors {
    /** The XSD's BICFI pattern (ISO 9362). */
    private static final Pattern BIC = Pattern.compile("[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?");
    private static final Pattern ROUTING_NUMBER = Pattern.compile("[0-9]{9}");
    /** Max34Text, written as one token. */
    private static final Pattern ACCOUNT_NUMBER = Pattern.compile("[A-Za-z0-9-]{1,34}");

    private Creditors() {
    }

    /** The creditor of a payment in {@code currency} to {@code destination}; {@link Unpayable} saying why not. */
    static Creditor of(ExternalAccount destination, String currency) throws Unpayable {
        Map<String, Object> info = destination.accountInfo();
        String name = beneficiaryName(info);
        if (name == null) {
            throw new Unpayable("the destination names no beneficiary (fullName or legalName)");
        }
        String type = destination.accountType();
        if ("EUR".equals(currency)) {
            String iban = iban(info);
            if (iban == null) {
                throw new Unpayable("a SEPA credit transfer pays an IBAN; the " + type + " destination has none");
            }
            return new Creditor(name, iban, null, null, bic(info, false));
        }
        if ("USD".equals(currency) && "USD_ACCOUNT".equals(type)) {
            String routingNumber = text(info, "routingNumber");
            if (routingNumber == null || !ROUTING_NUMBER.matcher(routingNumber).matches()) {
                throw new Unpayable("a domestic USD wire needs the destination's 9-digit ABA routing number");
            }
            return new Creditor(name, null, accountNumber(info, true), routingNumber, null);
        }
        if ("USD".equals(currency) && "SWIFT_ACCOUNT".equals(type)) {
            String iban = iban(info);
            String accountNumber = iban == null ? accountNumber(info, true) : null;
            return new Creditor(name, iban, accountNumber, null, bic(info, true));
        }
        if ("USD".equals(currency)) {
            throw new Unpayable("a USD wire pays a USD_ACCOUNT (by routing number) or a SWIFT_ACCOUNT (by BIC), not"
                    + " a " + type);
        }
        throw new Unpayable("the bank rail sends EUR and USD credit transfers, not " + currency);
    }

    private static String beneficiaryName(Map<String, Object> info) {
        if (!(info.get("beneficiary") instanceof Map<?, ?> beneficiary)) {
            return null;
        }
        Object name = beneficiary.get("fullName") != null ? beneficiary.get("fullName") : beneficiary.get("legalName");
        return name instanceof String text && !text.isBlank() ? text.strip() : null;
    }

    /** The IBAN written without spaces, in capitals; null when the destination has none. */
    private static String iban(Map<String, Object> info) throws Unpayable {
        String iban = text(info, "iban");
        if (iban == null) {
            return null;
        }
        String compact = iban.replace(" ", "").toUpperCase(Locale.ROOT);
        if (!BankRailRules.isIban(compact)) {
            throw new Unpayable("the destination's IBAN is not valid (its form or check digits)");
        }
        return compact;
    }

    private static String bic(Map<String, Object> info, boolean required) throws Unpayable {
        String bic = text(info, "swiftCode");
        if (bic == null && required) {
            throw new Unpayable("a cross-border USD wire needs the destination bank's BIC (swiftCode)");
        }
        if (bic != null && !BIC.matcher(bic.toUpperCase(Locale.ROOT)).matches()) {
            throw new Unpayable("the destination's BIC (swiftCode) is not 8 or 11 letters and digits");
        }
        return bic == null ? null : bic.toUpperCase(Locale.ROOT);
    }

    private static String accountNumber(Map<String, Object> info, boolean required) throws Unpayable {
        String accountNumber = text(info, "accountNumber");
        if (accountNumber == null && required) {
            throw new Unpayable("a USD wire needs the destination's IBAN or account number");
        }
        if (accountNumber != null && !ACCOUNT_NUMBER.matcher(accountNumber).matches()) {
            throw new Unpayable("the destination's account number is not 1 to 34 letters and digits");
        }
        return accountNumber;
    }

    private static String text(Map<String, Object> info, String key) {
        return info.get(key) instanceof String text && !text.isBlank() ? text.strip() : null;
    }

    /** A destination the bank rail cannot pay, and why, in words that quote no account number. */
    static final class Unpayable extends Exception {
        private static final long serialVersionUID = 1L;

        Unpayable(String reason) {
            super(reason, null, false, false);
        }
    }
}
