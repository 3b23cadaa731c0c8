package payments.ports.driven.agent;

import java.util.Optional;
import payments.core.agent.AgentDeviceCode;
import payments.core.id.AgentId;
import payments.core.id.PlatformId;

/** Agents' install codes, kept by the hash of their code. */
public interface AgentDeviceCodes {
    void insert(AgentDeviceCode code);

    void update(AgentDeviceCode code);

    /** Marks the agent's codes not yet redeemed as superseded (a fresh one was issued). */
    void supersede(PlatformId platform, AgentId agent);

    Optional<AgentDeviceCode> find(PlatformId platform, String codeHash);

    /** For redemption, across platforms (the code is the only credential): locked until the transaction ends. */
    Optional<AgentDeviceCode> findForRedemption(String codeHash);
}
