package payments.ports.driven.agent;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import payments.core.agent.ActionFilter;
import payments.core.agent.AgentAction;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;

/** The actions agents asked for: pending, executed, rejected or failed. */
public interface AgentActions {
    void insert(AgentAction action);

    /** Inserts new actions, in one statement sent with the transaction's next one. */
    void insertAll(List<AgentAction> actions);

    /**
     * Saves what became of each action's payment: its status, its transaction, what it counts and since when (the
     * rows were locked, or are the caller's own).
     */
    void updateOutcomes(List<AgentAction> actions);

    void update(AgentAction action);

    Optional<AgentAction> find(PlatformId platform, UUID id);

    /** {@link #find}, locked until the transaction ends. */
    Optional<AgentAction> findForUpdate(PlatformId platform, UUID id);

    /** The actions that made these transactions, locked until the transaction ends. */
    List<AgentAction> findByTransactionsForUpdate(PlatformId platform, Collection<UUID> transactionIds);

    Page<AgentAction> list(PlatformId platform, ActionFilter filter, PageRequest page);
}
