package payments.ports.quote;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import payments.core.account.ExternalAccount;
import payments.core.agent.AgentActionType;
import payments.core.agent.OnBehalf;
import payments.core.error.Conflict;
import payments.core.error.DomainError;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.id.ExternalAccountId;
import payments.core.id.PlatformId;
import payments.core.ledger.Hold;
import payments.core.money.Money;
import payments.core.platform.Caller;
import payments.core.quote.Quote;
import payments.core.transaction.Transaction;
import payments.ports.batch.KeyedBatch;
import payments.ports.batch.Request;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.account.ExternalAccounts;
import payments.ports.driven.quote.PayoutRail;
import payments.ports.driven.quote.Quotes;
import payments.ports.driven.transfer.PaymentRail;
import payments.ports.spending.Spend;
import payments.ports.spending.SpendingGate;
import payments.ports.time.PlatformClock;
import payments.ports.transaction.AnnouncedTransactions;
import payments.ports.wallet.SignedRetry;

/**
 * Executing quotes, one platform's requests of a group commit at a time: the quotes locked in id order and their
 * external accounts read once; each checked (an embedded wallet's signature, its state, its payout's rail) and
 * refused with its 4xx, writing nothing; then funded ({@link QuoteFunding}: the holds admitted together), converted
 * and paid out ({@link QuotePayouts}), the quotes and transactions written together. A lone request is a batch of
 * one through the same steps.
 */
public final class QuoteExecution implements KeyedBatch.Step<ExecuteQuote, Quote> {
    /** One quote being executed, and what became of it. */
    private static final class Execution {
        final Request<ExecuteQuote, Quote> request;
        final Quote found;
        final String walletSignature;
        Quote quote;
        PayoutRail.Outcome payout;
        Hold hold;
        ExternalAccount pulledFrom;
        Failure failure;
        RuntimeException refusal;
        QuotePayouts.Payout result;

        Execution(Request<ExecuteQuote, Quote> request, Quote found, String walletSignature) {
            this.request = request;
            this.found = found;
            this.walletSignature = walletSignature;
        }

        boolean going() {
            return refusal == null;
        }
    }

    /** Why an execution that took place did not pay out: its transaction fails with this. */
    private record Failure(String reason, String detail) {
    }

    private final Quotes quotes;
    private final AnnouncedTransactions transactions;
    private final ExternalAccounts externalAccounts;
    private final QuoteFunding funding;
    private final QuotePayouts payouts;
    private final SignedRetry signedRetry;
    private final PlatformClock clock;
    private final TransactionRunner tx;

    public QuoteExecution(Quotes quotes, AnnouncedTransactions transactions, ExternalAccounts externalAccounts,
                   QuoteFunding funding, QuotePayouts payouts, SignedRetry signedRetry, PlatformClock clock,
                   TransactionRunner tx) {
        this.quotes = quotes;
        this.transactions = transactions;
        this.externalAccounts = externalAccounts;
        this.funding = funding;
        this.payouts = payouts;
        this.signedRetry = signedRetry;
        this.clock = clock;
        this.tx = tx;
    }

    @Override
    public void run(Caller caller, List<Request<ExecuteQuote, Quote>> open, boolean alone) {
        Map<UUID, Quote> found = quotes.findAllForUpdate(caller.platformId(),
                open.stream().map(r -> r.command().quoteId()).toList());
        List<Execution> executions = new ArrayList<>();
        Set<UUID> named = new HashSet<>();
        for (Request<ExecuteQuote, Quote> r : open) {
            Quote quote = found.get(r.command().quoteId());
            if (quote == null) {
                r.refuse(Quote.notFound(r.command().quoteId()));
            } else if (!named.add(quote.id())) {
                r.leaveAlone(); // the same quote twice in one batch: the second runs after the first
            } else {
                executions.add(new Execution(r, quote, r.command().walletSignature()));
            }
        }
        execute(caller, executions);
        for (Execution e : executions) {
            if (e.going()) {
                e.request.made(e.result.quote());
            } else {
                e.request.refuse(e.refusal);
            }
        }
    }

