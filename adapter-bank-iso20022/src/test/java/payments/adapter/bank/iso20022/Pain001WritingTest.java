package payments.adapter.bank.iso20022;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.bankrail.BankBatch;
import payments.core.bankrail.BankIds;
import payments.core.bankrail.CreditTransfer;
import payments.core.bankrail.Creditor;
import payments.core.bankrail.DebtorAccount;
import payments.core.id.PlatformId;

class Pain001WritingTest {
    private static final String PAIN_001 = Iso20022Messages.PAIN_001;
    private static final PlatformId PLATFORM = new PlatformId(UUID.fromString("00000000-0000-0000-0000-0000000000aa"));
    private static final Instant CREATED = Instant.parse("2026-01-15T23:30:05.123456Z");
    private final Iso20022Messages messages = new Iso20022Messages();

    @Test
    void a_sepa_batch_is_a_valid_pain_001_with_its_ids_and_amounts_and_the_same_bytes_every_time() throws Exception {
        BankBatch batch = batch("EUR", new DebtorAccount("Acme Platform GmbH", "DE89370400440532013000", null,
                "COBADEFFXXX"), List.of(
                transfer("EUR", 125_050, "Payout 2026/01", new Creditor("Jean Dupont",
                        "FR1420041010050500013M02606", null, null, "BNPAFRPPXXX")),
                transfer("EUR", 99, "Refund", new Creditor("Jürgen Groß & Söhne", "NL91ABNA0417164300", null, null,
                        null))));

        byte[] file = messages.creditTransfers(batch);

        TestXml.validate("pain.001.001.09.xsd", file);
        assertArrayEquals(file, messages.creditTransfers(batch), "the same batch, the same bytes");
        TestXml xml = TestXml.of(file, PAIN_001);
        String header = "/d:Document/d:CstmrCdtTrfInitn/d:GrpHdr/";
        assertEquals(batch.messageId(), xml.text(header + "d:MsgId"));
        assertEquals("2026-01-15T23:30:05Z", java.time.OffsetDateTime.parse(xml.text(header + "d:CreDtTm"))
                .toInstant().toString(), "the batch's creation, to the second");
        assertEquals("2", xml.text(header + "d:NbOfTxs"));
        assertEquals("1251.49", xml.text(header + "d:CtrlSum"));
        assertEquals("Acme Platform GmbH", xml.text(header + "d:InitgPty/d:Nm"));
        String payments = "/d:Document/d:CstmrCdtTrfInitn/d:PmtInf/";
        assertEquals(1, xml.count("/d:Document/d:CstmrCdtTrfInitn/d:PmtInf"));
        assertEquals(batch.messageId(), xml.text(payments + "d:PmtInfId"));
        assertEquals("TRF", xml.text(payments + "d:PmtMtd"));
        assertEquals("1251.49", xml.text(payments + "d:CtrlSum"));
        assertEquals("SEPA", xml.text(payments + "d:PmtTpInf/d:SvcLvl/d:Cd"));
        assertEquals("2026-01-15", xml.text(payments + "d:ReqdExctnDt/d:Dt"), "the UTC date of the batch");
        assertEquals("DE89370400440532013000", xml.text(payments + "d:DbtrAcct/d:Id/d:IBAN"));
        assertEquals("COBADEFFXXX", xml.text(payments + "d:DbtrAgt/d:FinInstnId/d:BICFI"));
        assertEquals("SLEV", xml.text(payments + "d:ChrgBr"));
        List<String> ids = batch.transfers().stream().map(CreditTransfer::endToEndId).toList();
        assertEquals(ids, xml.texts(payments + "d:CdtTrfTxInf/d:PmtId/d:EndToEndId"));
        assertEquals(ids, xml.texts(payments + "d:CdtTrfTxInf/d:PmtId/d:InstrId"));
        assertEquals(List.of("1250.50", "0.99"), xml.texts(payments + "d:CdtTrfTxInf/d:Amt/d:InstdAmt"));
        assertEquals(List.of("EUR", "EUR"), xml.texts(payments + "d:CdtTrfTxInf/d:Amt/d:InstdAmt/@Ccy"));
        assertEquals(List.of("BNPAFRPPXXX"), xml.texts(payments + "d:CdtTrfTxInf/d:CdtrAgt/d:FinInstnId/d:BICFI"));
        assertEquals(1, xml.count(payments + "d:CdtTrfTxInf/d:CdtrAgt"), "SEPA finds a bank by the IBAN alone");
        assertEquals(List.of("Jean Dupont", "Jurgen Gro. . Sohne"), xml.texts(payments + "d:CdtTrfTxInf/d:Cdtr/d:Nm"),
                "SEPA's Latin characters only");
        assertEquals(List.of("FR1420041010050500013M02606", "NL91ABNA0417164300"),
                xml.texts(payments + "d:CdtTrfTxInf/d:CdtrAcct/d:Id/d:IBAN"));
        assertEquals(List.of("Payout 2026/01", "Refund"), xml.texts(payments + "d:CdtTrfTxInf/d:RmtInf/d:Ustrd"));
    }

