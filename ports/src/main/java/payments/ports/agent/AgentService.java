package payments.ports.agent;

import java.time.Instant;
import payments.core.agent.Agent;
import payments.core.agent.AgentFilter;
import payments.core.agent.policy.AgentPolicy;
import payments.core.agent.policy.AgentUsage;
import payments.core.agent.policy.ToCurrency;
import payments.core.customer.Customer;
import payments.core.id.AgentId;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.agentops.ActingAgents;
import payments.ports.agentops.PolicyRates;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.agent.Agents;
import payments.ports.driven.customer.Customers;

/** {@link AgentUseCases}: each change in one database transaction, the agent locked while it changes. */
public final class AgentService implements AgentUseCases {
    private final Agents agents;
    private final Customers customers;
    private final AgentInstallService install;
    private final PolicyRates rates;
    private final Ids ids;
    private final TransactionRunner tx;
    private final ActingAgents acting;

    /** @param acting told of every change, so that the agent's next payment sees it */
    public AgentService(Agents agents, Customers customers, AgentInstallService install, PolicyRates rates, Ids ids,
                        TransactionRunner tx, ActingAgents acting) {
        this.agents = agents;
        this.customers = customers;
        this.install = install;
        this.rates = rates;
        this.ids = ids;
        this.tx = tx;
        this.acting = acting;
    }

    @Override
    public CreatedAgent create(Caller caller, NewAgent command) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            customers.find(caller.platformId(), command.customerId()).filter(c -> !c.isDeleted())
                    .orElseThrow(() -> Customer.notFound(command.customerId()));
            Instant now = rates.now(caller);
            Agent agent = new Agent(new AgentId(ids.newId()), caller.platformId(), command.customerId(),
                    command.name(), false, false, command.policy(), AgentUsage.none(now), now, now);
            agents.insert(agent);
            return new CreatedAgent(agent, install.issue(caller.platformId(), agent.id(), now));
        });
    }

    @Override
    public Page<Agent> list(Caller caller, AgentFilter filter, PageRequest page) {
        caller.require(Permission.VIEW);
        Instant now = rates.now(caller);
        return agents.list(caller.platformId(), filter, page).map(a -> a.asOf(now));
    }

    @Override
    public Agent get(Caller caller, AgentId id) {
        caller.require(Permission.VIEW);
        return agents.find(caller.platformId(), id).orElseThrow(() -> Agent.notFound(id)).asOf(rates.now(caller));
    }

    @Override
    public Agent update(Caller caller, AgentId id, AgentUpdate command) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            Instant now = rates.now(caller);
            Agent agent = locked(caller, id);
            if (command.name() != null) {
                agent = agent.renamed(command.name(), now);
            }
            if (command.paused() != null) {
                agent = agent.paused(command.paused(), now);
            }
            agents.update(agent);
            acting.forget(id);
            return agent.asOf(now);
        });
    }

    @Override
    public Agent updatePolicy(Caller caller, AgentId id, PolicyUpdate command) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            Instant now = rates.now(caller);
            Agent agent = locked(caller, id);
            AgentPolicy policy = agent.policy().updated(command.changes());
            AgentUsage usage = agent.usage().asOf(now);
            String from = agent.policy().limits().currency();
            String to = policy.limits().currency();
            if (!from.equals(to)) {
                ToCurrency fx = rates.at(caller.environment(), now);
                usage = usage.redenominated(amount -> fx.convert(new Money(amount, Currencies.of(from)), to));
            }
            Agent updated = agent.withPolicy(policy, usage, now);
            agents.update(updated);
            acting.forget(id);
            return updated;
        });
    }

    @Override
    public void delete(Caller caller, AgentId id) {
        caller.require(Permission.MANAGE);
        boolean deleted = tx.inTransaction(() -> agents.delete(caller.platformId(), id));
        install.forget(id);
        acting.forget(id);
        if (!deleted) {
            throw Agent.notFound(id);
        }
    }

    private Agent locked(Caller caller, AgentId id) {
        return agents.findForUpdate(caller.platformId(), id).orElseThrow(() -> Agent.notFound(id));
    }
}
