package payments.ports.bankrail;

import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import payments.core.bankrail.BankBatch;
import payments.core.bankrail.CreditTransfer;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
import payments.ports.driven.bankrail.BankFiles;
import payments.ports.driven.bankrail.BankMessages;
import payments.ports.driven.bankrail.BankRails;
import payments.ports.time.JobRunner;

/**
 * Writes a batch's {@code pain.001} file to the outbox, a durable job. The file is written before the job's
 * transaction commits; should the commit fail, the job runs again and writes the same bytes under the same name
 * (the batch's message id), which the bank takes once. A folder that cannot be written (full, unmounted, its
 * permissions) is tried again every {@value #RETRY_SECONDS} s for as long as it takes, by a job of the same kind:
 * the batch's payments are held meanwhile, and must not be left behind by a job given up.
 */
public final class BankFileSender implements JobRunner.Handler {
    public static final String KIND = "BANK_FILE";
    static final String BATCH = "batchId";
    static final long RETRY_SECONDS = 60;
    private static final Logger LOG = Logger.getLogger(BankFileSender.class.getName());

    private final BankRails rails;
    private final BankMessages messages;
    private final BankFiles files;
    private final Jobs jobs;
    private final Ids ids;

    public BankFileSender(BankRails rails, BankMessages messages, BankFiles files, Jobs jobs, Ids ids) {
        this.rails = rails;
        this.messages = messages;
        this.files = files;
        this.jobs = jobs;
        this.ids = ids;
    }

    @Override
    public void run(Jobs.Job job, Instant now) {
        BankBatch batch = rails.batch(job.platform(), UUID.fromString((String) job.payload().get(BATCH)))
                .orElseThrow();
        byte[] file = messages.creditTransfers(batch);
        try {
            files.send(batch.fileName(), file);
        } catch (UncheckedIOException e) {
            LOG.log(Level.WARNING, "bank file " + batch.fileName() + " could not be written to the outbox; trying "
                    + "again in " + RETRY_SECONDS + " s", e);
            jobs.schedule(new Jobs.Job(job.platform(), ids.newId(), KIND, job.payload(),
                    now.plusSeconds(RETRY_SECONDS), 0));
            return;
        }
        rails.markSent(job.platform(), batch.id(), now);
        long total = batch.transfers().stream().mapToLong(CreditTransfer::amountMinor).sum();
        LOG.info(() -> "bank file " + batch.fileName() + " sent for " + batch.platform() + ": "
                + batch.transfers().size() + " credit transfers, " + total + " minor units of " + batch.currency()
                + " from " + batch.debtor().masked());
    }
}
