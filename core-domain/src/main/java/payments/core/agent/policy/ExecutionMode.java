package payments.core.agent.policy;

/** Whether an agent's payment runs at once or waits for the platform's human to approve it. */
public enum ExecutionMode {
    AUTO, APPROVAL_REQUIRED
}
