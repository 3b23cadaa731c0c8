package payments.ports.agent;

import payments.core.agent.Agent;

/** An agent just created, with its first device code. */
public record CreatedAgent(Agent agent, IssuedDeviceCode deviceCode) {
}
