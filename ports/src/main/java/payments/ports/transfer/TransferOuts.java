package payments.ports.transfer;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import payments.core.account.ExternalAccount;
import payments.core.account.InternalAccount;
import payments.core.agent.AgentActionType;
import payments.core.agent.OnBehalf;
import payments.core.error.DomainError;
import payments.core.fx.RailSelection;
import payments.core.id.EntityId;
import payments.core.id.ExternalAccountId;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.money.Money;
import payments.core.platform.Caller;
import payments.core.platform.PlatformConfig;
import payments.core.transaction.Direction;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionParty;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;
import payments.core.transfer.TransferRules;
import payments.ports.account.AccountReads;
import payments.ports.batch.KeyedBatch;
import payments.ports.batch.Request;
import payments.ports.driven.Ids;
import payments.ports.driven.ledger.Ledger;
import payments.ports.driven.platform.Platforms;
import payments.ports.driven.transaction.Transactions;
import payments.ports.spending.Spend;
import payments.ports.spending.SpendingGate;
import payments.ports.time.PlatformClock;

/**
 * Transfer-outs, one platform's requests of a group commit at a time, each step one statement for all of them: the
 * accounts and their owners read once, each request checked (refused with its 4xx, writing nothing), the holds
 * admitted in arrival order while each account covers them, the rail's word applied, the transactions and their
 * events written together. A lone request is a batch of one through the same steps.
 */
public final class TransferOuts implements KeyedBatch.Step<TransferOut, Transaction> {
    /** A request and its checked transfer. */
    private record Prepared(Request<TransferOut, Transaction> request, OutgoingTransfer transfer) {
    }

    private final AccountReads accounts;
    private final Platforms platforms;
    private final Ledger ledger;
    private final Transactions transactions;
    private final TransferOutcomes outcomes;
    private final PlatformClock clock;
    private final Ids ids;
    private final SpendingGate gate;

    public TransferOuts(AccountReads accounts, Platforms platforms, Ledger ledger, Transactions transactions,
                 TransferOutcomes outcomes, PlatformClock clock, Ids ids, SpendingGate gate) {
        this.accounts = accounts;
        this.platforms = platforms;
        this.ledger = ledger;
        this.transactions = transactions;
        this.outcomes = outcomes;
        this.clock = clock;
        this.ids = ids;
        this.gate = gate;
    }

    @Override
    public void run(Caller caller, List<Request<TransferOut, Transaction>> open, boolean alone) {
        PlatformId platform = caller.platformId();
        AccountReads.Reads reads = read(platform, open);
        Instant now = clock.now(caller);
        List<Prepared> prepared = new ArrayList<>();
        for (Request<TransferOut, Transaction> r : open) {
            try {
                prepared.add(new Prepared(r, prepare(r.caller(), r.command(), reads, now)));
            } catch (DomainError e) {
                r.refuse(e);
            }
        }
        Map<Prepared, Spend> spends = spends(prepared);
        SpendingGate.Admission admission = spends.isEmpty() ? SpendingGate.Admission.ALL
                : gate.admit(platform, List.copyOf(spends.values()), now);
        prepared = admitted(prepared, spends, admission);
        Set<UUID> refused = ledger.holdAll(platform, prepared.stream().map(p -> p.transfer().hold()).toList());
        List<Prepared> held = new ArrayList<>();
        for (Prepared p : prepared) {
            if (refused.contains(p.transfer().transaction().holdId())) {
                p.request().refuse(TransferRules.insufficientBalance(p.transfer().source(),
                        p.transfer().transaction().sentAmount().amountMinor()));
            } else {
                held.add(p);
            }
        }
        Map<UUID, Transaction> sent = outcomes.send(caller, held.stream().map(Prepared::transfer).toList(), now);
        transactions.insertAll(List.copyOf(sent.values()));
        if (!spends.isEmpty()) {
            Map<Spend, Transaction> made = new LinkedHashMap<>();
            held.stream().filter(spends::containsKey)
                    .forEach(p -> made.put(spends.get(p), sent.get(p.transfer().transaction().id())));
            admission.made(made);
        }
        held.forEach(p -> p.request().made(sent.get(p.transfer().transaction().id())));
    }

    /** The payments agents make, paid from their customers' accounts. */
    private static Map<Prepared, Spend> spends(List<Prepared> prepared) {
        Map<Prepared, Spend> spends = new LinkedHashMap<>();
        for (Prepared p : prepared) {
            OnBehalf agent = p.request().caller().onBehalf();
            if (agent != null) {
                spends.put(p, new Spend(agent, AgentActionType.TRANSFER_OUT, p.transfer().source().customerId(),
                        null));
            }
        }
        return spends;
    }

    /** The prepared transfers the gate admits; the others refused with its reason. */
    private static List<Prepared> admitted(List<Prepared> prepared, Map<Prepared, Spend> spends,
                                           SpendingGate.Admission admission) {
        List<Prepared> admitted = new ArrayList<>();
        for (Prepared p : prepared) {
            DomainError refusal = spends.containsKey(p) ? admission.refusal(spends.get(p)) : null;
            if (refusal == null) {
                admitted.add(p);
            } else {
                p.request().refuse(refusal);
            }
        }
        return admitted;
    }

    /** The source account, which the batch reads and locks: what two batches running at once must not share. */
    static Object lockKey(Request<TransferOut, Transaction> r) {
        return r.command().source();
    }

    /** The accounts the requests name, read once with their owners ({@link AccountReads#preloaded}). */
    private AccountReads.Reads read(PlatformId platform, List<Request<TransferOut, Transaction>> open) {
        Set<InternalAccountId> sources = new LinkedHashSet<>();
        Set<ExternalAccountId> destinations = new LinkedHashSet<>();
        for (Request<TransferOut, Transaction> r : open) {
            sources.add(r.command().source());
            destinations.add(r.command().destination());
        }
        return accounts.preloaded(platform, sources, destinations, List.of());
    }

    /** Checks a transfer-out against its accounts and the platform's limits; refuses it with a 4xx. */
    private OutgoingTransfer prepare(Caller caller, TransferOut command, AccountReads.Reads reads, Instant now) {
        InternalAccount source = TransferRules.requireTransferable(reads.internal(command.source()).requireActive());
        ExternalAccount destination = reads.external(command.destination());
        PlatformConfig config = platforms.find(caller.platformId()).orElseThrow().config();
        Money amount = TransferRules.amount(TransactionType.OUTGOING, source, destination, command.amount(),
                config.currency(source.currency()));
        if (source.customerId() != null) {
            config.requireReady(reads.customer(source.customerId()).orElseThrow());
        }
        TransferRules.requireSameOwner(source, destination, "destination.accountId");
        RailSelection rail = RailSelection.of(destination.accountType(), destination.currency(),
                command.paymentRail());
        UUID id = ids.newId();
        UUID holdId = ids.newId();
        Map<String, Object> details = command.details();
        details.putAll(rail.fields());
        if (caller.onBehalf() != null) {
            details.put("agentId", caller.onBehalf().agentId().toString());
        }
        String platformCustomerId = source.customerId() == null ? null
                : reads.platformCustomerId(source.customerId());
        Transaction t = new Transaction(id, caller.platformId(), TransactionType.OUTGOING, Direction.DEBIT,
                TransactionStatus.PROCESSING, source.customerId(), platformCustomerId,
                TransactionParty.account(source.id().toString(), source.currency()),
                TransactionParty.account(destination.id().toString(), destination.currency()), amount, amount,
                0, EntityId.reference("TX-", id), holdId, null, false, details, null, null, now, now);
        return new OutgoingTransfer(t, source, destination);
    }
}
