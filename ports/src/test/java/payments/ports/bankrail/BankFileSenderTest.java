package payments.ports.bankrail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import payments.core.bankrail.BankBatch;
import payments.core.bankrail.BankReport;
import payments.core.bankrail.DebtorAccount;
import payments.core.id.PlatformId;
import payments.ports.driven.Jobs;
import payments.ports.driven.bankrail.BankFiles;
import payments.ports.driven.bankrail.BankMessages;
import payments.ports.fakes.InMemoryBankRails;
import payments.ports.fakes.InMemoryJobs;
import payments.ports.fakes.SequentialIds;

class BankFileSenderTest {
    private static final PlatformId PLATFORM = new PlatformId(UUID.randomUUID());
    private static final Instant NOW = Instant.parse("2026-06-01T10:00:00Z");
    private final UUID batchId = UUID.randomUUID();
    private final BankBatch batch = new BankBatch(PLATFORM, batchId, "MSG1", "EUR",
            new DebtorAccount("Acme", "DE89370400440532013000", null, "COBADEFFXXX"), NOW, List.of());
    private final InMemoryBankRails rails = new InMemoryBankRails();
    private final Folder folder = new Folder();
    private final InMemoryJobs jobs = new InMemoryJobs();
    private final BankFileSender sender = new BankFileSender(rails, new FixedMessages(), folder, jobs,
            new SequentialIds());

    @BeforeEach
    void theBatch() {
        rails.add(batch);
    }

    @Test
    void a_batchs_file_is_written_and_the_batch_marked_sent() {
        sender.run(job(), NOW);

        assertEquals(Map.of("pain.001.MSG1.xml", "MSG1"), folder.written);
        assertEquals(List.of(batchId), rails.sent());
        assertTrue(jobs.scheduled().isEmpty());
    }

    @Test
    void an_outbox_that_cannot_be_written_is_tried_again_a_minute_later_as_often_as_it_takes() {
        folder.broken = true;
        sender.run(job(), NOW);

        assertTrue(folder.written.isEmpty());
        assertTrue(rails.sent().isEmpty(), "not sent: its payments stay held");
        Jobs.Job retry = jobs.scheduled().get(0);
        assertEquals(BankFileSender.KIND, retry.kind());
        assertEquals(Map.of(BankFileSender.BATCH, batchId.toString()), retry.payload());
        assertEquals(NOW.plusSeconds(BankFileSender.RETRY_SECONDS), retry.dueAt());
        assertEquals(0, retry.attempts(), "a new job: it is never given up");

        folder.broken = false;
        sender.run(retry, retry.dueAt());
        assertEquals(List.of(batchId), rails.sent());
    }

    private Jobs.Job job() {
        return new Jobs.Job(PLATFORM, UUID.randomUUID(), BankFileSender.KIND,
                Map.of(BankFileSender.BATCH, batchId.toString()), NOW, 0);
    }

    /** The outbox: written files by name, or an I/O failure while broken. */
    private static final class Folder implements BankFiles {
        final Map<String, String> written = new LinkedHashMap<>();
        boolean broken;

        @Override
        public void send(String name, byte[] content) {
            if (broken) {
                throw new UncheckedIOException(new IOException("No space left on device"));
            }
            written.put(name, new String(content, StandardCharsets.UTF_8));
        }

        @Override
        public List<String> inbox() {
            return List.of();
        }

        @Override
        public byte[] read(String name, int maxBytes) {
            throw new Gone(name);
        }

        @Override
        public void done(String name) {
        }

        @Override
        public void quarantine(String name, String reason) {
        }
    }

    /** A file holds its batch's message id. */
    private static final class FixedMessages implements BankMessages {
        @Override
        public byte[] creditTransfers(BankBatch batch) {
            return batch.messageId().getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public BankReport read(byte[] file) {
            throw new BankReport.Malformed("not read here");
        }
    }
}
