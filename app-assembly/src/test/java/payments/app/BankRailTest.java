package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import payments.adapter.bank.DirectoryBankFiles;
import payments.core.id.PlatformId;
import payments.core.platform.Environment;
import payments.ports.bankrail.EnableBankRail;
import payments.ports.driven.TransactionRunner;

/**
 * The ISO 20022 bank rail end to end, on production platforms over HTTP and a real database: transfer-outs leave as
 * {@code pain.001} files in the outbox at the cut-off, and the bank's reports dropped in the inbox decide them,
 * credit deposits, and are applied once or quarantined whole.
 */
class BankRailTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private ApiClient api;
    private PlatformId platform;
    private String iban;
    private String eurAccount;
    private String payee;

    @BeforeEach
    void productionPlatformWithItsEuroOnTheBankRail() {
        api = TestServer.newPlatform(Environment.PRODUCTION);
        platform = api.platformId();
        iban = newIban();
        wiring().bankRails.enable(new EnableBankRail(platform, "EUR", "Acme Payments GmbH", iban, null,
                null, "COBADEFFXXX", 1));
        eurAccount = (String) api.get("/platform/internal-accounts?currency=EUR").data().get(0).get("id");
        payee = api.post("/platform/external-accounts", eurPayee(newIban())).string("id");
    }

    @Test
    void a_transfer_out_leaves_in_a_valid_pain001_and_a_rejection_fails_it_and_restores_the_balance()
            throws Exception {
        deposit(10_000);
        var sent = transferOut(2_500);
        assertEquals("PROCESSING", sent.string("status"));
        assertEquals(7_500L, balance());

        String file = awaitSentFile(sent);
        validatePain001(file);
        assertTrue(file.contains("<IBAN>" + iban + "</IBAN>"), "the debtor account");
        assertTrue(file.contains("<InstdAmt Ccy=\"EUR\">25.00</InstdAmt>"), file);
        assertTrue(file.contains("<Cd>SEPA</Cd>"), file);
        String reference = (String) ((Map<?, ?>) sent.body().get("reconciliationInstructions")).get("reference");
        assertTrue(file.contains("<Ustrd>" + reference + "</Ustrd>"), "the reference the payee sees: " + file);
        assertFalse(file.contains("<GmbH>"), "names are escaped");

        drop("pain.002.reject.xml", BankReportFiles.statusReport("STS" + UUID.randomUUID().toString()
                .substring(0, 8), messageId(file), null, List.of(new BankReportFiles.Status(endToEndId(sent),
                "RJCT", "AC04"))));
        var failed = awaitStatus(sent, "FAILED");
        assertEquals("ACCOUNT_INVALID", failed.get("failureReason"));
        assertEquals(10_000L, balance(), "the hold released");
        assertEquals(List.of(), wiring().reconciliation.checkAll());
    }

    @Test
    void an_accepted_transfer_completes_on_the_debit_notification_which_applies_once_however_often_it_comes() {
        deposit(10_000);
        var sent = transferOut(3_000);
        String file = awaitSentFile(sent);
        drop("pain.002.accept.xml", BankReportFiles.statusReport("ACC" + shortId(), messageId(file), "ACCP",
                List.of(new BankReportFiles.Status(endToEndId(sent), "ACCP", null))));
        awaitArchived("pain.002.accept.xml");
        assertEquals("PROCESSING", transaction(sent).get("status"), "accepted is not yet paid");

        byte[] debit = BankReportFiles.notification("DBT" + shortId(), iban, List.of(new BankReportFiles.Entry(
                false, "EUR", 3_000, endToEndId(sent), null, "Grace Hopper")));
        drop("camt.054.debit.xml", debit);
        awaitStatus(sent, "COMPLETED");
        assertEquals(7_000L, balance());
        assertEquals(List.of(), wiring().reconciliation.checkAll());

        drop("camt.054.debit-again.xml", debit);
        awaitArchived("camt.054.debit-again.xml");
        assertEquals(7_000L, balance(), "the same report twice changes nothing");
        assertEquals(2L, api.get("/transactions").body().get("totalCount"), "the deposit and the transfer");
    }

    @Test
    void a_transfer_the_receiving_bank_returns_fails_and_its_money_comes_back() {
        deposit(10_000);
        var sent = transferOut(4_000);
        awaitSentFile(sent);
        drop("camt.054.paid.xml", BankReportFiles.notification("PAI" + shortId(), iban, List.of(
                new BankReportFiles.Entry(false, "EUR", 4_000, endToEndId(sent), null, "Grace Hopper"))));
        awaitStatus(sent, "COMPLETED");
        assertEquals(6_000L, balance());

        drop("camt.054.returned.xml", BankReportFiles.notification("RET" + shortId(), iban, List.of(
                new BankReportFiles.Entry(true, "EUR", 4_000, endToEndId(sent), "AC04 account closed", "Bank"))));
        var returned = awaitStatus(sent, "FAILED");
        assertEquals("PAYOUT_RETURNED", returned.get("failureReason"));
        assertEquals("COMPLETED", ((Map<?, ?>) returned.get("refund")).get("status"));
        assertEquals(10_000L, balance());
        assertEquals(List.of(), wiring().reconciliation.checkAll());
    }

    @Test
    void a_credit_notification_funds_the_account_its_reference_names_and_nothing_else() {
        String usdAccount = (String) api.get("/platform/internal-accounts?currency=USD").data().get(0).get("id");
        Map<?, ?> instructions = depositInstructions(eurAccount);
        assertEquals("EUR_ACCOUNT", instructions.get("accountType"));
        assertEquals(iban, instructions.get("iban"), "paid into the platform's own bank account");
        assertEquals("COBADEFFXXX", instructions.get("swiftCode"));
        deposit(4_200);
        assertEquals(4_200L, balance());
        assertEquals(0L, balance(usdAccount));
        var incoming = api.get("/transactions").data().get(0);
        assertEquals("INCOMING", incoming.get("type"));
        assertEquals("COMPLETED", incoming.get("status"));
        assertEquals(4_200L, ((Map<?, ?>) incoming.get("receivedAmount")).get("amount"));
        assertEquals(List.of(), wiring().reconciliation.checkAll());
    }

    @Test
    void reports_it_cannot_read_or_match_are_quarantined_whole_with_their_reason() throws IOException {
        deposit(1_000);
        Path secret = Files.writeString(Files.createTempFile("secret", ".txt"), "TOP-SECRET-CONTENT");
        drop("xxe.xml", BankReportFiles.xxe(secret.toString()));
        String xxeReason = awaitQuarantined("xxe.xml");
        assertTrue(xxeReason.contains("DTD"), xxeReason);
        assertFalse(xxeReason.contains("TOP-SECRET"), xxeReason);

        drop("not-xml.xml", "%PDF-1.4 not a report".getBytes(StandardCharsets.UTF_8));
        awaitQuarantined("not-xml.xml");

        // One entry it knows and one it does not: neither is applied.
        drop("camt.054.half.xml", BankReportFiles.notification("HLF" + shortId(), iban, List.of(
                new BankReportFiles.Entry(true, "EUR", 500, null, depositReference(eurAccount), "Payer"),
                new BankReportFiles.Entry(true, "EUR", 700, null, "0123456789ABCDEF", "Stranger"))));
        String unknown = awaitQuarantined("camt.054.half.xml");
        assertTrue(unknown.contains("deposit reference"), unknown);
        drop("pain.002.unknown.xml", BankReportFiles.statusReport("UNK" + shortId(), "MSGNOSUCHFILE", null,
                List.of(new BankReportFiles.Status("0000000000000000000000000000DEAD", "RJCT", "AC04"))));
        awaitQuarantined("pain.002.unknown.xml");
        assertEquals(1_000L, balance(), "nothing half-applied");
    }

    @Test
    void a_crash_between_reading_a_report_and_its_commit_loses_nothing_and_two_readers_apply_it_once()
            throws IOException {
        Path folders = Files.createTempDirectory("bank-crash-");
        var files = new DirectoryBankFiles(folders.resolve("out"), folders.resolve("in"), folders.resolve("arc"));
        byte[] credit = BankReportFiles.notification("CRS" + shortId(), iban, List.of(new BankReportFiles.Entry(
                true, "EUR", 900, null, "Invoice " + depositReference(eurAccount), "Payer")));
        Files.write(folders.resolve("in/camt.054.xml"), credit);

        TransactionRunner crashing = new TransactionRunner() {
            @Override
            public <T> T inTransaction(Supplier<T> work) {
                return wiring().db().inTransaction(() -> {
                    work.get();
                    throw new IllegalStateException("the process died before the commit");
                });
            }
        };
        assertEquals(0, wiring().inboxReader.apply(files, crashing).readAll(), "died before the commit");
        assertEquals(List.of("camt.054.xml"), files.inbox(), "the report stays to be read again");
        assertEquals(0L, balance());

        // Two processes after the restart see the same report (each its own copy): one applies it.
        Path second = Files.createTempDirectory("bank-second-");
        var otherFiles = new DirectoryBankFiles(second.resolve("out"), second.resolve("in"), second.resolve("arc"));
        Files.write(second.resolve("in/camt.054.xml"), credit);
        var first = wiring().inboxReader.apply(files, wiring().db());
        var other = wiring().inboxReader.apply(otherFiles, wiring().db());
        int applied = Stream.of(first, other).parallel().mapToInt(reader -> reader.readAll()).sum();
        assertEquals(1, applied);
        assertEquals(900L, balance());
        assertEquals(List.of(), files.inbox());
        assertEquals(List.of(), otherFiles.inbox());
    }

    @Test
    void the_cut_off_runs_by_the_sandbox_clock_and_groups_the_platforms_transfers_in_one_file() {
        ApiClient sandbox = TestServer.newPlatform(Environment.SANDBOX);
        String sandboxIban = newIban();
        wiring().bankRails.enable(new EnableBankRail(sandbox.platformId(), "EUR", "Sandbox Bank Test", sandboxIban,
                null, null, "COBADEFFXXX", 3_600));
        String source = (String) sandbox.get("/platform/internal-accounts?currency=EUR").data().get(0).get("id");
        sandbox.post("/sandbox/internal-accounts/" + source + "/fund", Map.of("amount", 1_000));
        String to = sandbox.post("/platform/external-accounts", eurPayee(newIban())).string("id");
        var one = sendOnceTheRailIsSeen(sandbox, Map.of("source", Map.of("accountId", source),
                "destination", Map.of("accountId", to), "amount", 100));
        assertEquals("PROCESSING", one.string("status"), "sent to the bank, not to the sandbox's rails");
        var two = sandbox.post("/transfer-out", Map.of("source", Map.of("accountId", source),
                "destination", Map.of("accountId", to), "amount", 200));
        var withdrawn = sandbox.post("/transfer-out", Map.of("source", Map.of("accountId", source),
                "destination", Map.of("accountId", to), "amount", 400));
        assertEquals("PROCESSING", two.string("status"), two.raw().body());
        assertTrue(sentFile(one).isEmpty(), "no file before the cut-off");

        var cancelled = sandbox.post("/transactions/" + withdrawn.string("id") + "/cancel", null);
        assertEquals(200, cancelled.status(), cancelled.raw().body());
        assertEquals("FAILED", cancelled.body().get("status"), "still queued: it never leaves");
        assertEquals(null, cancelled.body().get("refund"));
        sandbox.post("/sandbox/clock/advance", Map.of("seconds", 3_600));
        String file = awaitSentFile(one);
        assertEquals(file, awaitSentFile(two), "one file for both");
        assertTrue(file.contains("<NbOfTxs>2</NbOfTxs>"), file);
        assertTrue(file.contains("<CtrlSum>3.00</CtrlSum>") || file.contains("<CtrlSum>3</CtrlSum>"), file);
        assertTrue(sentFile(withdrawn).isEmpty(), "the cancelled one is in no file");

        var late = sandbox.post("/transactions/" + two.string("id") + "/cancel", null);
        assertEquals("PROCESSING", late.body().get("status"), "in a file: the bank has the last word");
        assertEquals("PENDING", ((Map<?, ?>) late.body().get("refund")).get("status"));
        String account = (String) sandbox.get("/platform/internal-accounts?currency=EUR").data().get(0).get("id");
        assertEquals(source, account);
        var balance = (Map<?, ?>) sandbox.get("/platform/internal-accounts?currency=EUR").data().get(0)
                .get("balance");
        assertEquals(1_000L - 100 - 200, balance.get("amount"), "the withdrawn one released, the late one held");
    }

    @Test
    void usd_goes_as_a_wire_and_config_shows_each_currencys_rail() throws Exception {
        String debtorNumber = "12345678" + ThreadLocalRandom.current().nextInt(100_000, 999_999);
        wiring().bankRails.enable(new EnableBankRail(platform, "USD", "Acme Payments Inc", null, debtorNumber,
                "021000021", "CHASUS33", 1));
        var rails = (List<?>) api.get("/config").body().get("rails");
        assertTrue(rails.contains(Map.of("currencyCode", "EUR", "rail", "ISO20022_BANK", "cutOffSeconds", 1L,
                "debtorAccount", "****" + iban.substring(iban.length() - 4))), rails.toString());
        assertTrue(rails.contains(Map.of("currencyCode", "MXN", "rail", "NONE")), rails.toString());
        assertTrue(((List<?>) TestServer.sandbox().get("/config").body().get("rails"))
                .contains(Map.of("currencyCode", "USD", "rail", "SANDBOX")));

        String usd = (String) api.get("/platform/internal-accounts?currency=USD").data().get(0).get("id");
        assertEquals(debtorNumber, depositInstructions(usd).get("accountNumber"));
        assertEquals("021000021", depositInstructions(usd).get("routingNumber"));
        drop("camt.054.usd.xml", BankReportFiles.notification("USD" + shortId(), debtorNumber, List.of(
                new BankReportFiles.Entry(true, "USD", 50_000, null, depositReference(usd), "Ada Lovelace"))));
        await(() -> balance(usd) == 50_000, "the USD deposit");
        String wirePayee = api.post("/platform/external-accounts", AccountApiTest.usdAccount(null, "987654321"))
                .string("id");
        var sent = sendOnceTheRailIsSeen(api, Map.of("source", Map.of("accountId", usd),
                "destination", Map.of("accountId", wirePayee), "amount", 12_345));
        String file = awaitSentFile(sent);
        validatePain001(file);
        assertTrue(file.contains("<Cd>URGP</Cd>"), "a wire: " + file);
        assertTrue(file.contains("<Cd>USABA</Cd>") && file.contains("<MmbId>021000021</MmbId>"), file);
        assertTrue(file.contains("<InstdAmt Ccy=\"USD\">123.45</InstdAmt>"), file);
    }

    @Test
    void a_quotes_payout_leaves_in_a_file_and_completes_on_the_debit_or_is_refunded_on_a_rejection() {
        String debtorNumber = "87654321" + ThreadLocalRandom.current().nextInt(100_000, 999_999);
        wiring().bankRails.enable(new EnableBankRail(platform, "USD", "Acme Payments Inc", null, debtorNumber,
                "021000021", "CHASUS33", 1));
        String usd = (String) api.get("/platform/internal-accounts?currency=USD").data().get(0).get("id");
        drop("camt.054.usd-deposit.xml", BankReportFiles.notification("UDP" + shortId(), debtorNumber, List.of(
                new BankReportFiles.Entry(true, "USD", 50_000, null, depositReference(usd), "Ada Lovelace"))));
        await(() -> balance(usd) == 50_000, "the USD deposit");

        Map<String, Object> paid = executedQuote(usd);
        Map<String, Object> rejected = executedQuote(usd);
        long sending = (Long) paid.get("totalSendingAmount");
        assertEquals(50_000L - 2 * sending, balance(usd));
        String paidFile = awaitSentFile((String) paid.get("transactionId"));
        String rejectedFile = awaitSentFile((String) rejected.get("transactionId"));
        assertTrue(paidFile.contains("<InstdAmt Ccy=\"EUR\">"), paidFile);

        drop("camt.054.payout.xml", BankReportFiles.notification("PAY" + shortId(), iban, List.of(
                new BankReportFiles.Entry(false, "EUR", (Long) paid.get("totalReceivingAmount"),
                        endToEndId((String) paid.get("transactionId")), null, "Müller"))));
        await(() -> "COMPLETED".equals(api.get("/quotes/" + paid.get("id")).body().get("status")), "paid out");
        assertEquals("COMPLETED", api.get("/transactions/" + paid.get("transactionId")).body().get("status"));

        drop("pain.002.payout.xml", BankReportFiles.statusReport("PRJ" + shortId(), messageId(rejectedFile), null,
                List.of(new BankReportFiles.Status(endToEndId((String) rejected.get("transactionId")), "RJCT",
                        "AM05"))));
        await(() -> "FAILED".equals(api.get("/quotes/" + rejected.get("id")).body().get("status")), "refunded");
        var refunded = api.get("/transactions/" + rejected.get("transactionId")).body();
        assertEquals("FAILED", refunded.get("status"));
        assertEquals("COUNTERPARTY_POST_TX_FAILED", refunded.get("failureReason"));
        assertEquals("COMPLETED", ((Map<?, ?>) refunded.get("refund")).get("status"));
        assertEquals(50_000L - sending, balance(usd), "the rejected payout's money back");
        assertEquals(List.of(), wiring().reconciliation.checkAll());
    }

    private Map<String, Object> executedQuote(String usdAccount) {
        var quote = api.post("/quotes", Map.of("source", Map.of("sourceType", "ACCOUNT", "accountId", usdAccount),
                "destination", Map.of("destinationType", "ACCOUNT", "accountId", payee),
                "lockedCurrencySide", "SENDING", "lockedCurrencyAmount", 10_000));
        assertEquals(201, quote.status(), quote.raw().body());
        var executed = api.post("/quotes/" + quote.string("id") + "/execute", null);
        assertEquals(200, executed.status(), executed.raw().body());
        assertEquals("PROCESSING", executed.body().get("status"), "paying out until the bank reports");
        return executed.body();
    }

    // --- the bank's side

    private static Wiring wiring() {
        return TestServer.get().wiring();
    }

    /** A German IBAN with its check digits (ISO 13616), different for every call. */
    static String newIban() {
        String bban = String.format("%08d%010d", ThreadLocalRandom.current().nextInt(10_000_000, 99_999_999),
                ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_999_999_999L));
        int check = 98 - new BigInteger(bban + "131400").mod(BigInteger.valueOf(97)).intValue();
        return "DE" + String.format("%02d", check) + bban;
    }

    private static Map<String, Object> eurPayee(String payeeIban) {
        return Map.of("currency", "EUR", "accountInfo", Map.of("accountType", "EUR_ACCOUNT", "iban", payeeIban,
                "beneficiary", Map.of("beneficiaryType", "BUSINESS", "legalName", "Müller & Söhne <GmbH>",
                        "address", Map.of("line1", "1 Hauptstraße", "postalCode", "10115", "country", "DE"))));
    }

    private void deposit(long minor) {
        long before = balance();
        String name = "camt.054.deposit." + shortId() + ".xml";
        drop(name, BankReportFiles.notification("DEP" + shortId(), iban, List.of(new BankReportFiles.Entry(true,
                "EUR", minor, null, depositReference(eurAccount), "Ada Lovelace"))));
        await(() -> balance() == before + minor, "the deposit credited");
    }

    /** The reference an account's funding instructions tell a payer to give. */
    private String depositReference(String account) {
        return (String) depositInstructions(account).get("reference");
    }

    private Map<?, ?> depositInstructions(String account) {
        var instructions = (List<?>) api.get("/platform/internal-accounts").data().stream()
                .filter(a -> a.get("id").equals(account)).findFirst().orElseThrow().get("fundingPaymentInstructions");
        return (Map<?, ?>) ((Map<?, ?>) instructions.get(0)).get("accountOrWalletInfo");
    }

    private ApiClient.Reply transferOut(long minor) {
        return sendOnceTheRailIsSeen(api, Map.of("source", Map.of("accountId", eurAccount),
                "destination", Map.of("accountId", payee), "amount", minor));
    }

    /**
     * A transfer-out made within a second of its currency's enabling may still find no rail (501, nothing written):
     * every process sees an enabled rail within a second.
     */
    private static ApiClient.Reply sendOnceTheRailIsSeen(ApiClient client, Map<String, Object> body) {
        ApiClient.Reply[] sent = new ApiClient.Reply[1];
        await(() -> {
            sent[0] = client.post("/transfer-out", body);
            return sent[0].status() != 501;
        }, "the rail seen");
        assertEquals(201, sent[0].status(), sent[0].raw().body());
        return sent[0];
    }

    private long balance() {
        return balance(eurAccount);
    }

    private long balance(String account) {
        var found = api.get("/platform/internal-accounts").data().stream().filter(a -> a.get("id").equals(account))
                .findFirst().orElseThrow();
        return (Long) ((Map<?, ?>) found.get("balance")).get("amount");
    }

    private Map<String, Object> transaction(ApiClient.Reply sent) {
        return api.get("/transactions/" + sent.string("id")).body();
    }

    private Map<String, Object> awaitStatus(ApiClient.Reply sent, String status) {
        await(() -> status.equals(transaction(sent).get("status")), "the transaction " + status);
        return transaction(sent);
    }

    /** The end-to-end id the service gave the transfer: its id's 32 hex digits. */
    private static String endToEndId(ApiClient.Reply sent) {
        return endToEndId(sent.string("id"));
    }

    private static String endToEndId(String transactionId) {
        return transactionId.substring("Transaction:".length()).replace("-", "").toUpperCase();
    }

    private static String messageId(String file) {
        int start = file.indexOf("<MsgId>") + "<MsgId>".length();
        return file.substring(start, file.indexOf("</MsgId>"));
    }

    private static Optional<String> sentFile(ApiClient.Reply sent) {
        return sentFile(sent.string("id"));
    }

    private static Optional<String> sentFile(String transactionId) {
        try (Stream<Path> files = Files.list(TestServer.bankFolders().outbox())) {
            return files.filter(p -> p.getFileName().toString().startsWith("pain.001.")).map(BankRailTest::read)
                    .filter(text -> text.contains("<EndToEndId>" + endToEndId(transactionId) + "</EndToEndId>"))
                    .findFirst();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String awaitSentFile(ApiClient.Reply sent) {
        return awaitSentFile(sent.string("id"));
    }

    private static String awaitSentFile(String transactionId) {
        await(() -> sentFile(transactionId).isPresent(), "a pain.001 with " + endToEndId(transactionId));
        return sentFile(transactionId).orElseThrow();
    }

    private static void validatePain001(String file) throws Exception {
        var schemas = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        schemas.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        schemas.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        var xsd = BankRailTest.class.getResource("/payments/adapter/bank/xsd/pain.001.001.09.xsd");
        schemas.newSchema(xsd).newValidator().validate(new StreamSource(new ByteArrayInputStream(
                file.getBytes(StandardCharsets.UTF_8))));
    }

    /** Drops a file in the inbox as a transfer agent does: written aside, then renamed in. */
    private static void drop(String name, byte[] content) {
        try {
            Path inbox = TestServer.bankFolders().inbox();
            Path part = Files.write(inbox.resolve("." + name + ".part"), content);
            Files.move(part, inbox.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void awaitArchived(String name) {
        Path processed = TestServer.bankFolders().archive().resolve("processed");
        await(() -> Files.exists(processed.resolve(name)), name + " read");
    }

    /** Waits for the file in quarantine and returns the reason written beside it. */
    private static String awaitQuarantined(String name) {
        Path reason = TestServer.bankFolders().archive().resolve("quarantine").resolve(name + ".reason.txt");
        await(() -> Files.exists(reason), name + " quarantined");
        return read(reason);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String shortId() {
        return UUID.randomUUID().toString().replace("-", "").substring(0, 12).toUpperCase();
    }

    private static void await(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
