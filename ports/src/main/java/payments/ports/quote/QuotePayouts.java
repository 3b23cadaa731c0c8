package payments.ports.quote;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import payments.core.account.ExternalAccount;
import payments.core.error.Conflict;
import payments.core.id.ExternalAccountId;
import payments.core.id.PlatformId;
import payments.core.ledger.AccountRef;
import payments.core.platform.Environment;
import payments.core.quote.Quote;
import payments.core.quote.QuoteJournals;
import payments.core.quote.QuoteStatus;
import payments.core.transaction.Transaction;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
import payments.ports.driven.ledger.Ledger;
import payments.ports.driven.quote.PayoutRail;
import payments.ports.driven.quote.Quotes;
import payments.ports.driven.transfer.PaymentRail;
import payments.ports.driven.transfer.PaymentRail.RailOutcome;
import payments.ports.driven.transaction.Transactions;
import payments.ports.time.JobRunner;

/**
 * The payout side of a funded quote, as the payout rail decides it: paid at once, later (a durable job of this kind),
 * or not at all, in which case the sender is refunded with reversing entries; and a completed payout that comes back
 * (a job too) is refunded. The quote, its transaction and the ledger always change together.
 */
public final class QuotePayouts implements JobRunner.Handler {
    public static final String KIND = "QUOTE_PAYOUT";
    static final String SETTLE = "SETTLE";
    static final String RETURN = "RETURN";

    /** A quote and its transaction as a payout step leaves them, to be written together. */
    record Payout(Quote quote, Transaction transaction) {
    }

    private final PayoutRail rail;
    private final Ledger ledger;
    private final Jobs jobs;
    private final Quotes quotes;
    private final Transactions transactions;
    private final Ids ids;

    public QuotePayouts(PayoutRail rail, Ledger ledger, Jobs jobs, Quotes quotes, Transactions transactions, Ids ids) {
        this.rail = rail;
        this.ledger = ledger;
        this.jobs = jobs;
        this.quotes = quotes;
        this.transactions = transactions;
        this.ids = ids;
    }

    /**
     * What the payout rail says of the quote's payout; an external destination comes from {@code accounts} (null for
     * one removed since the quote was made: 409).
     */
    PayoutRail.Outcome outcome(Environment environment, Quote q,
                               Function<ExternalAccountId, ExternalAccount> accounts, Instant now) {
        if (q.umaDestination().isPresent()) {
            return rail.payToUma(environment, q.umaDestination().get(), q.totalReceiving());
        }
        if (q.externalDestination().isEmpty()) {
            return PayoutRail.Outcome.settled(0);
        }
        return rail.payToAccount(new PaymentRail.Push(q.platformId(), environment, q.transactionId(),
                Quote.reference(q.id()), requireKept(accounts.apply(
                        q.externalDestination().get()), "destination"), q.totalReceiving(), now));
    }

    /** The quote's external account, unless it was removed after the quote was made (then 409: quote again). */
    static ExternalAccount requireKept(ExternalAccount account, String role) {
        if (account == null) {
            throw new Conflict("CONFLICT", "The quote's " + role + " external account was removed after the quote "
                    + "was made; create a new quote");
        }
        return account;
    }

    /** Pays out a quote whose money is converted; {@code t} is its transaction, PROCESSING. */
    Payout payOut(Quote q, Transaction t, PayoutRail.Outcome outcome, Instant now) {
        return switch (outcome.kind()) {
            case SETTLED -> {
                if (outcome.afterSeconds() == 0) {
                    yield settle(q, t, now);
                }
                if (outcome.isAwaitingReport()) {
                    rail.send(outcome.awaiting());
                    yield new Payout(q, t);
                }
                schedule(q, SETTLE, now.plusSeconds(outcome.afterSeconds()));
                yield new Payout(q, t);
            }
            case SETTLED_THEN_RETURNED -> {
                schedule(q, RETURN, now.plusSeconds(outcome.afterSeconds()));
                yield settle(q, t, now);
            }
            case FAILED_REFUNDED -> refund(q, t, QuoteJournals.system(q, QuoteJournals.PAYOUT_PENDING, receiving(q)),
                    outcome.failureReason(), outcome.refundReason(), outcome.detail(), now);
            case FAILED_REFUND_FAILED -> {
                ledger.post(q.platformId(), QuoteJournals.suspend(ids.newId(), q, now));
                Transaction failed = t.failed(outcome.failureReason(), outcome.detail(), now)
                        .withRefund(t.refund("FAILED", outcome.refundReason(), now, null), now);
                yield new Payout(q.failed(now), failed);
            }
            case NOT_EXECUTED -> throw new IllegalStateException("a payout that is not executed is not paid out");
        };
    }

