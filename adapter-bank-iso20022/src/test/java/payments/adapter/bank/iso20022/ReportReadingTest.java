package payments.adapter.bank.iso20022;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.prowidesoftware.swift.model.mx.MxCamt05400108;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import payments.core.bankrail.BankReport;

class ReportReadingTest {
    private final Iso20022Messages messages = new Iso20022Messages();

    @Test
    void a_status_report_gives_each_payments_status_and_the_reason_of_a_rejection() {
        var report = assertInstanceOf(BankReport.StatusReport.class,
                messages.read(TestXml.resource("pain002-rejected-and-accepted.xml")));

        assertEquals("STS-20260115-0001", report.messageId());
        assertEquals("MSG0A1B2C3D4E5F60718293A4B5C6D7E8F9", report.originalMessageId());
        assertEquals("PART", report.groupStatus());
        assertEquals(List.of(
                new BankReport.PaymentStatus("11111111111111111111111111111111", "RJCT", "AC04",
                        "Account closed at the creditor's bank"),
                new BankReport.PaymentStatus("22222222222222222222222222222222", "ACCP", null, null)),
                report.payments());
    }

    @Test
    void a_status_report_on_the_whole_file_has_a_group_status_and_no_payment() {
        var report = assertInstanceOf(BankReport.StatusReport.class,
                messages.read(TestXml.resource("pain002-group-rejected.xml")));

        assertEquals("STS-20260115-0002", report.messageId());
        assertEquals("MSGFFEEDDCCBBAA99887766554433221100", report.originalMessageId());
        assertEquals("RJCT", report.groupStatus());
        assertEquals(List.of(), report.payments());
    }

    @Test
    void a_notification_gives_its_booked_entries_and_skips_the_pending_one() {
        byte[] file = TestXml.resource("camt054-booked-and-pending.xml");

        var notification = assertInstanceOf(BankReport.Notification.class, messages.read(file));

        assertEquals("NTF-20260115-0001", notification.messageId());
        assertEquals("DE89370400440532013000", notification.account());
        assertEquals(List.of(
                new BankReport.Entry(false, "EUR", new BigDecimal("1250.50"), "11111111111111111111111111111111",
                        "Payout 2026-01", "Jean Dupont"),
                new BankReport.Entry(true, "EUR", new BigDecimal("300.00"), null, "FUND-7Q2K-ALPHA deposit",
                        "Maria Rossi")),
                notification.entries());
    }

    @Test
    void the_notification_test_file_has_the_structure_prowides_camt_054_001_08_model_reads() {
        String xml = new String(TestXml.resource("camt054-booked-and-pending.xml"), StandardCharsets.UTF_8);

        var notification = MxCamt05400108.parse(xml).getBkToCstmrDbtCdtNtfctn();

        assertEquals("NTF-20260115-0001", notification.getGrpHdr().getMsgId());
        var account = notification.getNtfctn().get(0);
        assertEquals("DE89370400440532013000", account.getAcct().getId().getIBAN());
        assertEquals(3, account.getNtry().size());
        var debit = account.getNtry().get(0);
        assertEquals("BOOK", debit.getSts().getCd());
        assertEquals("DBIT", debit.getCdtDbtInd().value());
        var transaction = debit.getNtryDtls().get(0).getTxDtls().get(0);
        assertEquals("11111111111111111111111111111111", transaction.getRefs().getEndToEndId());
        assertEquals(new BigDecimal("1250.50"), transaction.getAmt().getValue());
        assertEquals("Jean Dupont", transaction.getRltdPties().getCdtr().getPty().getNm());
        var credit = account.getNtry().get(1).getNtryDtls().get(0).getTxDtls().get(0);
        assertEquals("Maria Rossi", credit.getRltdPties().getDbtr().getPty().getNm());
        assertEquals(List.of("FUND-7Q2K-ALPHA", "deposit"), credit.getRmtInf().getUstrd());
        assertEquals("PDNG", account.getNtry().get(2).getSts().getCd());
    }

    @Test
    void an_external_entity_is_refused_before_anything_is_read(@TempDir Path folder) throws Exception {
        Path secret = Files.writeString(folder.resolve("secret.txt"), "TOP-SECRET-42");
        String xxe = new String(TestXml.resource("xxe.xml"), StandardCharsets.UTF_8)
                .replace("file:///etc/passwd", secret.toUri().toString());

        for (byte[] file : List.of(TestXml.resource("xxe.xml"), xxe.getBytes(StandardCharsets.UTF_8))) {
            var refused = assertThrows(BankReport.Malformed.class, () -> messages.read(file));

            assertTrue(refused.getMessage().contains("DTD"), refused.getMessage());
            assertFalse(refused.getMessage().contains("TOP-SECRET") || refused.getMessage().contains("root:"));
        }
    }

    @Test
    void an_entity_expansion_is_refused() {
        var refused = assertThrows(BankReport.Malformed.class,
                () -> messages.read(TestXml.resource("billion-laughs.xml")));

        assertEquals(SafeXml.NO_DTD, refused.getMessage());
    }

    @Test
    void what_is_not_xml_is_malformed() {
        for (String text : List.of("", "not xml at all", "{\"json\": true}", "<Document><unclosed></Document>")) {
            var refused = assertThrows(BankReport.Malformed.class,
                    () -> messages.read(text.getBytes(StandardCharsets.UTF_8)), text);

            assertTrue(refused.getMessage().length() < 300, refused.getMessage());
        }
    }

