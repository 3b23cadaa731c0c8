package payments.ports.transfer;

import payments.ports.time.JobRunner;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionType;
import payments.ports.driven.Jobs;
import payments.ports.driven.transfer.PaymentRail.RailOutcome;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.transaction.Transactions;

/**
 * The rail's delayed verdict on a transfer, applied when its job comes due, with the refund of a cancellation
 * accepted meanwhile ({@link Transaction#cancellationSettled}).
 */
public final class TransferOutcomeJob implements JobRunner.Handler {
    public static final String KIND = "TRANSFER_OUTCOME";
    private final Transactions transactions;
    private final TransferService transfers;
    private final TransactionRunner tx;

    public TransferOutcomeJob(Transactions transactions, TransferService transfers, TransactionRunner tx) {
        this.transactions = transactions;
        this.transfers = transfers;
        this.tx = tx;
    }

    static Jobs.Job job(UUID jobId, Transaction t, RailOutcome outcome, Instant dueAt) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("transactionId", t.id().toString());
        payload.put("settled", outcome.settled());
        if (outcome.failureReason() != null) {
            payload.put("failureReason", outcome.failureReason());
        }
        if (outcome.failureDetail() != null) {
            payload.put("failureDetail", outcome.failureDetail());
        }
        return new Jobs.Job(t.platformId(), jobId, KIND, payload, dueAt, 0);
    }

    @Override
    public void run(Jobs.Job job, Instant now) {
        tx.inTransaction(() -> {
            UUID id = UUID.fromString((String) job.payload().get("transactionId"));
            Transaction t = transactions.findForUpdate(job.platform(), id).orElseThrow();
            if (!t.status().isOpen()) {
                return;
            }
            RailOutcome outcome = new RailOutcome(Boolean.TRUE.equals(job.payload().get("settled")),
                    (String) job.payload().get("failureReason"), (String) job.payload().get("failureDetail"), 0);
            transactions.update(t.type() == TransactionType.OUTGOING ? transfers.settleOut(t, outcome, now)
                    : transfers.settleIn(t, outcome, now));
        });
    }
}
