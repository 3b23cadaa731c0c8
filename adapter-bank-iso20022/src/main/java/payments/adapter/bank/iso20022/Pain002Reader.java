package payments.adapter.bank.iso20022;

import java.util.ArrayList;
import java.util.List;
import org.w3c.dom.Element;
import payments.core.bankrail.BankReport;

/**
 * A {@code pain.002.001.10} customer payment status report, already checked against its XSD, as a
 * {@link BankReport.StatusReport}: the bank's word on a file ({@code OrgnlGrpInfAndSts}) and on each of its payments
 * ({@code TxInfAndSts}). A payment's status falls back to its block's, then to the file's, as the message defines;
 * one without an original end-to-end id names nothing the service sent and is left out.
 */
final class Pain002Reader {
    static final String NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.002.001.10";
    private static final Elements X = new Elements(NAMESPACE);

    private Pain002Reader() {
    }

    static BankReport.StatusReport read(Element document) {
        Element report = X.child(document, "CstmrPmtStsRpt");
        if (report == null) {
            throw new BankReport.Malformed("a pain.002 without CstmrPmtStsRpt");
        }
        Element original = X.child(report, "OrgnlGrpInfAndSts");
        String groupStatus = X.text(original, "GrpSts");
        List<BankReport.PaymentStatus> payments = new ArrayList<>();
        for (Element block : X.children(report, "OrgnlPmtInfAndSts")) {
            String blockStatus = X.text(block, "PmtInfSts");
            for (Element transaction : X.children(block, "TxInfAndSts")) {
                String endToEndId = X.text(transaction, "OrgnlEndToEndId");
                if (endToEndId != null) {
                    String status = first(X.text(transaction, "TxSts"), blockStatus, groupStatus);
                    payments.add(status(transaction, endToEndId, status));
                }
            }
        }
        return new BankReport.StatusReport(X.text(report, "GrpHdr", "MsgId"), X.text(original, "OrgnlMsgId"),
                groupStatus, payments);
    }

    private static BankReport.PaymentStatus status(Element transaction, String endToEndId, String status) {
        String code = null;
        List<String> texts = new ArrayList<>();
        for (Element reason : X.children(transaction, "StsRsnInf")) {
            if (code == null) {
                code = first(X.text(reason, "Rsn", "Cd"), X.text(reason, "Rsn", "Prtry"));
            }
            for (Element line : X.children(reason, "AddtlInf")) {
                String text = Elements.text(line);
                if (text != null) {
                    texts.add(text);
                }
            }
        }
        return new BankReport.PaymentStatus(endToEndId, status, code, texts.isEmpty() ? null : String.join(" ", texts));
    }

    private static String first(String... values) {
        for (String value : values) {
            if (value != null) {
                return value;
            }
        }
        return null;
    }
}
