package payments.ports.agent;

import payments.core.agent.AgentDeviceCode;

/** A device code just issued: its {@code code}, shown now (it is kept by its hash), and what is kept of it. */
public record IssuedDeviceCode(String code, AgentDeviceCode deviceCode) {
}
