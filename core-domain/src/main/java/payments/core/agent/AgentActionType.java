package payments.core.agent;

/** What an agent asked to do. */
public enum AgentActionType {
    EXECUTE_QUOTE, TRANSFER_OUT, TRANSFER_IN
}
