package payments.ports.stablecoin;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import payments.core.ledger.Journal;
import payments.core.stablecoin.Stablecoin;
import payments.core.stablecoin.StablecoinJournals;
import payments.core.stablecoin.operation.OperationStatus;
import payments.core.stablecoin.operation.StablecoinOperation;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.ledger.Ledger;
import payments.ports.driven.stablecoin.StablecoinOperations;
import payments.ports.driven.stablecoin.StablecoinProvider;
import payments.ports.driven.stablecoin.StablecoinProvider.Progress;
import payments.ports.driven.stablecoin.Stablecoins;
import payments.ports.time.JobRunner;

/**
 * The provider's word on mints and burns: taken when one is made and then by durable jobs of this kind, each asking
 * the provider again when it said the status may next change, until it is final. The move to a final status posts
 * the ledger in the same database transaction (COMPLETED: {@link StablecoinJournals#completed}, through the hold
 * when there is one) or releases the hold (FAILED, EXPIRED); the operation's row lock makes that happen once.
 */
public final class OperationProgress implements JobRunner.Handler {
    public static final String KIND = "STABLECOIN_OPERATION";

    private final StablecoinOperations operations;
    private final Stablecoins coins;
    private final ProviderLinks links;
    private final StablecoinProvider provider;
    private final Ledger ledger;
    private final Jobs jobs;
    private final Ids ids;
    private final TransactionRunner tx;

    public OperationProgress(StablecoinOperations operations, Stablecoins coins, ProviderLinks links,
                             StablecoinProvider provider, Ledger ledger, Jobs jobs, Ids ids, TransactionRunner tx) {
        this.operations = operations;
        this.coins = coins;
        this.links = links;
        this.provider = provider;
        this.ledger = ledger;
        this.jobs = jobs;
        this.ids = ids;
        this.tx = tx;
    }

    @Override
    public void run(Jobs.Job job, Instant now) {
        tx.inTransaction(() -> {
            UUID id = UUID.fromString((String) job.payload().get("operationId"));
            StablecoinOperation op = operations.findForUpdate(job.platform(), id).orElseThrow();
            if (op.status().isFinal()) {
                return;
            }
            Stablecoin coin = coins.find(op.platformId(), op.stablecoinId()).orElseThrow();
            Progress progress = provider.status(links.access(op.platformId(), op.providerAccountId()),
                    op.providerReference(), now);
            StablecoinOperation next = apply(coin, op, progress, now);
            if (!next.equals(op)) {
                operations.update(next);
            }
        });
    }

    /**
     * {@code op} as {@code progress} says it stands now: a final status settles it in the ledger, any other is
     * asked about again. The caller saves the operation returned.
     */
    StablecoinOperation apply(Stablecoin coin, StablecoinOperation op, Progress progress, Instant now) {
        boolean unchanged = progress.status() == op.status()
                && Objects.equals(progress.providerStatus(), op.providerStatus());
        StablecoinOperation next = unchanged ? op
                : op.advanced(progress.status(), progress.providerStatus(), progress.failureReason(), now);
        if (next.status() != op.status()) {
            settle(coin, next, now);
        }
        if (!next.status().isFinal()) {
            jobs.schedule(new Jobs.Job(next.platformId(), ids.newId(), KIND, Map.of("operationId",
                    next.id().toString()), now.plusSeconds(Math.max(1, progress.nextCheckSeconds())), 0));
        }
        return next;
    }

    private void settle(Stablecoin coin, StablecoinOperation op, Instant now) {
        if (op.status() == OperationStatus.COMPLETED) {
            Journal journal = StablecoinJournals.completed(coin, op, ids.newId(), now);
            if (op.holdId() != null) {
                ledger.postHold(op.platformId(), op.holdId(), journal);
            } else {
                ledger.post(op.platformId(), journal);
            }
        } else if (op.status().isFinal() && op.holdId() != null) {
            ledger.voidHold(op.platformId(), op.holdId());
        }
    }
}
