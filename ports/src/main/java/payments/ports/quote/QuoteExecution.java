package payments.ports.quote;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import payments.core.account.ExternalAccount;
import payments.core.common.Conflict;
import payments.core.common.EntityId;
import payments.core.common.ExternalAccountId;
import payments.core.common.InternalAccountId;
import payments.core.common.InvalidFields;
import payments.core.common.InvalidInput;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Hold;
import payments.core.ledger.InsufficientFunds;
import payments.core.ledger.Journal;
import payments.core.money.Money;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.core.quote.Quote;
import payments.core.quote.QuoteJournals;
import payments.core.transaction.Transaction;
import payments.core.validation.Fields;
import payments.core.validation.ObjectSchema;
import payments.core.validation.Types;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.account.ExternalAccounts;
import payments.ports.driven.ledger.Ledger;
import payments.ports.driven.quote.PayoutRail;
import payments.ports.driven.quote.Quotes;
import payments.ports.driven.transaction.Transactions;
import payments.ports.driven.transfer.PaymentRail;
import payments.ports.time.PlatformClock;
import payments.ports.wallet.SignedRetry;

/**
 * Executing a quote: fund it (hold and debit an internal account, pull from an external one, or receive the
 * real-time payment), convert through the liquidity accounts, then pay out as the payout rail decides: at once,
 * later (a job), or not at all, in which case the sender is refunded with reversing entries. The quote, its
 * transaction and the ledger always change together.
 */
public final class QuoteExecution {
    private static final ObjectSchema SANDBOX_SEND = ObjectSchema.of()
            .required("quoteId", Types.string(1, 100))
            .required("currencyCode", Types.currency())
            .optional("currencyAmount", Types.integer(1, Money.MAX_MINOR));

    private final Quotes quotes;
    private final Transactions transactions;
    private final ExternalAccounts externalAccounts;
    private final Ledger ledger;
    private final PaymentRail pullRail;
    private final PayoutRail payoutRail;
    private final SignedRetry signedRetry;
    private final Jobs jobs;
    private final PlatformClock clock;
    private final Ids ids;
    private final TransactionRunner tx;

    public QuoteExecution(Quotes quotes, Transactions transactions, ExternalAccounts externalAccounts, Ledger ledger,
                          PaymentRail pullRail, PayoutRail payoutRail, SignedRetry signedRetry, Jobs jobs,
                          PlatformClock clock, Ids ids, TransactionRunner tx) {
        this.quotes = quotes;
        this.transactions = transactions;
        this.externalAccounts = externalAccounts;
        this.ledger = ledger;
        this.pullRail = pullRail;
        this.payoutRail = payoutRail;
        this.signedRetry = signedRetry;
        this.jobs = jobs;
        this.clock = clock;
        this.ids = ids;
        this.tx = tx;
    }

    /** @param walletSignature the {@code Service-Wallet-Signature} header, required for embedded-wallet sources */
    public Quote execute(Caller caller, UUID quoteId, String walletSignature) {
        caller.require(Permission.TRANSACT);
        return tx.inTransaction(() -> {
            Quote quote = quotes.findForUpdate(caller.platformId(), quoteId)
                    .orElseThrow(() -> Quote.notFound(quoteId));
            quote.walletPayload().ifPresent(payload -> signedRetry.verifyWalletSignature(caller,
                    InternalAccountId.parse("source.accountId", (String) quote.source().get("accountId")), payload,
                    walletSignature));
            if ("REALTIME_FUNDING".equals(quote.source().get("sourceType"))) {
                throw new Conflict("CONFLICT", "A real-time-funded quote executes when its payment instructions "
                        + "are paid (sandbox: POST /sandbox/send)");
            }
            Instant now = clock.now(caller);
            Quote executing = quote.executing(now);
            PayoutRail.Outcome outcome = payoutOutcome(caller.environment(), executing);
            String accountId = (String) quote.source().get("accountId");
            if (EntityId.isOfKind(InternalAccountId.KIND, accountId)) {
                return fundFromInternalAccount(executing, accountId, outcome, now);
            }
            ExternalAccount pulled = removedIfNull(externalAccounts.find(caller.platformId(),
                    ExternalAccountId.parse("source.accountId", accountId)).orElse(null), "source");
            if (outcome.kind() == PayoutRail.Kind.NOT_EXECUTED) {
                return notExecuted(executing, outcome.failureReason(), outcome.detail(), now);
            }
            PaymentRail.RailOutcome pull = pullRail.pullFrom(caller.environment(), pulled, quote.totalSending());
            if (!pull.settled() || pull.isPending()) {
                return notExecuted(executing, "QUOTE_EXECUTION_FAILED", "The pull from the source account failed: "
                        + pull.failureDetail(), now);
            }
            return fundedBy(executing, funding(executing), outcome, now);
        });
    }

