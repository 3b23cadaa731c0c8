package payments.ports.agent;

import payments.core.agent.Agent;

/** A device code redeemed: the agent now connected, and its access token, shown this once. */
public record Redemption(Agent agent, String accessToken) {
}