    @Test
    void a_document_of_another_message_is_malformed_naming_its_namespace() {
        var refused = assertThrows(BankReport.Malformed.class,
                () -> messages.read(TestXml.resource("unknown-namespace.xml")));

        assertEquals("not a pain.002.001.10 or camt.054.001.08 report: urn:iso:std:iso:20022:tech:xsd:camt.053.001.08",
                refused.getMessage());
        String pain001 = "<Document xmlns=\"" + Iso20022Messages.PAIN_001 + "\"/>";
        assertThrows(BankReport.Malformed.class, () -> messages.read(pain001.getBytes(StandardCharsets.UTF_8)));
        assertThrows(BankReport.Malformed.class, () -> messages.read("<Document/>".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void a_status_report_that_fails_its_xsd_is_malformed() {
        var refused = assertThrows(BankReport.Malformed.class,
                () -> messages.read(TestXml.resource("pain002-without-msgid.xml")));

        assertTrue(refused.getMessage().startsWith("the pain.002 fails its XSD: "), refused.getMessage());
        assertTrue(refused.getMessage().contains("MsgId"), refused.getMessage());
    }

    @Test
    void a_notification_lacking_what_the_service_relies_on_is_malformed() {
        String file = new String(TestXml.resource("camt054-booked-and-pending.xml"), StandardCharsets.UTF_8);

        assertMalformed(file.replace("<MsgId>NTF-20260115-0001</MsgId>", ""), "GrpHdr/MsgId");
        assertMalformed(file.replace("<IBAN>DE89370400440532013000</IBAN>", ""), "Acct");
        assertMalformed(file.replace("<Amt Ccy=\"EUR\">1250.50</Amt>\n        <CdtDbtInd>DBIT</CdtDbtInd>",
                "<Amt>1250.50</Amt>\n        <CdtDbtInd>DBIT</CdtDbtInd>"), "Ccy");
        assertMalformed(file.replace("<CdtDbtInd>CRDT</CdtDbtInd>\n        <Sts>\n          <Cd>PDNG",
                "<Sts>\n          <Cd>PDNG"), "CdtDbtInd");
        assertMalformed(file.replace(">300.00</Amt>\n        <CdtDbtInd>", ">3e2</Amt>\n        <CdtDbtInd>"),
                "decimal");
    }

    @Test
    void a_notification_on_two_accounts_is_malformed_without_their_numbers() {
        String file = new String(TestXml.resource("camt054-booked-and-pending.xml"), StandardCharsets.UTF_8);
        int start = file.indexOf("<Ntfctn>");
        int end = file.indexOf("</Ntfctn>") + "</Ntfctn>".length();
        String other = file.substring(start, end).replace("DE89370400440532013000", "GB29NWBK60161331926819");
        String same = file.substring(start, end);

        var refused = assertThrows(BankReport.Malformed.class, () -> messages.read(
                (file.substring(0, end) + other + file.substring(end)).getBytes(StandardCharsets.UTF_8)));
        var twice = assertInstanceOf(BankReport.Notification.class, messages.read(
                (file.substring(0, end) + same + file.substring(end)).getBytes(StandardCharsets.UTF_8)));

        assertFalse(refused.getMessage().contains("60161331926819"), refused.getMessage());
        assertTrue(refused.getMessage().contains("****6819"), refused.getMessage());
        assertEquals(4, twice.entries().size(), "two notifications of one account: all their entries");
    }

    @Test
    void a_structured_creditor_reference_stands_in_for_missing_unstructured_lines() {
        String file = new String(TestXml.resource("camt054-booked-and-pending.xml"), StandardCharsets.UTF_8)
                .replace("<Ustrd>FUND-7Q2K-ALPHA</Ustrd>\n              <Ustrd>deposit</Ustrd>",
                        "<Strd><CdtrRefInf><Ref>RF18539007547034</Ref></CdtrRefInf></Strd>");

        var notification = assertInstanceOf(BankReport.Notification.class,
                messages.read(file.getBytes(StandardCharsets.UTF_8)));

        assertEquals("RF18539007547034", notification.entries().get(1).reference());
    }

    @Test
    void an_entry_without_transaction_details_is_one_entry_of_its_own_amount() {
        String file = new String(TestXml.resource("camt054-booked-and-pending.xml"), StandardCharsets.UTF_8);
        int start = file.indexOf("<NtryDtls>");
        int end = file.indexOf("</NtryDtls>") + "</NtryDtls>".length();

        var notification = assertInstanceOf(BankReport.Notification.class, messages.read(
                (file.substring(0, start) + file.substring(end)).getBytes(StandardCharsets.UTF_8)));

        var entry = notification.entries().get(0);
        assertEquals(new BankReport.Entry(false, "EUR", new BigDecimal("1250.50"), null, null, null), entry);
        assertNull(entry.endToEndId());
    }

    @Test
    void reading_a_pain_001_is_refused_as_no_report() {
        var refused = assertThrows(BankReport.Malformed.class, () -> messages.read(
                ("<?xml version=\"1.0\"?><Document xmlns=\"" + Iso20022Messages.PAIN_001 + "\"><CstmrCdtTrfInitn/>"
                        + "</Document>").getBytes(StandardCharsets.UTF_8)));

        assertTrue(refused.getMessage().endsWith(Iso20022Messages.PAIN_001), refused.getMessage());
    }

    private void assertMalformed(String file, String mentioned) {
        var refused = assertThrows(BankReport.Malformed.class,
                () -> messages.read(file.getBytes(StandardCharsets.UTF_8)), mentioned);
        assertTrue(refused.getMessage().contains(mentioned), refused.getMessage());
    }
}