    @Test
    void a_usd_batch_is_a_wire_with_a_routing_number_or_a_bic_for_the_creditors_bank() throws Exception {
        BankBatch batch = batch("USD", new DebtorAccount("Acme Platform Inc", null, "123456789012", "CHASUS33"),
                List.of(transfer("USD", 1_000_000, "Invoice 7", new Creditor("John Smith", null, "000123456789",
                                "021000021", null)),
                        transfer("USD", 2_500, null, new Creditor("Müller AG", "DE89370400440532013000", null, null,
                                "DEUTDEFFXXX")),
                        transfer("USD", 1, "x", new Creditor("Tanaka KK", null, "7654321", null, "MHCBJPJTXXX"))));

        byte[] file = messages.creditTransfers(batch);

        TestXml.validate("pain.001.001.09.xsd", file);
        TestXml xml = TestXml.of(file, PAIN_001);
        String payments = "/d:Document/d:CstmrCdtTrfInitn/d:PmtInf/";
        assertEquals("3", xml.text(payments + "d:NbOfTxs"));
        assertEquals("10025.01", xml.text(payments + "d:CtrlSum"));
        assertEquals("URGP", xml.text(payments + "d:PmtTpInf/d:SvcLvl/d:Cd"));
        assertEquals("SHAR", xml.text(payments + "d:ChrgBr"));
        assertEquals("123456789012", xml.text(payments + "d:DbtrAcct/d:Id/d:Othr/d:Id"));
        String first = payments + "d:CdtTrfTxInf[1]/";
        assertEquals("10000.00", xml.text(first + "d:Amt/d:InstdAmt"));
        assertEquals("USD", xml.text(first + "d:Amt/d:InstdAmt/@Ccy"));
        assertEquals("USABA", xml.text(first + "d:CdtrAgt/d:FinInstnId/d:ClrSysMmbId/d:ClrSysId/d:Cd"));
        assertEquals("021000021", xml.text(first + "d:CdtrAgt/d:FinInstnId/d:ClrSysMmbId/d:MmbId"));
        assertEquals("000123456789", xml.text(first + "d:CdtrAcct/d:Id/d:Othr/d:Id"));
        String second = payments + "d:CdtTrfTxInf[2]/";
        assertEquals("DEUTDEFFXXX", xml.text(second + "d:CdtrAgt/d:FinInstnId/d:BICFI"));
        assertEquals("DE89370400440532013000", xml.text(second + "d:CdtrAcct/d:Id/d:IBAN"));
        assertEquals("Müller AG", xml.text(second + "d:Cdtr/d:Nm"), "a wire keeps the name as given");
        assertEquals(0, xml.count(second + "d:RmtInf"), "no reference, no remittance information");
        String third = payments + "d:CdtTrfTxInf[3]/";
        assertEquals("0.01", xml.text(third + "d:Amt/d:InstdAmt"));
        assertEquals("7654321", xml.text(third + "d:CdtrAcct/d:Id/d:Othr/d:Id"));
    }