    /** Executes a quote made in this database transaction ({@code immediatelyExecute}); throws its refusal. */
    Quote executeNow(Caller caller, Quote created) {
        Execution e = new Execution(null, quotes.findForUpdate(caller.platformId(), created.id()).orElseThrow(), null);
        execute(caller, List.of(e));
        if (!e.going()) {
            throw e.refusal;
        }
        return e.result.quote();
    }

    /** Sandbox: the real-time payment that funds a quote arrives; its transaction as it then stands. */
    Transaction fundRealtime(Caller caller, RealtimeFunding command) {
        return tx.inTransaction(() -> {
            Quote quote = quotes.findForUpdate(caller.platformId(), command.quoteId())
                    .orElseThrow(() -> Quote.notFound(command.quoteId()));
            if (!quote.realtimeFunded()) {
                throw InvalidFields.of("quoteId", "is not funded in real time; execute it instead");
            }
            Money expected = quote.totalSending();
            if (!expected.currency().code().equals(command.currencyCode())) {
                throw new InvalidInput("INVALID_CURRENCY", "The quote is funded in " + expected.currency().code());
            }
            long amount = command.currencyAmount() == null ? expected.amountMinor() : command.currencyAmount();
            if (amount != expected.amountMinor()) {
                throw new InvalidInput("INVALID_AMOUNT", "The quote is funded with exactly "
                        + expected.amountMinor(), Map.of("expected", expected.amountMinor()));
            }
            Instant now = clock.now(caller);
            Quote executing = quote.executing(now);
            PayoutRail.Outcome outcome = payouts.outcome(caller.environment(), executing,
                    id -> externalAccounts.find(caller.platformId(), id).orElse(null), now);
            Transaction t = transactions.findForUpdate(caller.platformId(), quote.transactionId()).orElseThrow()
                    .processing(now);
            QuotePayouts.Payout done;
            if (outcome.kind() == PayoutRail.Kind.NOT_EXECUTED) {
                // The money goes back the way it came, at once; it never reached an account of the books.
                done = new QuotePayouts.Payout(executing.failed(now), t.failed(outcome.failureReason(),
                        outcome.detail(), now).withRefund(t.refund("COMPLETED", "TRANSACTION_FAILED", now, now),
                        now));
            } else {
                funding.convertArrived(executing, now);
                done = payouts.payOut(executing, t, outcome, now);
            }
            transactions.update(done.transaction());
            quotes.update(done.quote());
            return transactions.find(caller.platformId(), quote.transactionId()).orElseThrow();
        });
    }

    /** Checks, funds and pays out the executions; each ends with a result or a refusal. */
    private void execute(Caller caller, List<Execution> executions) {
        PlatformId platform = caller.platformId();
        Map<ExternalAccountId, ExternalAccount> accounts = externalAccounts.findAll(platform, executions.stream()
                .flatMap(e -> Stream.concat(e.found.externalSource().stream(),
                        e.found.externalDestination().stream())).distinct().toList());
        Instant now = clock.now(caller);
        for (Execution e : executions) {
            try {
                start(caller, e, accounts, now);
            } catch (DomainError refused) {
                e.refusal = refused;
            }
        }
        Map<Execution, Spend> spends = spends(executions);
        SpendingGate.Admission admission = funding.admit(platform, List.copyOf(spends.values()), now);
        spends.forEach((e, spend) -> e.refusal = admission.refusal(spend));
        fund(platform, executions.stream().filter(Execution::going).toList(), caller, now);
        List<Execution> going = executions.stream().filter(Execution::going).toList();
        if (going.isEmpty()) {
            return;
        }
        Map<UUID, Transaction> stored = transactions.findAllForUpdate(platform,
                going.stream().map(e -> e.quote.transactionId()).toList());
        for (Execution e : going) {
            Transaction t = stored.get(e.quote.transactionId()).processing(now);
            if (spends.containsKey(e)) {
                t = t.madeBy(spends.get(e).agent().agentId().toString());
            }
            e.result = e.failure != null
                    ? new QuotePayouts.Payout(e.quote.failed(now), t.failed(e.failure.reason(), e.failure.detail(),
                    now))
                    : payouts.payOut(e.quote, t, e.payout, now);
        }
        transactions.updateAll(stored, going.stream().map(e -> e.result.transaction()).toList());
        quotes.updateAll(going.stream().map(e -> e.result.quote()).toList());
        Map<Spend, Transaction> made = new LinkedHashMap<>();
        going.stream().filter(spends::containsKey).forEach(e -> made.put(spends.get(e), e.result.transaction()));
        if (!made.isEmpty()) {
            admission.made(made);
        }
    }

