package payments.ports.transfer;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.account.ExternalAccount;
import payments.core.account.InternalAccount;
import payments.core.agent.AgentActionType;
import payments.core.agent.OnBehalf;
import payments.core.error.DomainError;
import payments.core.id.EntityId;
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
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.platform.Platforms;
import payments.ports.driven.transaction.Transactions;
import payments.ports.spending.Spend;
import payments.ports.spending.SpendingGate;
import payments.ports.time.PlatformClock;

/** Transfer-ins: the rail pulls from the external account, and the internal one is credited once it settles. */
public final class TransferIns {
    private final AccountReads accounts;
    private final Platforms platforms;
    private final Transactions transactions;
    private final TransferOutcomes outcomes;
    private final PlatformClock clock;
    private final Ids ids;
    private final TransactionRunner tx;
    private final SpendingGate gate;

    public TransferIns(AccountReads accounts, Platforms platforms, Transactions transactions, TransferOutcomes outcomes,
                PlatformClock clock, Ids ids, TransactionRunner tx, SpendingGate gate) {
        this.accounts = accounts;
        this.platforms = platforms;
        this.transactions = transactions;
        this.outcomes = outcomes;
        this.clock = clock;
        this.ids = ids;
        this.tx = tx;
        this.gate = gate;
    }

    Transaction transferIn(Caller caller, TransferIn command) {
        return tx.inTransaction(() -> {
            Instant now = clock.now(caller);
            AccountReads.Reads reads = accounts.oneByOne(caller.platformId());
            ExternalAccount source = reads.external(command.source()).requirePullable("source.accountId");
            InternalAccount destination = reads.internal(command.destination()).requireActive();
            PlatformConfig config = platforms.find(caller.platformId()).orElseThrow().config();
            Money amount = TransferRules.amount(TransactionType.INCOMING, destination, source, command.amount(),
                    config.currency(destination.currency()));
            if (destination.customerId() != null) {
                config.requireReady(reads.customer(destination.customerId()).orElseThrow());
            }
            TransferRules.requireSameOwner(destination, source, "source.accountId");
            UUID id = ids.newId();
            Map<String, Object> details = new LinkedHashMap<>();
            if (command.description() != null) {
                details.put("description", command.description());
            }
            OnBehalf agent = caller.onBehalf();
            Spend spend = agent == null ? null
                    : new Spend(agent, AgentActionType.TRANSFER_IN, destination.customerId(), null);
            SpendingGate.Admission admission = agent == null ? SpendingGate.Admission.ALL
                    : gate.admit(caller.platformId(), List.of(spend), now);
            if (agent != null) {
                DomainError refusal = admission.refusal(spend);
                if (refusal != null) {
                    throw refusal;
                }
                details.put("agentId", agent.agentId().toString());
            }
            String platformCustomerId = destination.customerId() == null ? null
                    : reads.platformCustomerId(destination.customerId());
            // A pull: the reference's own example of INCOMING with direction DEBIT (the source is debited).
            Transaction t = new Transaction(id, caller.platformId(), TransactionType.INCOMING, Direction.DEBIT,
                    TransactionStatus.PROCESSING, destination.customerId(), platformCustomerId,
                    TransactionParty.account(source.id().toString(), source.currency()),
                    TransactionParty.account(destination.id().toString(), destination.currency()), amount, amount,
                    0, EntityId.reference("TX-", id), null, null, false, details, null, null, now, now);
            Transaction pulled = outcomes.pull(caller, t, source, now);
            transactions.insert(pulled);
            if (agent != null) {
                admission.made(Map.of(spend, pulled));
            }
            return pulled;
        });
    }
}