    /** Sandbox: the real-time payment that funds a quote arrives. */
    public Transaction fundRealtime(Caller caller, Object body) {
        caller.requireSandbox();
        caller.require(Permission.TRANSACT);
        Fields f = SANDBOX_SEND.validate(body);
        UUID quoteId = Quote.parseId("quoteId", f.string("quoteId").orElseThrow());
        return tx.inTransaction(() -> {
            Quote quote = quotes.findForUpdate(caller.platformId(), quoteId)
                    .orElseThrow(() -> Quote.notFound(quoteId));
            if (!"REALTIME_FUNDING".equals(quote.source().get("sourceType"))) {
                throw InvalidFields.of("quoteId", "is not funded in real time; execute it instead");
            }
            Money expected = quote.totalSending();
            if (!expected.currency().code().equals(f.string("currencyCode").orElseThrow())) {
                throw new InvalidInput("INVALID_CURRENCY", "The quote is funded in " + expected.currency().code());
            }
            long amount = f.number("currencyAmount").orElse(expected.amountMinor());
            if (amount != expected.amountMinor()) {
                throw new InvalidInput("INVALID_AMOUNT", "The quote is funded with exactly "
                        + expected.amountMinor(), Map.of("expected", expected.amountMinor()));
            }
            Instant now = clock.now(caller);
            Quote executing = quote.executing(now);
            PayoutRail.Outcome outcome = payoutOutcome(caller.environment(), executing);
            if (outcome.kind() == PayoutRail.Kind.NOT_EXECUTED) {
                sentBack(executing, outcome, now);
            } else {
                fundedBy(executing, funding(executing), outcome, now);
            }
            return transactions.find(caller.platformId(), quote.transactionId()).orElseThrow();
        });
    }

    private Quote fundFromInternalAccount(Quote q, String accountId, PayoutRail.Outcome outcome, Instant now) {
        Hold hold = fundingHold(q, ids.newId());
        ownedDestination(q).ifPresent(d -> ledger.lock(q.platformId(), List.of(hold.account().id(), d)));
        try {
            ledger.hold(q.platformId(), hold);
        } catch (InsufficientFunds e) {
            throw insufficientBalance(q);
        }
        if (outcome.kind() == PayoutRail.Kind.NOT_EXECUTED) {
            ledger.voidHold(q.platformId(), hold.id());
            return notExecuted(q, outcome.failureReason(), outcome.detail(), now);
        }
        ledger.postHold(q.platformId(), hold.id(), conversion(q, now));
        return payOut(q, outcome, now);
    }

    /**
     * Whether a quote can go the batch way ({@link QuoteExecutionBatch}): funded from an internal account, with no
     * embedded wallet's signature to check; anything else runs one by one.
     */
    static boolean batchable(Quote q) {
        String source = (String) q.source().get("accountId");
        return source != null && EntityId.isOfKind(InternalAccountId.KIND, source)
                && !"REALTIME_FUNDING".equals(q.source().get("sourceType"))
                && q.walletPayload().isEmpty();
    }

    /** The hold that funds a quote from its internal account: the sending amount plus fees. */
    static Hold fundingHold(Quote q, UUID holdId) {
        return Hold.pending(holdId, funding(q), q.totalSending().currency().code(), q.totalSending().amountMinor());
    }

