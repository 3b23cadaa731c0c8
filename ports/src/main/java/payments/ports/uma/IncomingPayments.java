package payments.ports.uma;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import payments.core.error.Conflict;
import payments.core.id.EntityId;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.json.ResourceJson;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Journal;
import payments.core.platform.Platform;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;
import payments.core.webhook.AttemptOutcome;
import payments.core.webhook.DeliveryAttempt;
import payments.core.webhook.EventTypes;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.ledger.Ledger;
import payments.ports.driven.platform.Platforms;
import payments.ports.driven.transaction.Transactions;
import payments.ports.time.JobRunner;
import payments.ports.time.PlatformClock;
import payments.ports.webhook.WebhookDelivery;
import payments.ports.webhook.WebhookService;

/**
 * The last steps of an incoming UMA payment: the credit to the receiver, and for a payment that needs the
 * platform's approval, asking for it. The approval webhook ({@code INCOMING_PAYMENT.PENDING}) is synchronous: 2xx
 * approves, 202 leaves {@value #APPROVAL_WINDOW_SECONDS} s to call approve or reject, 403 rejects, 422 fails it
 * ({@code MISSING_MANDATORY_PAYEE_DATA}), no answer in time fails it {@code PAYMENT_APPROVAL_TIMED_OUT}, anything
 * else {@code PAYMENT_APPROVAL_WEBHOOK_ERROR}. Money moves only on approval. A durable deadline job fails a payment
 * whose approval never came, even if the process asking stopped.
 */
public final class IncomingPayments implements JobRunner.Handler {
    /** The durable job of a payment's approval deadline. */
    public static final String DEADLINE = "PAYMENT_APPROVAL_DEADLINE";
    static final long APPROVAL_WINDOW_SECONDS = 5;
    static final String TIMED_OUT = "PAYMENT_APPROVAL_TIMED_OUT";
    static final String WEBHOOK_ERROR = "PAYMENT_APPROVAL_WEBHOOK_ERROR";

    private final Transactions transactions;
    private final Ledger ledger;
    private final Jobs jobs;
    private final Platforms platforms;
    private final WebhookDelivery delivery;
    private final PlatformClock clock;
    private final Ids ids;
    private final TransactionRunner tx;

    public IncomingPayments(Transactions transactions, Ledger ledger, Jobs jobs, Platforms platforms,
                            WebhookDelivery delivery, PlatformClock clock, Ids ids, TransactionRunner tx) {
        this.transactions = transactions;
        this.ledger = ledger;
        this.jobs = jobs;
        this.platforms = platforms;
        this.delivery = delivery;
        this.clock = clock;
        this.ids = ids;
        this.tx = tx;
    }

    /** Credits the receiver from the UMA settlement account and completes the payment. */
    Transaction settle(Transaction t, Instant now) {
        String currency = t.receivedAmount().currency().code();
        String accountId = t.destination().accountId();
        AccountRef destination = EntityId.isOfKind(InternalAccountId.KIND, accountId)
                ? AccountRef.owned(InternalAccountId.parse("destination.accountId", accountId).value())
                : AccountRef.system(t.platformId(), AccountRef.RAIL_SETTLEMENT, currency);
        ledger.post(t.platformId(), Journal.transfer(ids.newId(), "UMA_RECEIVE", t.wireId(),
                AccountRef.system(t.platformId(), AccountRef.UMA_SETTLEMENT, currency), destination, currency,
                t.receivedAmount().amountMinor(), now));
        return t.completed(now);
    }

    /** The platform approved: its webhook answered 2xx, or it called {@code POST /transactions/{id}/approve}. */
    public Transaction approve(Transaction t, Instant now) {
        return settle(t.approved(now), now);
    }

    /**
     * Refuses money arriving in a currency the platform has not enabled {@code INCOMING} for (its limits are on
     * what its customers send).
     */
    void requireEnabled(PlatformId id, String currency) {
        platforms.find(id).orElseThrow().config().currency(currency).requireEnabled(TransactionType.INCOMING);
    }

