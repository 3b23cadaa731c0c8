package payments.ports.agentops;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import payments.core.agent.Agent;
import payments.core.agent.AgentAction;
import payments.core.agent.policy.AgentUsage;
import payments.core.error.Conflict;
import payments.core.error.DomainError;
import payments.core.error.NotFound;
import payments.core.error.Unauthenticated;
import payments.core.id.AgentId;
import payments.core.id.PlatformId;
import payments.core.transaction.Transaction;
import payments.ports.driven.agent.AgentActions;
import payments.ports.driven.agent.Agents;
import payments.ports.spending.Spend;
import payments.ports.spending.SpendingGate;

/**
 * The agents' budgets, applied in each payment's own database transaction: the agents' rows are locked (in id
 * order) for the rest of it, so that payments running at once are counted one after the other and a daily limit
 * that fits k of them admits exactly k. Only what is made is counted; a payment refused afterwards (its balance)
 * counts nothing, and one that fails later gives its amount back.
 */
public final class AgentSpending implements SpendingGate {
    private final Agents agents;
    private final AgentActions actions;

    public AgentSpending(Agents agents, AgentActions actions) {
        this.agents = agents;
        this.actions = actions;
    }

    @Override
    public Admission admit(PlatformId platform, List<Spend> spends, Instant now) {
        Set<AgentId> ids = new LinkedHashSet<>();
        spends.forEach(s -> ids.add(s.agent().agentId()));
        Map<AgentId, Agent> locked = agents.findAllForUpdate(platform, ids);
        Map<AgentId, AgentUsage> tentative = new HashMap<>();
        locked.forEach((id, agent) -> tentative.put(id, agent.usage().asOf(now)));
        Map<Spend, DomainError> refusals = new HashMap<>();
        for (Spend spend : spends) {
            AgentId id = spend.agent().agentId();
            try {
                Agent agent = admissible(locked.get(id), spend);
                tentative.put(id, tentative.get(id).admit(agent.policy().limits(), spend.agent().counted(), now));
            } catch (DomainError refused) {
                refusals.put(spend, refused);
            }
        }
        return new Admission() {
            @Override
            public DomainError refusal(Spend spend) {
                return refusals.get(spend);
            }

            @Override
            public void made(Map<Spend, Transaction> made) {
                record(platform, locked, made, now);
            }
        };
    }

    /**
     * The agent as it may still make a payment: not deleted (401), not paused (403), from its own customer's, and
     * still the version whose policy decided the payment (409 otherwise: the policy changed in between, so the
     * payment is decided again when sent again).
     */
    private static Agent admissible(Agent agent, Spend spend) {
        if (agent == null) {
            throw new Unauthenticated("UNAUTHORIZED", "The agent no longer exists");
        }
        agent.requireActive();
        if (!agent.customerId().equals(spend.owner())) {
            throw new NotFound("REFERENCE_NOT_FOUND", "No account of this agent's customer is named");
        }
        if (spend.agent().decidedAsOf() != null && !spend.agent().decidedAsOf().equals(agent.updatedAt())) {
            throw new Conflict("AGENT_CHANGED", "The agent changed while this payment was being made; nothing "
                    + "moved: send it again to have it decided by the agent's policy as it stands");
        }
        return agent;
    }

    /** Counts what was made against each agent's budget and records the actions with their transactions. */
    private void record(PlatformId platform, Map<AgentId, Agent> locked, Map<Spend, Transaction> made,
                        Instant now) {
        Map<AgentId, AgentUsage> usage = new HashMap<>();
        List<AgentAction> recorded = new ArrayList<>();
        Set<java.util.UUID> approvals = new java.util.HashSet<>();
        made.forEach((spend, t) -> {
            if (spend.agent().approved()) {
                approvals.add(spend.agent().actionId());
            }
            AgentAction action = AgentAction.executed(spend.agent(), spend.type(), spend.quoteId(), t);
            recorded.add(action);
            if (action.countedAt() != null) {
                AgentId id = spend.agent().agentId();
                usage.put(id, usage.getOrDefault(id, locked.get(id).usage().asOf(now)).counting(action.counted()));
            }
        });
        saveUsage(platform, locked, usage);
        actions.insertAll(recorded.stream().filter(a -> !approvals.contains(a.id())).toList());
        actions.updateOutcomes(recorded.stream().filter(a -> approvals.contains(a.id())).toList());
    }

    @Override
    public void failed(PlatformId platform, List<Transaction> failed) {
        List<AgentAction> counted = actions.findByTransactionsForUpdate(platform,
                failed.stream().map(Transaction::id).toList()).stream().filter(a -> a.countedAt() != null).toList();
        if (counted.isEmpty()) {
            return;
        }
        Map<AgentId, Agent> locked = agents.findAllForUpdate(platform,
                counted.stream().map(AgentAction::agentId).distinct().toList());
        Map<AgentId, AgentUsage> usage = new HashMap<>();
        for (AgentAction a : counted) {
            Agent agent = locked.get(a.agentId());
            if (agent != null) {
                usage.put(a.agentId(), usage.getOrDefault(a.agentId(), agent.usage()).givenBack(a.counted(),
                        a.countedAt()));
            }
        }
        saveUsage(platform, locked, usage);
        actions.updateOutcomes(counted.stream().map(AgentAction::uncounted).toList());
    }

    /** The agents' new usage, each as locked with its counters replaced. */
    private void saveUsage(PlatformId platform, Map<AgentId, Agent> locked, Map<AgentId, AgentUsage> usage) {
        agents.updateUsage(platform, usage.entrySet().stream()
                .map(e -> locked.get(e.getKey()).withUsage(e.getValue())).toList());
    }
}
