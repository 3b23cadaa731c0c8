package payments.ports.agentops;

import java.util.UUID;
import payments.core.agent.ActionFilter;
import payments.core.agent.ActionView;
import payments.core.agent.AgentAction;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.agent.AgentActions;
import payments.ports.driven.quote.Quotes;
import payments.ports.driven.transaction.Transactions;

/** Agent actions as the API shows them: with the quote they execute and the transaction they made. */
public final class ActionViews {
    private final AgentActions actions;
    private final Quotes quotes;
    private final Transactions transactions;
    private final TransactionRunner tx;

    public ActionViews(AgentActions actions, Quotes quotes, Transactions transactions, TransactionRunner tx) {
        this.actions = actions;
        this.quotes = quotes;
        this.transactions = transactions;
        this.tx = tx;
    }

    ActionView of(AgentAction a) {
        return new ActionView(a, a.quoteId() == null ? null : quotes.find(a.platformId(), a.quoteId()).orElse(null),
                a.transactionId() == null ? null
                        : transactions.find(a.platformId(), a.transactionId()).orElse(null));
    }

    /** The action as it stands. */
    ActionView find(PlatformId platform, UUID id) {
        return tx.inTransaction(() -> of(actions.find(platform, id).orElseThrow(() -> AgentAction.notFound(id))));
    }

    /** The action, if it is of {@code filter}'s agent (when it names one); else 404. */
    AgentAction find(PlatformId platform, UUID id, ActionFilter filter) {
        AgentAction a = actions.find(platform, id).orElseThrow(() -> AgentAction.notFound(id));
        if (filter.agentId() != null && !filter.agentId().equals(a.agentId())) {
            throw AgentAction.notFound(id);
        }
        return a;
    }

    Page<ActionView> list(PlatformId platform, ActionFilter filter, PageRequest page) {
        return actions.list(platform, filter, page).map(this::of);
    }
}
