package payments.ports.agentops;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import payments.core.account.InternalAccount;
import payments.core.agent.Agent;
import payments.core.agent.policy.AgentPermission;
import payments.core.error.Unauthenticated;
import payments.core.id.AgentId;
import payments.core.id.CustomerId;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.Clock;
import payments.ports.driven.account.InternalAccounts;
import payments.ports.driven.agent.Agents;
import payments.ports.driven.customer.Customers;
import payments.ports.platform.VerifiedTokens;

/**
 * The agent behind an agent's call: read afresh for each of its reads, so that a deletion (401), a pause (403) and a
 * new policy take effect on its very next one, and for a payment as read in the last second, the payment's own
 * transaction checking it again; and the platform's caller it acts as once its policy let it through.
 */
public final class ActingAgents {
    /** An internal account's owner and currency, which never change: what an agent's payment checks of it. */
    record Owned(InternalAccountId id, CustomerId owner, String currency) {
    }

    /** An account of one platform. */
    private record AccountKey(PlatformId platform, InternalAccountId id) {
    }

    /** An agent as read, until when it may stand in for another read. */
    private record Recent(Agent agent, Instant until) {
    }

    /** Those looked up so far (bounded): an agent pays from the same few accounts again and again. */
    private static final int MAX_OWNED = 100_000;
    private final Map<AccountKey, Owned> owned = new ConcurrentHashMap<>();
    private final Map<AgentId, Recent> recent = new ConcurrentHashMap<>();
    private final Clock clock;
    private final Agents agents;
    private final Customers customers;
    private final InternalAccounts accounts;

    public ActingAgents(Agents agents, Customers customers, InternalAccounts accounts, Clock clock) {
        this.clock = clock;
        this.agents = agents;
        this.customers = customers;
        this.accounts = accounts;
    }

    /**
     * An internal account of the agent's customer; any other does not exist for it (404). Whether the account may pay
     * (its status) is the payment's own check, in its transaction.
     */
    Owned ownAccount(Caller caller, InternalAccountId id) {
        AccountKey key = new AccountKey(caller.platformId(), id);
        Owned account = owned.get(key);
        if (account == null) {
            InternalAccount found = accounts.require(caller.platformId(), id);
            account = new Owned(id, found.customerId(), found.currency());
            if (owned.size() >= MAX_OWNED) {
                owned.clear();
            }
            owned.put(key, account);
        }
        if (!caller.onBehalf().customerId().equals(account.owner())) {
            throw InternalAccounts.notFound(id);
        }
        return account;
    }

    /** The platform's own id for the agent's customer. */
    String platformCustomerId(Caller caller) {
        return customers.find(caller.platformId(), caller.onBehalf().customerId()).orElseThrow()
                .platformCustomerId();
    }

    /**
     * {@link #require}, from the agents read in the last {@link VerifiedTokens#TTL} when this one is among them: for a
     * payment, whose transaction locks the agent and refuses the payment unless the agent is still this version
     * ({@link AgentSpending}). A change made through this process is seen at once ({@link #forget}).
     */
    public Agent recent(Caller caller, AgentPermission permission) {
        if (caller.onBehalf() == null) {
            return require(caller, permission);
        }
        AgentId id = caller.onBehalf().agentId();
        Recent cached = recent.get(id);
        Agent agent;
        if (cached != null && clock.now().isBefore(cached.until())) {
            agent = cached.agent();
        } else {
            agent = require(caller);
            if (recent.size() >= MAX_OWNED) {
                recent.clear();
            }
            recent.put(id, new Recent(agent, clock.now().plus(VerifiedTokens.TTL)));
        }
        agent.requireActive().policy().require(permission);
        return agent;
    }

    /** The agent changed (paused, given a new policy, deleted): its next payment reads it afresh. */
    public void forget(AgentId id) {
        recent.remove(id);
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
