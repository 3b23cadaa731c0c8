package payments.ports.transfer;

import payments.ports.batch.GroupCommit;
import payments.ports.batch.IdempotentBatch;
import payments.ports.batch.IdempotencyService;
import payments.ports.time.PlatformClock;
import payments.ports.account.AccountReads;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import payments.core.common.DomainError;
import payments.core.common.ExternalAccountId;
import payments.core.common.InternalAccountId;
import payments.core.common.PlatformId;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.transaction.Transaction;
import payments.core.validation.Fields;
import payments.ports.batch.GroupCommit.Outcome;
import payments.ports.batch.IdempotencyService.Sent;
import payments.ports.transfer.TransferService.OutgoingTransfer;
import payments.ports.driven.customer.Customers;
import payments.ports.driven.account.ExternalAccounts;
import payments.ports.driven.IdempotencyKeys.StoredResponse;
import payments.ports.driven.account.InternalAccounts;
import payments.ports.driven.ledger.Ledger;
import payments.ports.driven.transaction.Transactions;

/**
 * Transfer-outs by group commit ({@link GroupCommit}): the requests that arrive together run as one database
 * transaction in which each step is one statement for the whole batch: the idempotency keys' locks and stored
 * responses, the accounts, the holds (admitted in arrival order while each account covers them), the postings,
 * the transactions and their events, the responses. A request is checked exactly as {@link TransferService} checks
 * it, and refused without writing anything when it fails; a request the batch cannot decide (its key taken by a
 * request in flight, or named twice in the batch) and every request of a batch that fails as a whole run alone,
 * through {@link TransferService#transferOut} and {@link IdempotencyService}.
 */
public final class TransferOutBatch {
    /**
     * A validated transfer-out; {@code source} is its source account (null when malformed: refused in the batch),
     * {@code key} null without an Idempotency-Key.
     */
    private record Request(Caller caller, Object body, Fields fields, InternalAccountId source, String key,
                           byte[] requestHash, Function<Transaction, StoredResponse> render)
            implements IdempotentBatch.Keyed {
    }

    private final TransferService transfers;
    private final IdempotentBatch keys;
    private final AccountReads accountReads;
    private final Ledger ledger;
    private final Transactions transactions;
    private final PlatformClock platformClock;
    private final GroupCommit<Request, Sent> group;

    public TransferOutBatch(TransferService transfers, IdempotentBatch keys, InternalAccounts internalAccounts,
                            ExternalAccounts externalAccounts, Customers customers, Ledger ledger,
                            Transactions transactions, PlatformClock platformClock, int maxBatch,
                            int maxConcurrentBatches, Executor executor) {
        this.transfers = transfers;
        this.keys = keys;
        this.accountReads = new AccountReads(internalAccounts, externalAccounts, customers);
        this.ledger = ledger;
        this.transactions = transactions;
        this.platformClock = platformClock;
        this.group = new GroupCommit<>(this::runBatch, this::runAlone, Request::source, maxBatch,
                maxConcurrentBatches, executor);
    }

    /**
     * Runs a transfer-out in the next batch; its response completes once the batch committed (exceptionally with a
     * refusal).
     *
     * @param key         the Idempotency-Key, or null
     * @param requestHash identifies the request for its key ({@link IdempotencyService#execute})
     * @param render      the response to a transfer made
     */
    public CompletableFuture<Sent> transferOut(Caller caller, Object body, String key, byte[] requestHash,
                            Function<Transaction, StoredResponse> render) {
        caller.require(Permission.TRANSACT);
        Fields fields = TransferService.TRANSFER_OUT.validate(body);
        IdempotentBatch.requireKeyForm(key);
        return group.submit(new Request(caller, body, fields, sourceOrNull(fields), key, requestHash, render));
    }

    /** The source account, which the batch reads and locks (its lock key); null when malformed. */
    private static InternalAccountId sourceOrNull(Fields f) {
        try {
            return TransferService.sourceId(f);
        } catch (DomainError malformed) {
            return null; // refused by prepareOut
        }
    }

    private Sent runAlone(Request r) {
        return keys.alone(r, () -> r.render().apply(transfers.transferOut(r.caller(), r.body())));
    }

    private List<Outcome<Sent>> runBatch(List<Request> requests) {
        return keys.run(requests, (caller, open, outcomes) -> runPlatform(requests, caller, open, outcomes));
    }

    /** One platform's (and environment's) requests of the batch, by their indexes, their keys claimed. */
    private void runPlatform(List<Request> requests, Caller caller, List<Integer> open,
                             List<Outcome<Sent>> outcomes) {
        PlatformId platform = caller.platformId();
        AccountReads.Reads lookups = load(platform, open.stream().map(requests::get).toList());
        Instant now = platformClock.now(caller);
        Map<Integer, OutgoingTransfer> prepared = new LinkedHashMap<>();
        for (int i : open) {
            Request r = requests.get(i);
            try {
                prepared.put(i, transfers.prepareOut(r.caller(), r.fields(), lookups, now));
            } catch (DomainError e) {
                outcomes.set(i, Outcome.refused(e));
            }
        }
        Set<UUID> refused = ledger.holdAll(platform,
                prepared.values().stream().map(OutgoingTransfer::hold).toList());
        List<Integer> held = new ArrayList<>();
        for (var e : prepared.entrySet()) {
            if (refused.contains(e.getValue().transaction().holdId())) {
                outcomes.set(e.getKey(), Outcome.refused(e.getValue().insufficientBalance()));
            } else {
                held.add(e.getKey());
            }
        }
        List<Transaction> sent = transfers.sendOut(caller, held.stream().map(prepared::get).toList(), now);
        transactions.insertAll(sent);
        List<StoredResponse> responses = new ArrayList<>();
        for (int n = 0; n < held.size(); n++) {
            responses.add(requests.get(held.get(n)).render().apply(sent.get(n)));
        }
        keys.answer(platform, requests, held, responses, outcomes);
    }

    /**
     * The accounts the requests name, read once for the batch with their owners ({@link AccountReads#preloaded}). A
     * malformed id is left out here and refused by {@link TransferService#prepareOut} with its request.
     */
    private AccountReads.Reads load(PlatformId platform, List<Request> requests) {
        Set<InternalAccountId> sources = new LinkedHashSet<>();
        Set<ExternalAccountId> destinations = new LinkedHashSet<>();
        for (Request r : requests) {
            if (r.source() != null) {
                sources.add(r.source());
            }
            try {
                destinations.add(TransferService.destinationId(r.fields()));
            } catch (DomainError malformed) {
                // refused by prepareOut
            }
        }
        return accountReads.preloaded(platform, sources, destinations, List.of());
    }
}