    /** A payout's later step, when its job comes due: it settles, or a completed payout comes back. */
    @Override
    public void run(Jobs.Job job, Instant now) {
        UUID id = UUID.fromString((String) job.payload().get("quoteId"));
        Quote q = quotes.findForUpdate(job.platform(), id).orElseThrow();
        String step = (String) job.payload().get("step");
        Payout done;
        if (SETTLE.equals(step) && q.status() == QuoteStatus.PROCESSING) {
            done = settle(q, transaction(q), now);
        } else if (RETURN.equals(step) && q.status() == QuoteStatus.COMPLETED) {
            done = returned(q, "The receiving institution returned the payment", now);
        } else {
            return;
        }
        transactions.update(done.transaction());
        quotes.update(done.quote());
    }

    /**
     * The rail's report on a payout that awaited it ({@link PayoutRail.Outcome#isAwaitingReport}), inside the
     * caller's transaction: settled, it is paid; failed, the sender is refunded. A quote no longer paying out is left
     * as it is. Returns the quote's transaction as it now stands.
     */
    public Transaction decide(PlatformId platform, UUID quoteId, RailOutcome outcome, Instant now) {
        return decide(quotes.findForUpdate(platform, quoteId).orElseThrow(), outcome, now);
    }

    private Transaction decide(Quote q, RailOutcome outcome, Instant now) {
        if (q.status() != QuoteStatus.PROCESSING) {
            return transaction(q);
        }
        Payout done = outcome.settled() ? settle(q, transaction(q), now)
                : refund(q, transaction(q), QuoteJournals.system(q, QuoteJournals.PAYOUT_PENDING, receiving(q)),
                        outcome.failureReason(), "TRANSACTION_FAILED", outcome.failureDetail(), now);
        transactions.update(done.transaction());
        quotes.update(done.quote());
        return done.transaction();
    }

    /**
     * A payout the receiving bank sent back (a rail's return), inside the caller's transaction: a completed one is
     * refunded from the destination, one still paying out from the payout account. Returns the quote's transaction
     * as it now stands, or empty when the quote had already failed (the money is then back twice).
     */
    public Optional<Transaction> returned(PlatformId platform, UUID quoteId, String detail, Instant now) {
        Quote q = quotes.findForUpdate(platform, quoteId).orElseThrow();
        if (q.status() == QuoteStatus.PROCESSING) {
            return Optional.of(decide(q, RailOutcome.failed("PAYOUT_RETURNED", detail, 0), now));
        }
        if (q.status() != QuoteStatus.COMPLETED) {
            return Optional.empty();
        }
        Payout done = returned(q, detail, now);
        transactions.update(done.transaction());
        quotes.update(done.quote());
        return Optional.of(done.transaction());
    }

    private Payout returned(Quote q, String detail, Instant now) {
        return refund(q, transaction(q), QuoteJournals.destination(q), "PAYOUT_RETURNED", "TRANSACTION_FAILED",
                detail, now);
    }

    /** The payout arrives: payout pending → the destination. */
    private Payout settle(Quote q, Transaction t, Instant now) {
        ledger.post(q.platformId(), QuoteJournals.payout(ids.newId(), q, QuoteJournals.destination(q), now));
        return new Payout(q.completed(now), t.completed(now));
    }

    /** Everything goes back to the sender: the receiving amount leaves {@code heldAt}, fees included. */
    private Payout refund(Quote q, Transaction t, AccountRef heldAt, String failureReason, String refundReason,
                          String detail, Instant now) {
        ledger.post(q.platformId(), QuoteJournals.refund(ids.newId(), q, heldAt, QuoteJournals.funding(q), now));
        Transaction failed = t.failed(failureReason, detail, now)
                .withRefund(t.refund("COMPLETED", refundReason, now, now), now);
        return new Payout(q.failed(now), failed);
    }

    private Transaction transaction(Quote q) {
        return transactions.findForUpdate(q.platformId(), q.transactionId()).orElseThrow();
    }

    private void schedule(Quote q, String step, Instant at) {
        jobs.schedule(new Jobs.Job(q.platformId(), ids.newId(), KIND, Map.of("quoteId", q.id().toString(),
                "step", step), at, 0));
    }

    private static String receiving(Quote q) {
        return q.totalReceiving().currency().code();
    }
}
