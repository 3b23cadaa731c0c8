package payments.ports.bankrail;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import payments.core.bankrail.BankIds;
import payments.core.bankrail.BankRail;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
import payments.ports.driven.bankrail.BankRails;
import payments.ports.time.JobRunner;

/**
 * A cut-off of one platform's currency on the bank rail, a durable job due by the platform's clock (a sandbox
 * clock's advance brings it forward): the credit transfers queued since the last one become one batch, whose file
 * a {@link BankFileSender} job writes, and the next cut-off is scheduled one interval later. The batch is taken
 * and its file job scheduled in one transaction, so a file is written for every batch and no transfer is in two.
 */
public final class BankCutOffs implements JobRunner.Handler {
    public static final String KIND = "BANK_CUTOFF";
    static final String CURRENCY = "currency";

    private final BankRails rails;
    private final Jobs jobs;
    private final Ids ids;

    public BankCutOffs(BankRails rails, Jobs jobs, Ids ids) {
        this.rails = rails;
        this.jobs = jobs;
        this.ids = ids;
    }

    @Override
    public void run(Jobs.Job job, Instant now) {
        String currency = (String) job.payload().get(CURRENCY);
        BankRail rail = rails.current(job.platform(), currency).orElseThrow();
        UUID batch = ids.newId();
        rails.takeQueued(rail, batch, BankIds.messageId(batch), now).ifPresent(taken -> jobs.schedule(new Jobs.Job(
                job.platform(), ids.newId(), BankFileSender.KIND, Map.of(BankFileSender.BATCH, batch.toString()),
                now, 0)));
        // The next cut-off one interval after this one was due; after a long stop, one interval from now.
        Instant next = job.dueAt().plusSeconds(rail.cutOffSeconds());
        jobs.schedule(new Jobs.Job(job.platform(), ids.newId(), KIND, Map.of(CURRENCY, currency),
                next.isAfter(now) ? next : now.plusSeconds(rail.cutOffSeconds()), 0));
    }
}
