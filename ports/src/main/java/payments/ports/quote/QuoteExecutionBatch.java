package payments.ports.quote;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.stream.Stream;
import payments.core.account.ExternalAccount;
import payments.core.common.DomainError;
import payments.core.common.EntityId;
import payments.core.common.ExternalAccountId;
import payments.core.common.PlatformId;
import payments.core.ledger.Hold;
import payments.core.ledger.Journal;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.quote.Quote;
import payments.core.transaction.Transaction;
import payments.ports.batch.GroupCommit.Outcome;
import payments.ports.batch.GroupCommit;
import payments.ports.batch.IdempotencyService.Sent;
import payments.ports.batch.IdempotentBatch;
import payments.ports.driven.IdempotencyKeys.StoredResponse;
import payments.ports.driven.Ids;
import payments.ports.driven.account.ExternalAccounts;
import payments.ports.driven.ledger.Ledger;
import payments.ports.driven.quote.PayoutRail;
import payments.ports.driven.quote.Quotes;
import payments.ports.time.PlatformClock;
import payments.ports.transaction.AnnouncedTransactions;

/**
 * Quote executions by group commit ({@link GroupCommit}), like {@link TransferOutBatch}: the quotes (locked in id
 * order), their transactions and payout accounts read once per batch; the funding holds admitted in arrival order;
 * the conversions posted in one ledger change; transactions, quotes and responses written once per batch. The batch
 * takes the common case, a quote funded from an internal account whose payout settles at once; any other quote
 * (an embedded wallet's signed request, real-time or external funding, a payout the rail decides later or refuses)
 * runs alone through {@link QuoteExecution#execute}, as does every request of a batch that fails as a whole.
 */
public final class QuoteExecutionBatch {
    private record Request(Caller caller, UUID quoteId, String walletSignature, String key, byte[] requestHash,
                           Function<Quote, StoredResponse> render) implements IdempotentBatch.Keyed {
    }

    /** A quote the batch executes: its funding hold, and its payout settling now. */
    private record Executing(int index, Quote quote, Hold hold) {
    }

    private final QuoteExecution execution;
    private final IdempotentBatch keys;
    private final Quotes quotes;
    private final AnnouncedTransactions transactions;
    private final ExternalAccounts externalAccounts;
    private final Ledger ledger;
    private final PlatformClock clock;
    private final Ids ids;
    private final GroupCommit<Request, Sent> group;

    public QuoteExecutionBatch(QuoteExecution execution, IdempotentBatch keys, Quotes quotes,
                               AnnouncedTransactions transactions, ExternalAccounts externalAccounts, Ledger ledger,
                               PlatformClock clock, Ids ids, int maxBatch, int maxConcurrentBatches,
                               Executor executor) {
        this.execution = execution;
        this.keys = keys;
        this.quotes = quotes;
        this.transactions = transactions;
        this.externalAccounts = externalAccounts;
        this.ledger = ledger;
        this.clock = clock;
        this.ids = ids;
        this.group = new GroupCommit<>(this::runBatch, this::runAlone, maxBatch, maxConcurrentBatches, executor);
    }

    /**
     * Executes the quote in the next batch; the response completes once the batch committed (exceptionally with a
     * refusal).
     *
     * @param walletSignature the {@code Service-Wallet-Signature} header, or null
     * @param key             the Idempotency-Key, or null
     * @param render          the response to the executed quote
     */
    public CompletableFuture<Sent> execute(Caller caller, UUID quoteId, String walletSignature, String key,
                                           byte[] requestHash, Function<Quote, StoredResponse> render) {
        caller.require(Permission.TRANSACT);
        IdempotentBatch.requireKeyForm(key);
        return group.submit(new Request(caller, quoteId, walletSignature, key, requestHash, render));
    }

    private Sent runAlone(Request r) {
        return keys.alone(r, () -> r.render().apply(execution.execute(r.caller(), r.quoteId(),
                r.walletSignature())));
    }

    private List<Outcome<Sent>> runBatch(List<Request> requests) {
        return keys.run(requests, (caller, open, outcomes) -> runPlatform(requests, caller, open, outcomes));
    }

