package payments.ports.bankrail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import payments.core.bankrail.BankBatch;
import payments.core.bankrail.BankRail;
import payments.core.bankrail.BankReport;
import payments.core.bankrail.DebtorAccount;
import payments.core.id.PlatformId;
import payments.ports.driven.bankrail.BankFiles;
import payments.ports.driven.bankrail.BankMessages;
import payments.ports.fakes.DirectTransactionRunner;
import payments.ports.fakes.FakeClock;
import payments.ports.fakes.InMemoryBankRails;
import payments.ports.fakes.InMemorySandboxClocks;
import payments.ports.time.PlatformClock;

class BankInboxTest {
    private static final String IBAN = "DE89370400440532013000";
    private final FakeClock clock = new FakeClock();
    private final InMemoryBankRails rails = new InMemoryBankRails();
    private final Inbox files = new Inbox();
    private final Messages messages = new Messages();
    private BankInbox inbox;

    @BeforeEach
    void anInboxOfAPlatformOnTheBankRail() {
        rails.save(new BankRail(new PlatformId(UUID.randomUUID()), "EUR", new DebtorAccount("Acme", IBAN, null,
                "COBADEFFXXX"), 3600, FakeClock.START, FakeClock.START));
        var platformClock = new PlatformClock(clock, new InMemorySandboxClocks());
        // An empty notification asks the effects for the notified account's rail only.
        var effects = new BankReportEffects(rails, null, null, null, null, null, platformClock, null);
        inbox = new BankInbox(files, messages, rails, effects, platformClock, new DirectTransactionRunner());
    }

    @Test
    void a_file_that_fails_for_the_services_reason_is_tried_again_after_a_growing_pause_while_the_others_are_read() {
        files.put("a.xml", "faulty");
        files.put("b.xml", "B");
        messages.faulty = true;

        assertEquals(1, inbox.readAll(), "b read past a");
        assertEquals(List.of("b.xml"), files.done);
        assertEquals(List.of("a.xml"), files.inbox());
        assertEquals(0, inbox.readAll());
        assertEquals(1, messages.asked("faulty"), "not again before its pause");

        clock.advance(Duration.ofSeconds(1));
        inbox.readAll();
        assertEquals(2, messages.asked("faulty"));
        clock.advance(Duration.ofSeconds(1));
        inbox.readAll();
        assertEquals(2, messages.asked("faulty"), "the pause has doubled");

        messages.faulty = false;
        clock.advance(Duration.ofSeconds(1));
        assertEquals(1, inbox.readAll());
        assertEquals(List.of("b.xml", "a.xml"), files.done);
    }

    @Test
    void a_report_seen_before_is_moved_on_unapplied_and_an_unreadable_one_is_quarantined_by_its_digest() {
        files.put("first.xml", "B");
        files.put("second.xml", "B");
        files.put("third.xml", "unreadable");

        assertEquals(1, inbox.readAll());

        assertEquals(List.of("first.xml", "second.xml"), files.done);
        assertEquals(List.of("third.xml"), List.copyOf(files.quarantined.keySet()));
        assertEquals("not a report", files.quarantined.get("third.xml"));
        assertTrue(rails.reports().keySet().stream().anyMatch(key -> key.startsWith("sha256:")), rails.reports()
                .toString());
        assertEquals("APPLIED", rails.reports().get("B"));
    }

    /** The bank's folder: files waiting by name, and where each went. */
    private static final class Inbox implements BankFiles {
        final Map<String, byte[]> waiting = new TreeMap<>();
        final List<String> done = new ArrayList<>();
        final Map<String, String> quarantined = new TreeMap<>();

        void put(String name, String content) {
            waiting.put(name, content.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public void send(String name, byte[] content) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<String> inbox() {
            return List.copyOf(waiting.keySet());
        }

        @Override
        public byte[] read(String name, int maxBytes) {
            return waiting.get(name);
        }

        @Override
        public void done(String name) {
            waiting.remove(name);
            done.add(name);
        }

        @Override
        public void quarantine(String name, String reason) {
            waiting.remove(name);
            quarantined.put(name, reason);
        }
    }

    /**
     * A file's text is its report's message id (an empty notification on the platform's account); "faulty" fails
     * for the service's own reason while {@link #faulty}, "unreadable" is malformed.
     */
    private static final class Messages implements BankMessages {
        final List<String> asked = new ArrayList<>();
        boolean faulty;

        long asked(String text) {
            return asked.stream().filter(text::equals).count();
        }

        @Override
        public byte[] creditTransfers(BankBatch batch) {
            throw new UnsupportedOperationException();
        }

        @Override
        public BankReport read(byte[] file) {
            String text = new String(file, StandardCharsets.UTF_8);
            asked.add(text);
            if (text.equals("faulty") && faulty) {
                throw new IllegalStateException("the service's fault");
            }
            if (text.equals("unreadable")) {
                throw new BankReport.Malformed("not a report");
            }
            return new BankReport.Notification(text, IBAN, List.of());
        }
    }
}
