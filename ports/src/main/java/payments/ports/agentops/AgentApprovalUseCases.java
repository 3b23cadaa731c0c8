package payments.ports.agentops;

import java.util.UUID;
import payments.core.agent.ActionFilter;
import payments.core.agent.ActionView;
import payments.core.id.AgentId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;

/**
 * The platform's word on its agents' payments that wait for approval: listed (VIEW), approved (the payment is
 * made then, or the action FAILED with the reason it could not be) or rejected (TRANSACT); a second decision is 409.
 * Each decision sends {@code AGENT_ACTION.<status>}.
 */
public interface AgentApprovalUseCases {
    /** The actions waiting for approval, narrowed by {@code filter} (its status is ignored). */
    Page<ActionView> approvals(Caller caller, ActionFilter filter, PageRequest page);

    ActionView approve(Caller caller, AgentId agent, UUID actionId);

    ActionView reject(Caller caller, AgentId agent, UUID actionId, ActionRejection command);
}