    @Test
    void markup_in_a_name_is_escaped_by_the_marshaller_and_reads_back_as_given() throws Exception {
        String name = "O'Brien & <Sons> \"Ltd\"";
        BankBatch batch = batch("USD", new DebtorAccount("Acme & Co", null, "123456789012", "CHASUS33"), List.of(
                transfer("USD", 100, "a < b & c", new Creditor(name, null, "000123456789", "021000021", null))));

        byte[] file = messages.creditTransfers(batch);

        TestXml.validate("pain.001.001.09.xsd", file);
        String text = new String(file, StandardCharsets.UTF_8);
        assertTrue(text.contains("&amp;") && text.contains("&lt;Sons&gt;"), text);
        TestXml xml = TestXml.of(file, PAIN_001);
        assertEquals(name, xml.text("//d:CdtTrfTxInf/d:Cdtr/d:Nm"));
        assertEquals("a < b & c", xml.text("//d:CdtTrfTxInf/d:RmtInf/d:Ustrd"));
        assertEquals("Acme & Co", xml.text("//d:GrpHdr/d:InitgPty/d:Nm"));
    }

    @Test
    void long_names_and_texts_are_cut_to_the_fields_and_characters_xml_cannot_carry_are_replaced() throws Exception {
        String longName = "N".repeat(200);
        BankBatch sepa = batch("EUR", new DebtorAccount("Acme", "DE89370400440532013000", null, "COBADEFFXXX"),
                List.of(transfer("EUR", 100, "R".repeat(300), new Creditor(longName, "NL91ABNA0417164300", null,
                        null, null))));
        BankBatch wire = batch("USD", new DebtorAccount("Acme", null, "123456789012", "CHASUS33"),
                List.of(transfer("USD", 100, "tab\there\u0001 \uD83D\uDE00", new Creditor(longName + " \uD83D\uDE00",
                        null, "000123456789", "021000021", null))));

        TestXml eur = TestXml.of(messages.creditTransfers(sepa), PAIN_001);
        byte[] usdFile = messages.creditTransfers(wire);

        assertEquals(70, eur.text("//d:Cdtr/d:Nm").length(), "SEPA keeps names to 70 characters");
        assertEquals(140, eur.text("//d:RmtInf/d:Ustrd").length());
        TestXml.validate("pain.001.001.09.xsd", usdFile);
        TestXml usd = TestXml.of(usdFile, PAIN_001);
        assertEquals(140, usd.text("//d:Cdtr/d:Nm").length());
        assertEquals("tab here .", usd.text("//d:RmtInf/d:Ustrd"), "no control character, no surrogate pair");
    }

    @Test
    void a_file_the_xsd_refuses_is_a_bug_reported_without_the_account_number() {
        BankBatch batch = batch("EUR", new DebtorAccount("Acme", "de89370400440532013000", null, "COBADEFFXXX"),
                List.of(transfer("EUR", 100, "x", new Creditor("A", "NL91ABNA0417164300", null, null, null))));

        IllegalStateException bug = assertThrows(IllegalStateException.class, () -> messages.creditTransfers(batch));

        assertTrue(bug.getMessage().contains("XSD"), bug.getMessage());
        assertTrue(bug.getMessage().contains("****3000"), bug.getMessage());
        assertFalse(bug.getMessage().contains("370400440532013000"), bug.getMessage());
    }

    @Test
    void a_batch_without_transfers_is_refused() {
        BankBatch empty = batch("EUR", new DebtorAccount("Acme", "DE89370400440532013000", null, "COBADEFFXXX"),
                List.of());

        assertThrows(IllegalArgumentException.class, () -> messages.creditTransfers(empty));
    }

    private static BankBatch batch(String currency, DebtorAccount debtor, List<CreditTransfer> transfers) {
        UUID id = UUID.nameUUIDFromBytes((currency + transfers.size()).getBytes(StandardCharsets.UTF_8));
        return new BankBatch(PLATFORM, id, BankIds.messageId(id), currency, debtor, CREATED, transfers);
    }

    private static CreditTransfer transfer(String currency, long amountMinor, String reference, Creditor creditor) {
        UUID transaction = UUID.nameUUIDFromBytes((creditor.name() + amountMinor).getBytes(StandardCharsets.UTF_8));
        return new CreditTransfer(PLATFORM, transaction, currency, amountMinor, BankIds.endToEndId(transaction),
                reference, creditor, CREATED.minusSeconds(60));
    }
}
