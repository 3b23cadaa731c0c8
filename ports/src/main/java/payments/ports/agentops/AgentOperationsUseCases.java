package payments.ports.agentops;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import payments.core.account.ExternalAccount;
import payments.core.account.InternalAccountView;
import payments.core.agent.ActionView;
import payments.core.agent.Agent;
import payments.core.agent.AgentActionStatus;
import payments.core.id.ExternalAccountId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.quote.Quote;
import payments.core.transaction.ListedTransaction;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionFilter;
import payments.ports.batch.Keyed;
import payments.ports.batch.Sent;
import payments.ports.externalaccount.NewExternalAccount;
import payments.ports.quote.ExecuteQuote;
import payments.ports.quote.NewQuote;
import payments.ports.transfer.TransferIn;
import payments.ports.transfer.TransferOut;

/**
 * What an agent does with its own credentials ({@code /agents/me/**}): the caller is the agent
 * ({@link Caller#onBehalf}), everything it reaches is its customer's (another customer's resource is 404), each
 * operation needs its policy's permission (403), a paused agent is refused (403) and a deleted one is 401. Its
 * payments are the platform's use cases run for it, within its policy: they answer with the {@link ActionView}
 * of the action they record, which waits for approval when the policy says so.
 */
public interface AgentOperationsUseCases {
    Agent me(Caller caller);

    /** VIEW_TRANSACTIONS: the customer's transactions, by the filters of {@code GET /transactions}. */
    Page<ListedTransaction> transactions(Caller caller, TransactionFilter filter, PageRequest page);

    Transaction transaction(Caller caller, UUID id);

    /** VIEW_TRANSACTIONS: the customer's internal accounts. */
    Page<InternalAccountView> internalAccounts(Caller caller, PageRequest page);

    /** CREATE_QUOTES: a quote from the customer's accounts (it does not execute at its creation). */
    CompletableFuture<Quote> createQuote(Caller caller, NewQuote command);

    CompletableFuture<Sent> createQuote(Caller caller, NewQuote command, Keyed<Quote> key);

    /** CREATE_QUOTES or EXECUTE_QUOTES. */
    Quote quote(Caller caller, UUID id);

    /** EXECUTE_QUOTES. */
    CompletableFuture<ActionView> executeQuote(Caller caller, ExecuteQuote command);

    CompletableFuture<Sent> executeQuote(Caller caller, ExecuteQuote command, Keyed<ActionView> key);

    /** CREATE_TRANSFERS. */
    ActionView transferIn(Caller caller, TransferIn command);

    Sent transferIn(Caller caller, TransferIn command, Keyed<ActionView> key);

    /** CREATE_TRANSFERS. */
    CompletableFuture<ActionView> transferOut(Caller caller, TransferOut command);

    CompletableFuture<Sent> transferOut(Caller caller, TransferOut command, Keyed<ActionView> key);

    /** The agent's own actions (no permission needed: it polls their outcome), of {@code status} when given. */
    Page<ActionView> actions(Caller caller, AgentActionStatus status, PageRequest page);

    ActionView action(Caller caller, UUID id);

    /** MANAGE_EXTERNAL_ACCOUNTS for the four external-account operations. */
    Page<ExternalAccount> externalAccounts(Caller caller, String currency, PageRequest page);

    /** The account is registered for the agent's customer ({@code command}'s customer is ignored). */
    ExternalAccount createExternalAccount(Caller caller, NewExternalAccount command);

    ExternalAccount externalAccount(Caller caller, ExternalAccountId id);

    void deleteExternalAccount(Caller caller, ExternalAccountId id);
}