    /** One platform's (and environment's) requests of the batch, by their indexes, their keys claimed. */
    private void runPlatform(List<Request> requests, Caller caller, List<Integer> open,
                             List<Outcome<Sent>> outcomes) {
        PlatformId platform = caller.platformId();
        Map<UUID, Quote> found = quotes.findAllForUpdate(platform, open.stream()
                .map(i -> requests.get(i).quoteId()).toList());
        Map<ExternalAccountId, ExternalAccount> payees = externalAccounts.findAll(platform, found.values().stream()
                .map(QuoteExecutionBatch::payee).filter(java.util.Objects::nonNull).toList());
        Instant now = clock.now(caller);
        List<Executing> executing = new ArrayList<>();
        for (int i : open) {
            Quote quote = found.get(requests.get(i).quoteId());
            if (quote == null) {
                outcomes.set(i, Outcome.refused(Quote.notFound(requests.get(i).quoteId())));
            } else if (!QuoteExecution.batchable(quote)
                    || executing.stream().anyMatch(e -> e.quote().id().equals(quote.id()))) {
                outcomes.set(i, Outcome.alone());
            } else {
                try {
                    Quote q = quote.executing(now);
                    PayoutRail.Outcome payout = execution.payoutOutcome(caller.environment(), q, payees::get);
                    if (payout.kind() == PayoutRail.Kind.SETTLED && payout.afterSeconds() == 0) {
                        executing.add(new Executing(i, q, QuoteExecution.fundingHold(q, ids.newId())));
                    } else {
                        outcomes.set(i, Outcome.alone());
                    }
                } catch (DomainError e) {
                    outcomes.set(i, Outcome.refused(e));
                }
            }
        }
        List<UUID> destinations = executing.stream().map(e -> QuoteExecution.ownedDestination(e.quote()))
                .flatMap(Optional::stream).toList();
        if (!destinations.isEmpty()) {
            ledger.lock(platform, Stream.concat(executing.stream().map(e -> e.hold().account().id()),
                    destinations.stream()).toList());
        }
        Set<UUID> refused = ledger.holdAll(platform, executing.stream().map(Executing::hold).toList());
        List<Executing> funded = new ArrayList<>();
        for (Executing e : executing) {
            if (refused.contains(e.hold().id())) {
                outcomes.set(e.index(), Outcome.refused(QuoteExecution.insufficientBalance(e.quote())));
            } else {
                funded.add(e);
            }
        }
        Map<UUID, Journal> conversions = new LinkedHashMap<>();
        funded.forEach(e -> conversions.put(e.hold().id(), execution.conversion(e.quote(), now)));
        ledger.postHolds(platform, conversions);
        Map<UUID, Transaction> stored = transactions.findAllForUpdate(platform, funded.stream()
                .map(e -> e.quote().transactionId()).toList());
        List<Transaction> paid = new ArrayList<>();
        List<Quote> completed = new ArrayList<>();
        for (Executing e : funded) {
            Transaction t = stored.get(e.quote().transactionId()).processing(now);
            paid.add(execution.paidOut(e.quote(), t, now));
            completed.add(e.quote().completed(now));
        }
        transactions.updateAll(stored, paid);
        quotes.updateAll(completed);
        List<StoredResponse> responses = new ArrayList<>();
        for (int n = 0; n < funded.size(); n++) {
            responses.add(requests.get(funded.get(n).index()).render().apply(completed.get(n)));
        }
        keys.answer(platform, requests, funded.stream().map(Executing::index).toList(), responses, outcomes);
    }

    /** The external account a quote pays out to, if it pays to one (the rail needs it). */
    private static ExternalAccountId payee(Quote q) {
        Object accountId = q.destination().get("accountId");
        if (!(accountId instanceof String id) || !EntityId.isOfKind(ExternalAccountId.KIND, id)) {
            return null;
        }
        try {
            return ExternalAccountId.parse("destination.accountId", id);
        } catch (DomainError malformed) {
            return null;
        }
    }
}
