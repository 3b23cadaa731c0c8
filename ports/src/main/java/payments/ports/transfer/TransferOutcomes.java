package payments.ports.transfer;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import payments.core.account.ExternalAccount;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Journal;
import payments.core.money.Money;
import payments.core.platform.Caller;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionParty;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.ledger.Ledger;
import payments.ports.driven.transaction.Transactions;
import payments.ports.driven.transfer.PaymentRail.RailOutcome;
import payments.ports.driven.transfer.PaymentRail;
import payments.ports.time.JobRunner;

/**
 * The rail's word on transfers: it is asked when a transfer is made, and its verdict applied at once or, when it
 * decides later, by a durable job of this kind. A transfer-out's hold is posted when the rail settles and voided when
 * it fails; a transfer-in is credited only when the rail settles. A cancellation accepted meanwhile is settled with
 * the verdict ({@link Transaction#cancellationSettled}).
 */
public final class TransferOutcomes implements JobRunner.Handler {
    public static final String KIND = "TRANSFER_OUTCOME";
    static final String PAYOUT_RETURNED = "PAYOUT_RETURNED";

    private final PaymentRail rail;
    private final Ledger ledger;
    private final Jobs jobs;
    private final Transactions transactions;
    private final Ids ids;
    private final TransactionRunner tx;

    public TransferOutcomes(PaymentRail rail, Ledger ledger, Jobs jobs, Transactions transactions, Ids ids,
                            TransactionRunner tx) {
        this.rail = rail;
        this.ledger = ledger;
        this.jobs = jobs;
        this.transactions = transactions;
        this.ids = ids;
        this.tx = tx;
    }

    /**
     * Sends transfer-outs whose holds are in place to the rail: settled ones post their holds (one ledger change for
     * all), failed ones void them, undecided ones get a job. Returns each transaction as it now stands, by id.
     */
    Map<UUID, Transaction> send(Caller caller, List<OutgoingTransfer> held, Instant now) {
        return apply(held.stream().map(transfer -> new Verdict(transfer.transaction(), rail.pushTo(push(caller,
                transfer, now)))).toList(), now);
    }

    private static PaymentRail.Push push(Caller caller, OutgoingTransfer transfer, Instant now) {
        Transaction t = transfer.transaction();
        return new PaymentRail.Push(caller.platformId(), caller.environment(), t.id(), t.reference(),
                transfer.destination(), t.sentAmount(), now);
    }

    /** Pulls a transfer-in from its source: credited when the rail settles, a job when it decides later. */
    Transaction pull(Caller caller, Transaction t, ExternalAccount source, Instant now) {
        RailOutcome outcome = rail.pullFrom(caller.environment(), source, t.receivedAmount());
        return outcome.isPending() ? schedule(t, outcome, now) : settleIn(t, outcome, now);
    }

    /**
     * Cancels a payment ({@link Transaction#cancelled}). A transfer-out at its rail is first offered back to the rail:
     * one it had not sent on yet (a bank's transfer before its cut-off) fails at once, its hold released.
     */
    public Transaction cancel(Transaction t, String reason, Instant now) {
        Transaction cancelled = t.cancelled(reason, now);
        if (cancelled.isCancellationPending() && t.type() == TransactionType.OUTGOING
                && rail.withdraw(t.platformId(), t.id())) {
            cancelled = t.withdrawn(reason, now);
        }
        return releaseOnCancel(cancelled);
    }

    /**
     * A cancelled transfer: held funds go back to the account once it has failed; while the rail has the last word
     * (the cancellation pending) they stay held, for the rail's verdict to pay out or release.
     */
    Transaction releaseOnCancel(Transaction t) {
        if (t.holdId() != null && !t.isCancellationPending()) {
            ledger.voidHold(t.platformId(), t.holdId());
        }
        return t;
    }

    /** The rail's delayed verdict, when its job comes due. */
    @Override
    public void run(Jobs.Job job, Instant now) {
        RailOutcome outcome = new RailOutcome(Boolean.TRUE.equals(job.payload().get("settled")),
                (String) job.payload().get("failureReason"), (String) job.payload().get("failureDetail"), 0);
        UUID id = UUID.fromString((String) job.payload().get("transactionId"));
        tx.inTransaction(() -> decide(transactions.findForUpdate(job.platform(), id).orElseThrow(), outcome, now));
    }

    /**
     * Applies the rail's final word on a transfer the caller read locked, inside its transaction: a delayed verdict's
     * job, or a rail that reports back ({@link RailOutcome#awaitingReport}). A transfer no longer open is left as it
     * is.
     * Returns the transfer as it now stands.
     */
    public Transaction decide(Transaction t, RailOutcome outcome, Instant now) {
        if (!t.status().isOpen()) {
            return t;
        }
        Transaction decided = t.type() == TransactionType.OUTGOING
                ? apply(List.of(new Verdict(t, outcome)), now).get(t.id()).cancellationSettled(now)
                : settleIn(t, outcome, now);
        transactions.update(decided);
        return decided;
    }

