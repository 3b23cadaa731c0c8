package payments.core.agent.policy;

/** What an agent's policy lets it do, one operation family each (reference/agents.md). */
public enum AgentPermission {
    VIEW_TRANSACTIONS, CREATE_TRANSFERS, CREATE_QUOTES, EXECUTE_QUOTES, MANAGE_EXTERNAL_ACCOUNTS
}
