package payments.ports.agentops;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import payments.core.agent.ActionView;
import payments.core.agent.Agent;
import payments.core.agent.AgentAction;
import payments.core.agent.AgentActionType;
import payments.core.agent.OnBehalf;
import payments.core.agent.policy.AgentPermission;
import payments.core.agent.policy.AgentPolicy;
import payments.core.agent.policy.ToCurrency;
import payments.core.id.InternalAccountId;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.quote.Quote;
import payments.core.transaction.Transaction;
import payments.ports.batch.Idempotency;
import payments.ports.batch.Keyed;
import payments.ports.batch.Sent;
import payments.ports.driven.Ids;
import payments.ports.quote.ExecuteQuote;
import payments.ports.quote.QuoteUseCases;
import payments.ports.transfer.TransferIn;
import payments.ports.transfer.TransferOut;
import payments.ports.transfer.TransferUseCases;

/**
 * An agent's payments: a transfer out or in, or a quote's execution. Each is checked against the agent's policy
 * (its permission, the account, the per-transaction limit) and then recorded to wait for approval, or made at once
 * through the same use cases as the platform's, by a caller acting for the agent: the payment's own database
 * transaction then applies the daily and monthly limits and records the action with its transaction
 * ({@link AgentSpending}).
 */
public final class AgentPayments {
    /**
     * What an agent asks for: a payment of {@code amount} touching its customer's internal {@code account} (null
     * when it touches none: a quote paid from outside), with what the action shows and how to run it later.
     */
    private record Ask(AgentActionType type, InternalAccountId account, Money amount, Quote quote,
                       AgentAction.TransferDetails details, Map<String, Object> request) {
    }

    /** An ask decided: the caller that makes it (counting it against the budget), or the action left to wait. */
    private record Decision(Caller acting, AgentAction pending, Quote quote) {
        boolean waits() {
            return pending != null;
        }
    }

    private final ActingAgents agents;
    private final TransferUseCases transfers;
    private final QuoteUseCases quotes;
    private final PendingActions pending;
    private final ActionViews views;
    private final PolicyRates rates;
    private final Ids ids;
    private final Idempotency idempotency;

    public AgentPayments(ActingAgents agents, TransferUseCases transfers, QuoteUseCases quotes, PendingActions pending,
                  ActionViews views, PolicyRates rates, Ids ids, Idempotency idempotency) {
        this.agents = agents;
        this.transfers = transfers;
        this.quotes = quotes;
        this.pending = pending;
        this.views = views;
        this.rates = rates;
        this.ids = ids;
        this.idempotency = idempotency;
    }

    /** The caller's platform's time, which the policy's counters follow. */
    Instant now(Caller caller) {
        return rates.now(caller);
    }

    CompletableFuture<ActionView> transferOut(Caller caller, TransferOut command) {
        Decision d = decide(caller, AgentPermission.CREATE_TRANSFERS, () -> outgoing(caller, command));
        if (d.waits()) {
            return CompletableFuture.completedFuture(pending.record(d.pending(), null));
        }
        return transfers.transferOut(d.acting(), command).thenApply(t -> made(d, AgentActionType.TRANSFER_OUT, t));
    }

    CompletableFuture<Sent> transferOut(Caller caller, TransferOut command, Keyed<ActionView> key) {
        Decision d = decide(caller, AgentPermission.CREATE_TRANSFERS, () -> outgoing(caller, command));
        if (d.waits()) {
            return CompletableFuture.completedFuture(pending.record(d.acting(), d.pending(), null, key));
        }
        return transfers.transferOut(d.acting(), command, new Keyed<>(key.key(), key.requestHash(),
                t -> key.render().apply(made(d, AgentActionType.TRANSFER_OUT, t))));
    }

    ActionView transferIn(Caller caller, TransferIn command) {
        Decision d = decide(caller, AgentPermission.CREATE_TRANSFERS, () -> incoming(caller, command));
        return d.waits() ? pending.record(d.pending(), null)
                : made(d, AgentActionType.TRANSFER_IN, transfers.transferIn(d.acting(), command));
    }

    Sent transferIn(Caller caller, TransferIn command, Keyed<ActionView> key) {
        Decision d = decide(caller, AgentPermission.CREATE_TRANSFERS, () -> incoming(caller, command));
        if (d.waits()) {
            return pending.record(d.acting(), d.pending(), null, key);
        }
        return idempotency.execute(d.acting(), key.key(), key.requestHash(), () -> key.render().apply(
                made(d, AgentActionType.TRANSFER_IN, transfers.transferIn(d.acting(), command))));
    }

    CompletableFuture<ActionView> executeQuote(Caller caller, ExecuteQuote command) {
        Decision d = decide(caller, AgentPermission.EXECUTE_QUOTES, () -> quoted(caller, command));
        if (d.waits()) {
            return CompletableFuture.completedFuture(pending.record(d.pending(), d.quote()));
        }
        return quotes.execute(d.acting(), command).thenApply(q -> executed(d));
    }

    CompletableFuture<Sent> executeQuote(Caller caller, ExecuteQuote command, Keyed<ActionView> key) {
        Decision d = decide(caller, AgentPermission.EXECUTE_QUOTES, () -> quoted(caller, command));
        if (d.waits()) {
            return CompletableFuture.completedFuture(pending.record(d.acting(), d.pending(), d.quote(), key));
        }
        return quotes.execute(d.acting(), command, new Keyed<>(key.key(), key.requestHash(),
                q -> key.render().apply(executed(d))));
    }