    /** What the rail said of one transfer. */
    private record Verdict(Transaction transfer, RailOutcome outcome) {
    }

    /**
     * A transfer-out the receiving bank sent back (a rail's return), read locked by the caller: a completed one
     * fails with {@code PAYOUT_RETURNED} and its amount goes back to its source account (a refund, COMPLETED); one
     * still open fails and its hold is released. Returns it as it now stands, or empty when it had already failed
     * (the money is then back twice, for an operator to look at).
     */
    public Optional<Transaction> returned(Transaction t, String detail, Instant now) {
        if (t.status().isOpen()) {
            return Optional.of(decide(t, RailOutcome.failed(PAYOUT_RETURNED, detail, 0), now));
        }
        if (t.status() != TransactionStatus.COMPLETED) {
            return Optional.empty();
        }
        ledger.post(t.platformId(), railJournal("TRANSFER_OUT_RETURN", t, "source.accountId", t.source(),
                t.sentAmount(), false, now));
        Transaction back = t.failed(PAYOUT_RETURNED, detail, now)
                .withRefund(t.refund("COMPLETED", "TRANSACTION_FAILED", now, now), now);
        transactions.update(back);
        return Optional.of(back);
    }

    /**
     * An incoming transfer the rail reports as arrived (a bank's credit notification): credited to its internal
     * account now, inside the caller's transaction, and returned completed.
     */
    public Transaction arrived(Transaction t, Instant now) {
        return settleIn(t, RailOutcome.settledNow(), now);
    }

    /** The rail's word on transfer-outs: the settled holds posted together, the failed voided, the rest scheduled. */
    private Map<UUID, Transaction> apply(List<Verdict> verdicts, Instant now) {
        Map<UUID, Transaction> sent = new LinkedHashMap<>();
        Map<UUID, Journal> postings = new LinkedHashMap<>();
        for (Verdict verdict : verdicts) {
            Transaction t = verdict.transfer();
            RailOutcome outcome = verdict.outcome();
            if (outcome.isAwaitingReport()) {
                sent.put(t.id(), t);
            } else if (outcome.isPending()) {
                sent.put(t.id(), schedule(t, outcome, now));
            } else if (outcome.settled()) {
                postings.put(t.holdId(), transferOutJournal(t, now));
                sent.put(t.id(), t.completed(now));
            } else {
                ledger.voidHold(t.platformId(), t.holdId());
                sent.put(t.id(), t.failed(outcome.failureReason(), outcome.failureDetail(), now));
            }
        }
        if (!postings.isEmpty()) {
            ledger.postHolds(verdicts.get(0).transfer().platformId(), postings);
        }
        return sent;
    }

    /** Moves a transfer-out's amount from its source account to the rail. */
    private Journal transferOutJournal(Transaction t, Instant now) {
        return railJournal("TRANSFER_OUT", t, "source.accountId", t.source(), t.sentAmount(), true, now);
    }

    /**
     * A transfer's journal between the rail's settlement account of {@code amount}'s currency and the internal
     * account {@code party} names ({@code field}: its field, for the parse): to the rail when {@code out}, else
     * from it.
     */
    private Journal railJournal(String kind, Transaction t, String field, TransactionParty party, Money amount,
                                boolean out, Instant now) {
        AccountRef owned = AccountRef.owned(InternalAccountId.parse(field, party.accountId()).value());
        AccountRef rail = AccountRef.system(t.platformId(), AccountRef.RAIL_SETTLEMENT, amount.currency().code());
        return Journal.transfer(ids.newId(), kind, t.wireId(), out ? owned : rail, out ? rail : owned,
                amount.currency().code(), amount.amountMinor(), now);
    }

    /** Applies a rail's final word to an incoming transfer: credit on success, nothing on failure. */
    private Transaction settleIn(Transaction t, RailOutcome outcome, Instant now) {
        if (outcome.settled()) {
            ledger.post(t.platformId(), railJournal("TRANSFER_IN", t, "destination.accountId", t.destination(),
                    t.receivedAmount(), false, now));
            return t.completed(now);
        }
        return t.failed(outcome.failureReason(), outcome.failureDetail(), now);
    }

    private Transaction schedule(Transaction t, RailOutcome outcome, Instant now) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("transactionId", t.id().toString());
        payload.put("settled", outcome.settled());
        if (outcome.failureReason() != null) {
            payload.put("failureReason", outcome.failureReason());
        }
        if (outcome.failureDetail() != null) {
            payload.put("failureDetail", outcome.failureDetail());
        }
        jobs.schedule(new Jobs.Job(t.platformId(), ids.newId(), KIND, payload,
                now.plusSeconds(outcome.decidedAfterSeconds()), 0));
        return t;
    }
}
