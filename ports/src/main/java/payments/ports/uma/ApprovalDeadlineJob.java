package payments.ports.uma;

import payments.ports.time.JobRunner;
import java.time.Instant;
import java.util.UUID;
import payments.ports.driven.Jobs;

/** An incoming payment's approval deadline: if it still awaits the platform's approval, it fails. */
public final class ApprovalDeadlineJob implements JobRunner.Handler {
    public static final String KIND = "PAYMENT_APPROVAL_DEADLINE";
    private final IncomingPayments incoming;

    public ApprovalDeadlineJob(IncomingPayments incoming) {
        this.incoming = incoming;
    }

    @Override
    public void run(Jobs.Job job, Instant now) {
        incoming.deadlinePassed(job.platform(), UUID.fromString((String) job.payload().get("transactionId")), now);
    }
}
