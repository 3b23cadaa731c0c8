package payments.ports.agent;

import payments.core.agent.Agent;
import payments.core.agent.AgentFilter;
import payments.core.id.AgentId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;

/**
 * A platform's agents: created for one of its customers with a policy and a first device code, read (VIEW),
 * renamed, paused and resumed, given a new policy, deleted (MANAGE). A pause, a new policy and a deletion apply to
 * the agent's very next call.
 */
public interface AgentUseCases {
    CreatedAgent create(Caller caller, NewAgent command);

    Page<Agent> list(Caller caller, AgentFilter filter, PageRequest page);

    Agent get(Caller caller, AgentId id);

    Agent update(Caller caller, AgentId id, AgentUpdate command);

    /** The policy with the update applied; a new currency re-denominates the usage counted so far. */
    Agent updatePolicy(Caller caller, AgentId id, PolicyUpdate command);

    /** The agent loses its access at once; its actions stay, as history. */
    void delete(Caller caller, AgentId id);
}
