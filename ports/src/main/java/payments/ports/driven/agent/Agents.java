package payments.ports.driven.agent;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import payments.core.agent.Agent;
import payments.core.agent.AgentFilter;
import payments.core.id.AgentId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;

/** Agents of a platform's customers, with the hash of each connected agent's access token. */
public interface Agents {
    void insert(Agent agent);

    /** Saves the agent's name, pause, connection, policy and usage. */
    void update(Agent agent);

    /** Saves the usage of several agents (their other fields as read). */
    void updateUsage(PlatformId platform, Collection<Agent> agents);

    Optional<Agent> find(PlatformId platform, AgentId id);

    /** {@link #find}, locked until the transaction ends. */
    Optional<Agent> findForUpdate(PlatformId platform, AgentId id);

    /** Several agents, locked in id order until the transaction ends (the ones that exist). */
    Map<AgentId, Agent> findAllForUpdate(PlatformId platform, Collection<AgentId> ids);

    Page<Agent> list(PlatformId platform, AgentFilter filter, PageRequest page);

    /** Stores the hash of the agent's access token (its device code was redeemed). */
    void setAccessToken(PlatformId platform, AgentId id, byte[] tokenHash);

    /** For authentication, across platforms: the agent and the hash of its access token, if it has one. */
    Optional<Credentials> findForAuthentication(AgentId id);

    /** Removes the agent and its device codes; its actions stay, as history. False when there was none. */
    boolean delete(PlatformId platform, AgentId id);

    record Credentials(Agent agent, payments.core.platform.Environment environment, byte[] tokenHash) {
    }
}
