package payments.app;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The files a bank drops in the inbox, written as a bank writes them: a payment status report
 * ({@code pain.002.001.10}) and a debit/credit notification ({@code camt.054.001.08}).
 */
final class BankReportFiles {
    private static final String CREATED = "2026-11-29T10:00:00";

    private BankReportFiles() {
    }

    /** One transaction's status in a {@code pain.002}: {@code ACCP}, {@code RJCT} with a reason, ... */
    record Status(String endToEndId, String status, String reasonCode) {
    }

    /** One booked entry of a {@code camt.054}. */
    record Entry(boolean credit, String currency, long minor, String endToEndId, String reference, String party) {
    }

    static byte[] statusReport(String messageId, String originalMessageId, String groupStatus, List<Status> txs) {
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:pain.002.001.10\"><CstmrPmtStsRpt>"
                + "<GrpHdr><MsgId>" + messageId + "</MsgId><CreDtTm>" + CREATED + "</CreDtTm></GrpHdr>"
                + "<OrgnlGrpInfAndSts><OrgnlMsgId>" + originalMessageId + "</OrgnlMsgId>"
                + "<OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId>"
                + (groupStatus == null ? "" : "<GrpSts>" + groupStatus + "</GrpSts>") + "</OrgnlGrpInfAndSts>");
        if (!txs.isEmpty()) {
            x.append("<OrgnlPmtInfAndSts><OrgnlPmtInfId>").append(originalMessageId).append("</OrgnlPmtInfId>");
            for (Status s : txs) {
                x.append("<TxInfAndSts><OrgnlEndToEndId>").append(s.endToEndId()).append("</OrgnlEndToEndId>")
                        .append("<TxSts>").append(s.status()).append("</TxSts>");
                if (s.reasonCode() != null) {
                    x.append("<StsRsnInf><Rsn><Cd>").append(s.reasonCode()).append("</Cd></Rsn>")
                            .append("<AddtlInf>Refused by the bank</AddtlInf></StsRsnInf>");
                }
                x.append("</TxInfAndSts>");
            }
            x.append("</OrgnlPmtInfAndSts>");
        }
        return x.append("</CstmrPmtStsRpt></Document>\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    /** {@code account}: the platform's IBAN, or its account number. */
    static byte[] notification(String messageId, String account, List<Entry> entries) {
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.054.001.08\"><BkToCstmrDbtCdtNtfctn>"
                + "<GrpHdr><MsgId>" + messageId + "</MsgId><CreDtTm>" + CREATED + "</CreDtTm></GrpHdr>"
                + "<Ntfctn><Id>" + messageId + "-1</Id><CreDtTm>" + CREATED + "</CreDtTm>"
                + "<Acct><Id>" + (account.matches("[A-Z]{2}[0-9]{2}.*") ? "<IBAN>" + account + "</IBAN>"
                : "<Othr><Id>" + account + "</Id></Othr>") + "</Id></Acct>");
        for (Entry e : entries) {
            String amount = "<Amt Ccy=\"" + e.currency() + "\">" + BigDecimal.valueOf(e.minor(), 2).toPlainString()
                    + "</Amt><CdtDbtInd>" + (e.credit() ? "CRDT" : "DBIT") + "</CdtDbtInd>";
            x.append("<Ntry>").append(amount).append("<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-29</Dt></BookgDt>")
                    .append("<BkTxCd><Prtry><Cd>NTRF</Cd></Prtry></BkTxCd><NtryDtls><TxDtls>");
            if (e.endToEndId() != null) {
                x.append("<Refs><EndToEndId>").append(e.endToEndId()).append("</EndToEndId></Refs>");
            }
            x.append(amount).append("<RltdPties><").append(e.credit() ? "Dbtr" : "Cdtr").append("><Pty><Nm>")
                    .append(e.party()).append("</Nm></Pty></").append(e.credit() ? "Dbtr" : "Cdtr")
                    .append("></RltdPties>");
            if (e.reference() != null) {
                x.append("<RmtInf><Ustrd>").append(e.reference()).append("</Ustrd></RmtInf>");
            }
            x.append("</TxDtls></NtryDtls></Ntry>");
        }
        return x.append("</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>\n").toString()
                .getBytes(StandardCharsets.UTF_8);
    }

    /** A report that declares an external entity: the classic XXE, which must never be read. */
    static byte[] xxe(String secretPath) {
        return ("<?xml version=\"1.0\"?>\n<!DOCTYPE Document [<!ENTITY xxe SYSTEM \"file://" + secretPath
                + "\">]>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:pain.002.001.10\"><CstmrPmtStsRpt>"
                + "<GrpHdr><MsgId>&xxe;</MsgId><CreDtTm>" + CREATED + "</CreDtTm></GrpHdr>"
                + "</CstmrPmtStsRpt></Document>\n").getBytes(StandardCharsets.UTF_8);
    }
}
