package payments.core.agent;

/** Where an agent's action stands: waiting for the platform, executed, turned down by it, or failed to execute. */
public enum AgentActionStatus {
    PENDING_APPROVAL, APPROVED, REJECTED, FAILED
}