    static InvalidInput insufficientBalance(Quote q) {
        return new InvalidInput("INSUFFICIENT_BALANCE", "The source account's available balance is below "
                + q.totalSending().amountMinor() + " (the sending amount plus fees)");
    }

    /** The sender's money, converted through the liquidity accounts to the payout's currency. */
    Journal conversion(Quote q, Instant now) {
        return QuoteJournals.conversion(ids.newId(), q, funding(q), now);
    }

    /** Funding from outside (a pull or a real-time payment) arrives through the sending currency's rail. */
    private Quote fundedBy(Quote q, AccountRef funding, PayoutRail.Outcome outcome, Instant now) {
        if (outcome.kind() == PayoutRail.Kind.NOT_EXECUTED) {
            return notExecuted(q, outcome.failureReason(), outcome.detail(), now);
        }
        ledger.post(q.platformId(), QuoteJournals.conversion(ids.newId(), q, funding, now));
        return payOut(q, outcome, now);
    }

    private Quote payOut(Quote q, PayoutRail.Outcome outcome, Instant now) {
        Transaction t = transaction(q).processing(now);
        switch (outcome.kind()) {
            case SETTLED -> {
                if (outcome.afterSeconds() == 0) {
                    return settle(q, t, now);
                }
                schedule(q, QuotePayoutJob.SETTLE, now.plusSeconds(outcome.afterSeconds()));
            }
            case SETTLED_THEN_RETURNED -> {
                schedule(q, QuotePayoutJob.RETURN, now.plusSeconds(outcome.afterSeconds()));
                return settle(q, t, now);
            }
            case FAILED_REFUNDED -> {
                return refund(q, t, QuoteJournals.system(q, QuoteJournals.PAYOUT_PENDING, receiving(q)),
                        outcome.failureReason(), outcome.refundReason(), outcome.detail(), now);
            }
            case FAILED_REFUND_FAILED -> {
                ledger.post(q.platformId(), QuoteJournals.suspend(ids.newId(), q, now));
                Transaction failed = t.failed(outcome.failureReason(), outcome.detail(), now)
                        .withRefund(t.refund("FAILED", outcome.refundReason(), now, null), now);
                transactions.update(failed);
                return save(q.failed(now));
            }
            default -> throw new IllegalStateException("unexpected payout outcome " + outcome.kind());
        }
        transactions.update(t);
        return save(q);
    }

    /** The payout arrives: payout pending → the destination. */
    Quote settle(Quote q, Transaction t, Instant now) {
        transactions.update(paidOut(q, t, now));
        return save(q.completed(now));
    }

    /** Posts the payout's journal; the completed transaction, to save. */
    Transaction paidOut(Quote q, Transaction t, Instant now) {
        ledger.post(q.platformId(), QuoteJournals.payout(ids.newId(), q, destination(q), now));
        return t.completed(now);
    }

    /** Everything goes back to the sender: the receiving amount leaves {@code heldAt}, fees included. */
    Quote refund(Quote q, Transaction t, AccountRef heldAt, String failureReason, String refundReason, String detail,
                 Instant now) {
        ledger.post(q.platformId(), QuoteJournals.refund(ids.newId(), q, heldAt, funding(q), now));
        Transaction failed = t.failed(failureReason, detail, now)
                .withRefund(t.refund("COMPLETED", refundReason, now, now), now);
        transactions.update(failed);
        return save(q.failed(now));
    }

    /** A returned payout: the money comes back from where it was paid to. */
    Quote returned(Quote q, Instant now) {
        return refund(q, transaction(q), destination(q), "PAYOUT_RETURNED", "TRANSACTION_FAILED",
                "The receiving institution returned the payment", now);
    }

    Transaction transaction(Quote q) {
        return transactions.findForUpdate(q.platformId(), q.transactionId()).orElseThrow();
    }

