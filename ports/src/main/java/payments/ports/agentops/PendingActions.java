package payments.ports.agentops;

import payments.core.agent.ActionView;
import payments.core.agent.AgentAction;
import payments.core.platform.Caller;
import payments.core.quote.Quote;
import payments.ports.batch.Idempotency;
import payments.ports.batch.Keyed;
import payments.ports.batch.Sent;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.agent.AgentActions;
import payments.ports.webhook.Events;

/**
 * Agent payments that wait for the platform's approval: recorded with nothing moved, announced by
 * {@code AGENT_ACTION.PENDING_APPROVAL} so that the platform can ask its human, under the request's
 * Idempotency-Key when it has one.
 */
public final class PendingActions {
    private final AgentActions actions;
    private final Events events;
    private final Idempotency idempotency;
    private final TransactionRunner tx;

    public PendingActions(AgentActions actions, Events events, Idempotency idempotency, TransactionRunner tx) {
        this.actions = actions;
        this.events = events;
        this.idempotency = idempotency;
        this.tx = tx;
    }

    ActionView record(AgentAction pending, Quote quote) {
        return tx.inTransaction(() -> insert(pending, quote));
    }

    /** {@link #record} under {@code key}: a repeat gets the first answer. {@code caller}: the agent acting. */
    Sent record(Caller caller, AgentAction pending, Quote quote, Keyed<ActionView> key) {
        return idempotency.execute(caller, key.key(), key.requestHash(),
                () -> key.render().apply(insert(pending, quote)));
    }

    private ActionView insert(AgentAction pending, Quote quote) {
        actions.insert(pending);
        ActionView view = new ActionView(pending, quote, null);
        events.agentAction(view);
        return view;
    }
}