    /** The executions agents ask for (a quote executed at its creation is the platform's). */
    private static Map<Execution, Spend> spends(List<Execution> executions) {
        Map<Execution, Spend> spends = new LinkedHashMap<>();
        for (Execution e : executions) {
            OnBehalf agent = e.request == null ? null : e.request.caller().onBehalf();
            if (agent != null && e.going()) {
                spends.put(e, new Spend(agent, AgentActionType.EXECUTE_QUOTE, e.found.customerId(), e.found.id()));
            }
        }
        return spends;
    }

    /** The checks before anything is written, in the order a refusal is told. */
    private void start(Caller caller, Execution e, Map<ExternalAccountId, ExternalAccount> accounts, Instant now) {
        Quote q = e.found;
        q.walletPayload().ifPresent(payload -> signedRetry.verifyWalletSignature(caller,
                q.internalSource().orElseThrow(), payload, e.walletSignature));
        if (q.realtimeFunded()) {
            throw new Conflict("CONFLICT", "A real-time-funded quote executes when its payment instructions are "
                    + "paid (sandbox: POST /sandbox/send)");
        }
        e.quote = q.executing(now);
        e.payout = payouts.outcome(caller.environment(), e.quote, accounts::get, now);
        if (q.externalSource().isPresent()) {
            e.pulledFrom = QuotePayouts.requireKept(accounts.get(q.externalSource().get()), "source");
        } else {
            e.hold = funding.hold(e.quote);
        }
    }

    /**
     * Funds the executions: the internal sources held together (refused: insufficient balance), the external ones
     * pulled; a payout the rail will not make releases its hold or pulls nothing, and fails the execution.
     */
    private void fund(PlatformId platform, List<Execution> executions, Caller caller, Instant now) {
        funding.lockOwned(platform, executions.stream().map(e -> e.quote).toList());
        Set<UUID> refused = funding.holdAll(platform, executions.stream().filter(e -> e.hold != null)
                .map(e -> e.hold).toList());
        Map<Hold, Quote> held = new LinkedHashMap<>();
        for (Execution e : executions) {
            boolean executed = e.payout.kind() != PayoutRail.Kind.NOT_EXECUTED;
            if (e.hold != null && refused.contains(e.hold.id())) {
                e.refusal = QuoteFunding.insufficientBalance(e.quote);
            } else if (!executed) {
                if (e.hold != null) {
                    funding.release(platform, e.hold);
                }
                e.failure = new Failure(e.payout.failureReason(), e.payout.detail());
            } else if (e.hold != null) {
                held.put(e.hold, e.quote);
            } else {
                PaymentRail.RailOutcome pulled = funding.pull(caller.environment(), e.quote, e.pulledFrom);
                if (!pulled.settled() || pulled.isPending()) {
                    e.failure = new Failure("QUOTE_EXECUTION_FAILED", "The pull from the source account failed: "
                            + pulled.failureDetail());
                } else {
                    funding.convertArrived(e.quote, now);
                }
            }
        }
        funding.convertHeld(platform, held, now);
    }
}
