package payments.adapter.bank.iso20022;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.w3c.dom.Element;
import payments.core.bankrail.BankReport;
import payments.core.bankrail.Masking;

/**
 * A {@code camt.054.001.08} debit/credit notification as a {@link BankReport.Notification}. No official XSD of it is
 * at hand, so the parts the service relies on are checked here: the message id, the account, and each entry's amount,
 * currency and direction. Only booked entries count (a pending one may still change or vanish); an entry of several
 * transactions ({@code NtryDtls/TxDtls}) gives one {@link BankReport.Entry} per transaction, so a batch debit names
 * each credit transfer it paid by its end-to-end id.
 */
final class Camt054Reader {
    static final String NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:camt.054.001.08";
    private static final Elements X = new Elements(NAMESPACE);
    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");
    /** ActiveOrHistoricCurrencyAndAmount: a plain decimal, no sign nor exponent, at most 5 digits after the point. */
    private static final Pattern DECIMAL = Pattern.compile("[0-9]{1,18}(\\.[0-9]{1,5})?");
    /** What a bank writes where the payer gave no end-to-end id. */
    private static final String NOT_PROVIDED = "NOTPROVIDED";

    private Camt054Reader() {
    }

    static BankReport.Notification read(Element document) {
        Element root = X.child(document, "BkToCstmrDbtCdtNtfctn");
        String messageId = X.text(root, "GrpHdr", "MsgId");
        if (messageId == null) {
            throw new BankReport.Malformed("a camt.054 without GrpHdr/MsgId");
        }
        List<Element> notifications = X.children(root, "Ntfctn");
        if (notifications.isEmpty()) {
            throw new BankReport.Malformed("a camt.054 without Ntfctn");
        }
        String account = null;
        List<BankReport.Entry> entries = new ArrayList<>();
        for (Element notification : notifications) {
            String itsAccount = account(notification);
            if (account != null && !account.equals(itsAccount)) {
                throw new BankReport.Malformed("a camt.054 on two accounts (" + Masking.lastFour(account) + ", "
                        + Masking.lastFour(itsAccount) + "): the service reads one account's notification at a time");
            }
            account = itsAccount;
            for (Element entry : X.children(notification, "Ntry")) {
                entries.addAll(entries(entry));
            }
        }
        return new BankReport.Notification(messageId, account, entries);
    }

    private static String account(Element notification) {
        Element id = X.child(notification, "Acct", "Id");
        String account = X.text(id, "IBAN") != null ? X.text(id, "IBAN") : X.text(id, "Othr", "Id");
        if (account == null) {
            throw new BankReport.Malformed("a camt.054 Ntfctn without Acct/Id/IBAN or Acct/Id/Othr/Id");
        }
        return account;
    }

    private static List<BankReport.Entry> entries(Element entry) {
        Amount amount = amount(entry);
        if (amount == null) {
            throw new BankReport.Malformed("a camt.054 Ntry without Amt and its Ccy");
        }
        boolean credit = credit(X.text(entry, "CdtDbtInd"), "Ntry");
        List<BankReport.Entry> found = new ArrayList<>();
        if (!"BOOK".equals(status(entry))) {
            return found;
        }
        List<Element> transactions = new ArrayList<>();
        for (Element details : X.children(entry, "NtryDtls")) {
            transactions.addAll(X.children(details, "TxDtls"));
        }
        if (transactions.isEmpty()) {
            found.add(new BankReport.Entry(credit, amount.currency(), amount.value(), null, null, null));
        }
        for (Element transaction : transactions) {
            Amount own = amount(transaction);
            if (own == null && transactions.size() > 1) {
                throw new BankReport.Malformed("a camt.054 Ntry of several TxDtls, one without its Amt");
            }
            String direction = X.text(transaction, "CdtDbtInd");
            boolean itsCredit = direction == null ? credit : credit(direction, "TxDtls");
            found.add(entry(transaction, itsCredit, own == null ? amount : own));
        }
        return found;
    }

    private static BankReport.Entry entry(Element transaction, boolean credit, Amount amount) {
        String endToEndId = X.text(transaction, "Refs", "EndToEndId");
        if (NOT_PROVIDED.equalsIgnoreCase(endToEndId)) {
            endToEndId = null;
        }
        String party = credit ? "Dbtr" : "Cdtr";
        String counterparty = X.text(transaction, "RltdPties", party, "Pty", "Nm") != null
                ? X.text(transaction, "RltdPties", party, "Pty", "Nm")
                : X.text(transaction, "RltdPties", party, "Nm");
        return new BankReport.Entry(credit, amount.currency(), amount.value(), endToEndId, reference(transaction),
                counterparty);
    }

    /** The unstructured remittance lines joined, else the first structured creditor reference. */
    private static String reference(Element transaction) {
        Element remittance = X.child(transaction, "RmtInf");
        List<String> lines = new ArrayList<>();
        for (Element line : X.children(remittance, "Ustrd")) {
            if (Elements.text(line) != null) {
                lines.add(Elements.text(line));
            }
        }
        if (!lines.isEmpty()) {
            return String.join(" ", lines);
        }
        for (Element structured : X.children(remittance, "Strd")) {
            String reference = X.text(structured, "CdtrRefInf", "Ref");
            if (reference != null) {
                return reference;
            }
        }
        return null;
    }

    /** {@code Sts/Cd} (camt.054.001.08 makes the status a choice), or the plain {@code Sts} of older habits. */
    private static String status(Element entry) {
        Element status = X.child(entry, "Sts");
        if (status == null) {
            return null;
        }
        return Elements.hasElements(status) ? X.text(status, "Cd") : Elements.text(status);
    }

    private static boolean credit(String direction, String where) {
        if ("CRDT".equals(direction)) {
            return true;
        }
        if ("DBIT".equals(direction)) {
            return false;
        }
        throw new BankReport.Malformed("a camt.054 " + where + " whose CdtDbtInd is not CRDT or DBIT");
    }

    /** The {@code Amt} directly below {@code parent}; null when absent; malformed when it is not an amount. */
    private static Amount amount(Element parent) {
        Element amount = X.child(parent, "Amt");
        if (amount == null) {
            return null;
        }
        String currency = amount.getAttribute("Ccy");
        if (!CURRENCY.matcher(currency).matches()) {
            throw new BankReport.Malformed("a camt.054 Amt without a currency code (Ccy)");
        }
        String text = Elements.text(amount);
        if (text == null || !DECIMAL.matcher(text).matches()) {
            throw new BankReport.Malformed("a camt.054 Amt that is not a decimal amount");
        }
        return new Amount(currency, new BigDecimal(text));
    }

    private record Amount(String currency, BigDecimal value) {
    }
}
