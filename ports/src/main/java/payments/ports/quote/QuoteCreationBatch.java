package payments.ports.quote;

import payments.ports.batch.GroupCommit;
import payments.ports.batch.IdempotentBatch;
import payments.ports.batch.IdempotencyService;
import payments.ports.time.PlatformClock;
import payments.ports.account.AccountReads;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import payments.core.common.CustomerId;
import payments.core.common.DomainError;
import payments.core.common.EntityId;
import payments.core.common.ExternalAccountId;
import payments.core.common.InternalAccountId;
import payments.core.common.PlatformId;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.quote.Quote;
import payments.core.validation.Fields;
import payments.ports.batch.GroupCommit.Outcome;
import payments.ports.batch.IdempotencyService.Sent;
import payments.ports.quote.QuoteService.NewQuote;
import payments.ports.driven.customer.Customers;
import payments.ports.driven.account.ExternalAccounts;
import payments.ports.driven.IdempotencyKeys.StoredResponse;
import payments.ports.driven.account.InternalAccounts;

/**
 * Quote creations by group commit ({@link GroupCommit}), like {@link TransferOutBatch}: the accounts and customers
 * the requests name are read once for the batch, each request is priced exactly as {@link QuoteService#create}
 * prices it (refused without writing anything when it fails), and the quotes, their transactions and events, their
 * expiry jobs and the responses are written once per batch. A quote to execute at once
 * ({@code immediatelyExecute}), a request whose key the batch cannot claim, and every request of a batch that fails
 * as a whole run alone, through {@link QuoteService#create}.
 */
public final class QuoteCreationBatch {
    private record Request(Caller caller, Object body, Fields fields, String key, byte[] requestHash,
                           Function<Quote, StoredResponse> render) implements IdempotentBatch.Keyed {
    }

    private final QuoteService quotes;
    private final IdempotentBatch keys;
    private final AccountReads accountReads;
    private final PlatformClock clock;
    private final GroupCommit<Request, Sent> group;

    public QuoteCreationBatch(QuoteService quotes, IdempotentBatch keys, InternalAccounts internalAccounts,
                              ExternalAccounts externalAccounts, Customers customers, PlatformClock clock,
                              int maxBatch, int maxConcurrentBatches, Executor executor) {
        this.quotes = quotes;
        this.keys = keys;
        this.accountReads = new AccountReads(internalAccounts, externalAccounts, customers);
        this.clock = clock;
        this.group = new GroupCommit<>(this::runBatch, this::runAlone, maxBatch, maxConcurrentBatches, executor);
    }

    /**
     * Creates the quote in the next batch; the response completes once the batch committed (exceptionally with a
     * refusal).
     *
     * @param key    the Idempotency-Key, or null
     * @param render the response to the quote created
     */
    public CompletableFuture<Sent> create(Caller caller, Object body, String key, byte[] requestHash,
                       Function<Quote, StoredResponse> render) {
        caller.require(Permission.TRANSACT);
        Fields fields = QuoteService.CREATE.validate(body);
        IdempotentBatch.requireKeyForm(key);
        return group.submit(new Request(caller, body, fields, key, requestHash, render));
    }

    private Sent runAlone(Request r) {
        return keys.alone(r, () -> r.render().apply(quotes.create(r.caller(), r.body())));
    }

    private List<Outcome<Sent>> runBatch(List<Request> requests) {
        return keys.run(requests, (caller, open, outcomes) -> runPlatform(requests, caller, open, outcomes));
    }

    /** One platform's (and environment's) requests of the batch, by their indexes, their keys claimed. */
    private void runPlatform(List<Request> requests, Caller caller, List<Integer> open,
                             List<Outcome<Sent>> outcomes) {
        AccountReads.Reads reads = load(caller.platformId(), open.stream().map(i -> requests.get(i).fields()).toList());
        Instant now = clock.now(caller);
        List<Integer> priced = new ArrayList<>();
        List<NewQuote> created = new ArrayList<>();
        for (int i : open) {
            Request r = requests.get(i);
            if (QuoteService.immediately(r.fields())) {
                outcomes.set(i, Outcome.alone());
                continue;
            }
            try {
                created.add(quotes.prepare(r.caller(), r.fields(), reads, now));
                priced.add(i);
            } catch (DomainError e) {
                outcomes.set(i, Outcome.refused(e));
            }
        }
        quotes.write(created);
        List<StoredResponse> responses = new ArrayList<>();
        for (int n = 0; n < priced.size(); n++) {
            responses.add(requests.get(priced.get(n)).render().apply(created.get(n).quote()));
        }
        keys.answer(caller.platformId(), requests, priced, responses, outcomes);
    }

    /**
     * The accounts the requests name and any customer a source names, read once for the batch with the accounts'
     * owners ({@link AccountReads#preloaded}); a malformed id is left out here and refused with its request.
     */
    private AccountReads.Reads load(PlatformId platform, List<Fields> requests) {
        Set<InternalAccountId> internalIds = new LinkedHashSet<>();
        Set<ExternalAccountId> externalIds = new LinkedHashSet<>();
        Set<CustomerId> customerIds = new LinkedHashSet<>();
        for (Fields f : requests) {
            for (String side : List.of("source", "destination")) {
                f.object(side).flatMap(s -> s.string("accountId")).ifPresent(id -> {
                    if (EntityId.isOfKind(InternalAccountId.KIND, id)) {
                        parse(() -> internalIds.add(InternalAccountId.parse("accountId", id)));
                    } else if (EntityId.isOfKind(ExternalAccountId.KIND, id)) {
                        parse(() -> externalIds.add(ExternalAccountId.parse("accountId", id)));
                    }
                });
            }
            f.object("source").flatMap(s -> s.string("customerId"))
                    .ifPresent(id -> parse(() -> customerIds.add(CustomerId.parse("customerId", id))));
        }
        return accountReads.preloaded(platform, internalIds, externalIds, customerIds);
    }

    /** Runs a parse whose failure means a malformed id (its request is refused when priced). */
    private static void parse(Runnable parse) {
        try {
            parse.run();
        } catch (DomainError malformed) {
            // the request's own checks report it
        }
    }
}