    /**
     * A real-time payment arrived for a quote whose payout cannot be made: the money goes back the way it came,
     * refunded at once. It never reached an account of the books, so nothing is posted.
     */
    private Quote sentBack(Quote q, PayoutRail.Outcome outcome, Instant now) {
        Transaction t = transaction(q).processing(now);
        transactions.update(t.failed(outcome.failureReason(), outcome.detail(), now)
                .withRefund(t.refund("COMPLETED", "TRANSACTION_FAILED", now, now), now));
        return save(q.failed(now));
    }

    private Quote notExecuted(Quote q, String reason, String detail, Instant now) {
        Transaction t = transaction(q).processing(now).failed(reason, detail, now);
        transactions.update(t);
        return save(q.failed(now));
    }

    private PayoutRail.Outcome payoutOutcome(Environment environment, Quote q) {
        return payoutOutcome(environment, q, id -> externalAccounts.find(q.platformId(), id).orElse(null));
    }

    /**
     * What the payout rail says about the quote's payout; external destinations come from {@code accounts} (null
     * for one removed since the quote was made: 409).
     */
    PayoutRail.Outcome payoutOutcome(Environment environment, Quote q,
                                     java.util.function.Function<ExternalAccountId, ExternalAccount> accounts) {
        Map<String, Object> d = q.destination();
        if ("UMA_ADDRESS".equals(d.get("destinationType"))) {
            return payoutRail.payToUma(environment, (String) d.get("umaAddress"), q.totalReceiving());
        }
        String accountId = (String) d.get("accountId");
        if (EntityId.isOfKind(InternalAccountId.KIND, accountId)) {
            return PayoutRail.Outcome.settled(0);
        }
        ExternalAccount account = removedIfNull(accounts.apply(ExternalAccountId.parse("destination.accountId",
                accountId)), "destination");
        return payoutRail.payToAccount(environment, account, q.totalReceiving());
    }

    /** The quote's external account, unless it was removed after the quote was made (then 409: quote again). */
    private static ExternalAccount removedIfNull(ExternalAccount account, String role) {
        if (account == null) {
            throw new Conflict("CONFLICT", "The quote's " + role + " external account was removed after the quote "
                    + "was made; create a new quote");
        }
        return account;
    }

    /** Where the sender's money came from, and where a refund returns it. */
    private static AccountRef funding(Quote q) {
        String accountId = (String) q.source().get("accountId");
        if (accountId != null && EntityId.isOfKind(InternalAccountId.KIND, accountId)) {
            return AccountRef.owned(InternalAccountId.parse("source.accountId", accountId).value());
        }
        return QuoteJournals.system(q, AccountRef.RAIL_SETTLEMENT, q.totalSending().currency().code());
    }

    /**
     * The destination when it is an owned account. An execution holds its source and credits such a destination in
     * later steps, so it locks both first ({@link Ledger#lock}): two conversions in opposite directions between the
     * same accounts would otherwise each hold one lock and wait for the other (PostgreSQL's deadlock, a 500).
     */
    static Optional<UUID> ownedDestination(Quote q) {
        AccountRef destination = destination(q);
        return destination.system() ? Optional.empty() : Optional.of(destination.id());
    }

    /** Where the receiving amount goes when the payout settles. */
    private static AccountRef destination(Quote q) {
        Map<String, Object> d = q.destination();
        if ("UMA_ADDRESS".equals(d.get("destinationType"))) {
            return QuoteJournals.system(q, AccountRef.UMA_SETTLEMENT, receiving(q));
        }
        String accountId = (String) d.get("accountId");
        if (EntityId.isOfKind(InternalAccountId.KIND, accountId)) {
            return AccountRef.owned(InternalAccountId.parse("destination.accountId", accountId).value());
        }
        return QuoteJournals.system(q, AccountRef.RAIL_SETTLEMENT, receiving(q));
    }

    private static String receiving(Quote q) {
        return q.totalReceiving().currency().code();
    }

    private void schedule(Quote q, String step, Instant at) {
        jobs.schedule(new Jobs.Job(q.platformId(), ids.newId(), QuotePayoutJob.KIND,
                Map.of("quoteId", q.id().toString(), "step", step), at, 0));
    }

    private Quote save(Quote q) {
        quotes.update(q);
        return q;
    }
}
