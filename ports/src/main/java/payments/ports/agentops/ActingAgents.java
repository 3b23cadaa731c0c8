package payments.ports.agentops;

import java.util.Set;
import payments.core.account.InternalAccount;
import payments.core.agent.Agent;
import payments.core.agent.policy.AgentPermission;
import payments.core.error.Unauthenticated;
import payments.core.id.InternalAccountId;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.account.InternalAccounts;
import payments.ports.driven.agent.Agents;
import payments.ports.driven.customer.Customers;

/**
 * The agent behind an agent's call, read afresh on every call, so that a deletion (401), a pause (403) and a new
 * policy take effect on its very next one; and the platform's caller it acts as once its policy let it through.
 */
public final class ActingAgents {
    private final Agents agents;
    private final Customers customers;
    private final InternalAccounts accounts;

    public ActingAgents(Agents agents, Customers customers, InternalAccounts accounts) {
        this.agents = agents;
        this.customers = customers;
        this.accounts = accounts;
    }

    /** An internal account of the agent's customer; any other does not exist for it (404). */
    InternalAccount ownAccount(Caller caller, InternalAccountId id) {
        InternalAccount account = accounts.require(caller.platformId(), id);
        if (!caller.onBehalf().customerId().equals(account.customerId())) {
            throw InternalAccounts.notFound(id);
        }
        return account;
    }

    /** The platform's own id for the agent's customer. */
    String platformCustomerId(Caller caller) {
        return customers.find(caller.platformId(), caller.onBehalf().customerId()).orElseThrow()
                .platformCustomerId();
    }

    /** The calling agent, active and granted {@code permission}; 401 for a platform's caller or a deleted agent. */
    Agent require(Caller caller, AgentPermission permission) {
        Agent agent = require(caller);
        agent.policy().require(permission);
        return agent;
    }

    /** The calling agent, active. */
    Agent require(Caller caller) {
        if (caller.onBehalf() == null) {
            throw new Unauthenticated("UNAUTHORIZED", "Agent operations take the agent's own access token");
        }
        return agents.find(caller.platformId(), caller.onBehalf().agentId())
                .orElseThrow(() -> new Unauthenticated("UNAUTHORIZED", "The agent no longer exists"))
                .requireActive();
    }

    /** The caller the agent acts as, with the platform permission one use case needs. */
    static Caller as(Caller agent, Permission permission) {
        return agent.acting(agent.onBehalf(), Set.of(permission));
    }
}
