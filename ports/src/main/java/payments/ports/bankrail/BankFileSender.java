package payments.ports.bankrail;

import java.time.Instant;
import java.util.UUID;
import java.util.logging.Logger;
import payments.core.bankrail.BankBatch;
import payments.core.bankrail.CreditTransfer;
import payments.ports.driven.Jobs;
import payments.ports.driven.bankrail.BankFiles;
import payments.ports.driven.bankrail.BankMessages;
import payments.ports.driven.bankrail.BankRails;
import payments.ports.time.JobRunner;

/**
 * Writes a batch's {@code pain.001} file to the outbox, a durable job. The file is written before the job's
 * transaction commits; should the commit fail, the job runs again and writes the same bytes under the same name
 * (the batch's message id), which the bank takes once.
 */
public final class BankFileSender implements JobRunner.Handler {
    public static final String KIND = "BANK_FILE";
    static final String BATCH = "batchId";
    private static final Logger LOG = Logger.getLogger(BankFileSender.class.getName());

    private final BankRails rails;
    private final BankMessages messages;
    private final BankFiles files;

    public BankFileSender(BankRails rails, BankMessages messages, BankFiles files) {
        this.rails = rails;
        this.messages = messages;
        this.files = files;
    }

    @Override
    public void run(Jobs.Job job, Instant now) {
        BankBatch batch = rails.batch(job.platform(), UUID.fromString((String) job.payload().get(BATCH)))
                .orElseThrow();
        files.send(batch.fileName(), messages.creditTransfers(batch));
        rails.markSent(job.platform(), batch.id(), now);
        long total = batch.transfers().stream().mapToLong(CreditTransfer::amountMinor).sum();
        LOG.info(() -> "bank file " + batch.fileName() + " sent for " + batch.platform() + ": "
                + batch.transfers().size() + " credit transfers, " + total + " minor units of " + batch.currency()
                + " from " + batch.debtor().masked());
    }
}
