package payments.core.agent;

import java.time.Instant;
import java.util.Objects;
import payments.core.agent.policy.AgentPolicy;
import payments.core.agent.policy.AgentUsage;
import payments.core.error.Forbidden;
import payments.core.error.NotFound;
import payments.core.id.AgentId;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;

/**
 * Software that acts for one customer of a platform within its {@link AgentPolicy}: {@code connected} once its
 * device code was redeemed (it then holds an access token), {@code paused} while the platform stops it.
 */
public record Agent(AgentId id, PlatformId platformId, CustomerId customerId, String name, boolean paused,
                    boolean connected, AgentPolicy policy, AgentUsage usage, Instant createdAt, Instant updatedAt) {
    public Agent {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(usage, "usage");
    }

    /** Refused (403) while the platform has paused the agent. */
    public Agent requireActive() {
        if (paused) {
            throw new Forbidden("AGENT_PAUSED", "The agent is paused by its platform");
        }
        return this;
    }

    public Agent renamed(String newName, Instant now) {
        return new Agent(id, platformId, customerId, newName, paused, connected, policy, usage, createdAt, now);
    }

    public Agent paused(boolean pause, Instant now) {
        return new Agent(id, platformId, customerId, name, pause, connected, policy, usage, createdAt, now);
    }

    public Agent connected(Instant now) {
        return new Agent(id, platformId, customerId, name, paused, true, policy, usage, createdAt, now);
    }

    public Agent withPolicy(AgentPolicy newPolicy, AgentUsage newUsage, Instant now) {
        return new Agent(id, platformId, customerId, name, paused, connected, newPolicy, newUsage, createdAt, now);
    }

    /** The usage after a payment was counted or given back; {@code updatedAt} stays (the agent did not change). */
    public Agent withUsage(AgentUsage newUsage) {
        return new Agent(id, platformId, customerId, name, paused, connected, policy, newUsage, createdAt, updatedAt);
    }

    /** The agent with its usage as it stands at {@code now} (counters of a day or month gone by start over). */
    public Agent asOf(Instant now) {
        return withUsage(usage.asOf(now));
    }

    public static NotFound notFound(AgentId id) {
        return new NotFound("AGENT_NOT_FOUND", "No agent " + id);
    }
}