    /**
     * Makes the payment of a pending action the platform approved ({@code platform}: its caller), within the
     * agent's policy as it stands now; completes exceptionally with why it could not be made.
     */
    CompletableFuture<?> approved(Caller platform, Agent agent, AgentAction action) {
        Caller caller = platform.acting(new OnBehalf(agent.id(), agent.customerId()), Set.of());
        agent.requireActive();
        return switch (action.type()) {
            case TRANSFER_OUT -> {
                TransferOut command = TransferOut.fromJson(action.request());
                yield transfers.transferOut(approving(caller, agent, action, command.source(), transferred(action)),
                        command);
            }
            case TRANSFER_IN -> {
                TransferIn command = TransferIn.fromJson(action.request());
                yield CompletableFuture.completedFuture(transfers.transferIn(approving(caller, agent, action,
                        command.destination(), transferred(action)), command));
            }
            case EXECUTE_QUOTE -> {
                Quote quote = quotes.get(ActingAgents.as(caller, Permission.VIEW), action.quoteId());
                yield quotes.execute(approving(caller, agent, action, quote.internalSource().orElse(null),
                        quote.totalSending()), new ExecuteQuote(action.quoteId(),
                        (String) action.request().get("walletSignature")));
            }
        };
    }

    /** The caller that makes an approved action's payment, once the policy as it stands lets it through. */
    private Caller approving(Caller caller, Agent agent, AgentAction action, InternalAccountId account,
                             Money amount) {
        long counted = counted(agent.policy(), account, amount, rates.at(caller));
        return caller.acting(caller.onBehalf().payingApproved(action.id(), counted, agent),
                Set.of(Permission.TRANSACT));
    }

    private static Money transferred(AgentAction action) {
        return new Money(action.transferDetails().amount(), Currencies.of(action.transferDetails().currency()));
    }

    /**
     * What a payment of {@code amount} touching {@code account} counts against the budget, in the policy's currency;
     * 403 when the policy does not allow the account or the amount.
     */
    private static long counted(AgentPolicy policy, InternalAccountId account, Money amount, ToCurrency fx) {
        policy.requireAllowed(account);
        return policy.requireWithinPerTransaction(account, amount, fx);
    }

    private static Map<String, Object> quoteRequest(ExecuteQuote command) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("quoteId", command.quoteId().toString());
        if (command.walletSignature() != null) {
            request.put("walletSignature", command.walletSignature());
        }
        return request;
    }

    private Ask quoted(Caller caller, ExecuteQuote command) {
        Quote quote = quotes.get(ActingAgents.as(caller, Permission.VIEW), command.quoteId());
        if (!caller.onBehalf().customerId().equals(quote.customerId())) {
            throw Quote.notFound(command.quoteId());
        }
        return new Ask(AgentActionType.EXECUTE_QUOTE, quote.internalSource().orElse(null), quote.totalSending(),
                quote, null, quoteRequest(command));
    }

    private Ask outgoing(Caller caller, TransferOut command) {
        ActingAgents.Owned source = agents.ownAccount(caller, command.source());
        return new Ask(AgentActionType.TRANSFER_OUT, source.id(),
                new Money(command.amount(), Currencies.of(source.currency())), null,
                new AgentAction.TransferDetails(command.amount(), source.currency(), source.id().toString(),
                        command.destination().toString()), command.toJson());
    }

    private Ask incoming(Caller caller, TransferIn command) {
        ActingAgents.Owned destination = agents.ownAccount(caller, command.destination());
        return new Ask(AgentActionType.TRANSFER_IN, destination.id(),
                new Money(command.amount(), Currencies.of(destination.currency())), null,
                new AgentAction.TransferDetails(command.amount(), destination.currency(),
                        command.source().toString(), destination.id().toString()), command.toJson());
    }

    /**
     * The agent's policy applied to what it asks: 403 when it may not, else the caller that makes the payment now or
     * the action that waits for approval. The agent is as read in the last second ({@link ActingAgents#recent}): the
     * payment's transaction finds it again, locked, and refuses the payment if it changed meanwhile.
     */
    private Decision decide(Caller caller, AgentPermission permission, java.util.function.Supplier<Ask> asking) {
        Agent agent = agents.recent(caller, permission);
        Ask ask = asking.get();
        ToCurrency fx = rates.at(caller);
        AgentPolicy policy = agent.policy();
        long counted = counted(policy, ask.account(), ask.amount(), fx);
        UUID id = ids.newId();
        OnBehalf paying = caller.onBehalf().paying(id, counted, agent);
        Caller acting = caller.acting(paying, Set.of(Permission.TRANSACT));
        if (!policy.needsApproval(ask.account(), ask.amount(), fx)) {
            return new Decision(acting, null, ask.quote());
        }
        return new Decision(acting, AgentAction.pending(id, caller.platformId(), paying,
                agents.platformCustomerId(caller), ask.type(), ask.quote() == null ? null : ask.quote().id(),
                ask.details(), ask.request(), rates.now(caller)), ask.quote());
    }

    /** The action of a quote executed at once, as the spending gate recorded it (read in its transaction). */
    private ActionView executed(Decision d) {
        return views.find(d.acting().platformId(), d.acting().onBehalf().actionId());
    }

    /** The action of a transfer made at once, as the spending gate recorded it with its transaction. */
    private static ActionView made(Decision d, AgentActionType type, Transaction t) {
        return new ActionView(AgentAction.executed(d.acting().onBehalf(), type, null, t), null, t);
    }
}
