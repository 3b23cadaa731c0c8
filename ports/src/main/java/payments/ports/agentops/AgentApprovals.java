package payments.ports.agentops;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import payments.core.agent.ActionFilter;
import payments.core.agent.ActionView;
import payments.core.agent.Agent;
import payments.core.agent.AgentAction;
import payments.core.agent.AgentActionStatus;
import payments.core.error.DomainError;
import payments.core.id.AgentId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.Jobs;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.agent.AgentActions;
import payments.ports.driven.agent.Agents;
import payments.ports.time.JobRunner;
import payments.ports.time.PlatformClock;
import payments.ports.webhook.Events;

/**
 * {@link AgentApprovalUseCases}. An approval first moves the action out of PENDING_APPROVAL in a transaction of its
 * own (so that a second decision, even a concurrent one, is 409 and the payment is made once), then makes the
 * payment as the agent ({@link AgentPayments#approved}); the payment's own transaction records its transaction on
 * the action, or the action fails with the refusal's code. Should the process stop in between, a durable job
 * ({@link #KIND}) fails the action later if it still has no transaction: the payment's transaction writes it, so
 * none was made.
 */
public final class AgentApprovals implements AgentApprovalUseCases, JobRunner.Handler {
    public static final String KIND = "AGENT_APPROVAL";
    /** Far longer than a payment takes to be made once approved. */
    static final long SETTLE_AFTER_SECONDS = 300;
    private final AgentActions actions;
    private final Agents agents;
    private final AgentPayments payments;
    private final ActionViews views;
    private final Events events;
    private final PlatformClock clock;
    private final TransactionRunner tx;
    private final Jobs jobs;

    public AgentApprovals(AgentActions actions, Agents agents, AgentPayments payments, ActionViews views,
                          Events events, PlatformClock clock, TransactionRunner tx, Jobs jobs) {
        this.actions = actions;
        this.agents = agents;
        this.payments = payments;
        this.views = views;
        this.events = events;
        this.clock = clock;
        this.tx = tx;
        this.jobs = jobs;
    }

    @Override
    public Page<ActionView> approvals(Caller caller, ActionFilter filter, PageRequest page) {
        caller.require(Permission.VIEW);
        return views.list(caller.platformId(), new ActionFilter(filter.agentId(), filter.customerId(),
                AgentActionStatus.PENDING_APPROVAL, filter.start(), filter.end(), filter.ascending()), page);
    }

    @Override
    public ActionView approve(Caller caller, AgentId agentId, UUID actionId) {
        caller.require(Permission.TRANSACT);
        AgentAction approving = tx.inTransaction(() -> {
            Instant now = clock.now(caller);
            AgentAction action = pending(caller, agentId, actionId).approving(now);
            actions.update(action);
            jobs.schedule(new Jobs.Job(caller.platformId(), actionId, KIND, Map.of("actionId", actionId.toString()),
                    now.plusSeconds(SETTLE_AFTER_SECONDS), 0));
            return action;
        });
        try {
            Agent agent = agents.find(caller.platformId(), agentId).orElseThrow(() -> Agent.notFound(agentId));
            payments.approved(caller, agent, approving).join();
        } catch (DomainError | CompletionException e) {
            DomainError refusal = e instanceof DomainError d ? d
                    : e.getCause() instanceof DomainError d ? d : null;
            if (refusal == null) {
                throw e;
            }
            return decided(caller, actionId, now -> approving.failed(refusal.code(), now));
        }
        return tx.inTransaction(() -> {
            ActionView view = views.find(caller.platformId(), actionId);
            events.agentAction(view);
            return view;
        });
    }

    /** An approved action whose payment has no transaction by now was never made: it fails. */
    @Override
    public void run(Jobs.Job job, Instant now) {
        UUID id = UUID.fromString((String) job.payload().get("actionId"));
        actions.findForUpdate(job.platform(), id)
                .filter(a -> a.status() == AgentActionStatus.APPROVED && a.transactionId() == null)
                .ifPresent(a -> {
                    AgentAction failed = a.failed("INTERRUPTED", now);
                    actions.update(failed);
                    events.agentAction(views.of(failed));
                });
    }

    @Override
    public ActionView reject(Caller caller, AgentId agentId, UUID actionId, ActionRejection command) {
        caller.require(Permission.TRANSACT);
        return decided(caller, actionId, now -> pending(caller, agentId, actionId).rejected(command.reason(), now));
    }

    /** Saves the action as {@code decide} moves it, announces it, and shows it. */
    private ActionView decided(Caller caller, UUID actionId, java.util.function.Function<Instant, AgentAction> decide) {
        return tx.inTransaction(() -> {
            AgentAction action = decide.apply(clock.now(caller));
            actions.update(action);
            ActionView view = views.of(action);
            events.agentAction(view);
            return view;
        });
    }

    /** The action of that agent, locked, still waiting for a decision (409 otherwise); 404 if there is none. */
    private AgentAction pending(Caller caller, AgentId agentId, UUID actionId) {
        AgentAction action = actions.findForUpdate(caller.platformId(), actionId)
                .filter(a -> a.agentId().equals(agentId)).orElseThrow(() -> AgentAction.notFound(actionId));
        return action.requirePending();
    }
}