    /** The platform that will be asked; approval needs a webhook endpoint to ask at. */
    Platform approvingPlatform(PlatformId id) {
        Platform platform = platforms.find(id).orElseThrow();
        if (platform.config().webhookEndpoint() == null) {
            throw WebhookService.endpointNotSet();
        }
        return platform;
    }

    /** Stores the payment awaiting approval (in the caller's transaction) with its deadline. */
    void awaitApproval(Transaction pending, Instant now) {
        transactions.insert(pending);
        scheduleDeadline(pending, now.plus(delivery.timeout()).plusSeconds(APPROVAL_WINDOW_SECONDS));
    }

    /**
     * Asks the platform (no database transaction open during the call) and applies its answer. An endpoint removed
     * since the payment was recorded is a failed delivery, answered like any other.
     */
    Transaction askApproval(Transaction pending) {
        Platform platform = platforms.find(pending.platformId()).orElseThrow();
        DeliveryAttempt answer = delivery.sendNow(platform, EventTypes.INCOMING_PAYMENT_PENDING,
                ResourceJson.paymentEvent(pending)).attempt();
        return tx.inTransaction(() -> {
            Transaction t = transactions.findForUpdate(pending.platformId(), pending.id()).orElseThrow();
            if (!awaiting(t)) {
                return t; // decided meanwhile through approve or reject
            }
            Transaction next = apply(t, answer, clock.now(platform.id(), platform.environment()));
            if (next != t) {
                transactions.update(next);
            }
            return next;
        });
    }

    /**
     * {@code t}, if the platform may still decide it: its approval deadline has not passed. The deadline lives in its
     * job, which may not have run yet (the workers poll); a decision after it is 409, as one after the job ran is
     * (webhooks.md: "within 5 s, else auto-rejected"), and the job then fails the payment.
     */
    public Transaction withinWindow(Transaction t, String action, Instant now) {
        if (awaiting(t) && jobs.isDue(t.platformId(), DEADLINE, "transactionId", t.id().toString(),
                now)) {
            throw new Conflict("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL", "Transaction " + t.id()
                    + " cannot be " + action + ": its approval window closed");
        }
        return t;
    }

    /** The deadline job: a payment still awaiting approval fails. */
    @Override
    public void run(Jobs.Job job, Instant now) {
        Transaction t = transactions.findForUpdate(job.platform(),
                UUID.fromString((String) job.payload().get("transactionId"))).orElseThrow();
        if (awaiting(t)) {
            transactions.update(t.approvalFailed(TIMED_OUT, "The platform did not approve the payment in time", now));
        }
    }

    private Transaction apply(Transaction t, DeliveryAttempt answer, Instant now) {
        if (answer.outcome() == AttemptOutcome.TIMED_OUT) {
            return t.approvalFailed(TIMED_OUT, "The approval webhook did not answer in time", now);
        }
        Integer status = answer.responseStatus();
        if (status == null) {
            return t.approvalFailed(WEBHOOK_ERROR, "The approval webhook failed: " + answer.error(), now);
        }
        if (status == 202) {
            scheduleDeadline(t, now.plusSeconds(APPROVAL_WINDOW_SECONDS));
            return t;
        }
        if (status >= 200 && status < 300) {
            return approve(t, now);
        }
        if (status == 403) {
            return t.rejected("Rejected by the platform's approval webhook", now);
        }
        if (status == 422) {
            return t.approvalFailed("MISSING_MANDATORY_PAYEE_DATA",
                    "The platform needs more counterparty information", now);
        }
        return t.approvalFailed(WEBHOOK_ERROR, "The approval webhook answered " + status, now);
    }

    private void scheduleDeadline(Transaction t, Instant at) {
        jobs.schedule(new Jobs.Job(t.platformId(), ids.newId(), DEADLINE,
                Map.of("transactionId", t.id().toString()), at, 0));
    }

    /** Whether the payment waits for the platform's answer. */
    static boolean awaiting(Transaction t) {
        return t.awaitingPlatformApproval() && t.status() == TransactionStatus.PENDING;
    }
}
