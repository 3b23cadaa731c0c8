package payments.ports.quote;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.quote.Quote;
import payments.core.transaction.Transaction;
import payments.ports.batch.Answer;
import payments.ports.batch.Batching;
import payments.ports.batch.GroupCommit;
import payments.ports.batch.Keyed;
import payments.ports.batch.Request;
import payments.ports.batch.Sent;
import payments.ports.driven.quote.Quotes;
import payments.ports.time.PlatformClock;

/** {@link QuoteUseCases}: creation ({@link QuoteCreation}) and execution ({@link QuoteExecution}) by group commit. */
public final class QuoteService implements QuoteUseCases {
    private final Quotes quotes;
    private final QuoteExecution execution;
    private final PlatformClock clock;
    private final GroupCommit<Request<NewQuote, Quote>, Answer<Quote>> creations;
    private final GroupCommit<Request<ExecuteQuote, Quote>, Answer<Quote>> executions;

    public QuoteService(QuoteCreation creation, QuoteExecution execution, Quotes quotes, PlatformClock clock,
                 Batching batching) {
        this.quotes = quotes;
        this.execution = execution;
        this.clock = clock;
        this.creations = batching.groupCommit(creation);
        this.executions = batching.groupCommit(execution);
    }

    @Override
    public CompletableFuture<Quote> create(Caller caller, NewQuote command) {
        caller.require(Permission.TRANSACT);
        return creations.submit(new Request<>(caller, command, null)).thenApply(Answer::value);
    }

    @Override
    public CompletableFuture<Sent> create(Caller caller, NewQuote command, Keyed<Quote> key) {
        caller.require(Permission.TRANSACT);
        return creations.submit(new Request<>(caller, command, key.canonical())).thenApply(Answer::sent);
    }

    @Override
    public Quote get(Caller caller, UUID id) {
        caller.require(Permission.VIEW);
        return quotes.find(caller.platformId(), id).orElseThrow(() -> Quote.notFound(id)).seenAt(clock.now(caller));
    }

    @Override
    public CompletableFuture<Quote> execute(Caller caller, ExecuteQuote command) {
        caller.require(Permission.TRANSACT);
        return executions.submit(new Request<>(caller, command, null)).thenApply(Answer::value);
    }

    @Override
    public CompletableFuture<Sent> execute(Caller caller, ExecuteQuote command, Keyed<Quote> key) {
        caller.require(Permission.TRANSACT);
        return executions.submit(new Request<>(caller, command, key.canonical())).thenApply(Answer::sent);
    }

    @Override
    public Transaction fundRealtime(Caller caller, RealtimeFunding command) {
        caller.requireSandbox();
        caller.require(Permission.TRANSACT);
        return execution.fundRealtime(caller, command);
    }
}
