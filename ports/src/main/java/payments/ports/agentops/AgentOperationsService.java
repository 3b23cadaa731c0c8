package payments.ports.agentops;

import static payments.ports.agentops.ActingAgents.as;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import payments.core.account.ExternalAccount;
import payments.core.account.InternalAccountFilter;
import payments.core.account.InternalAccountView;
import payments.core.agent.ActionFilter;
import payments.core.agent.ActionView;
import payments.core.agent.Agent;
import payments.core.agent.AgentActionStatus;
import payments.core.agent.policy.AgentPermission;
import payments.core.id.ExternalAccountId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.quote.Quote;
import payments.core.transaction.ListedTransaction;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionFilter;
import payments.ports.account.InternalAccountUseCases;
import payments.ports.batch.Keyed;
import payments.ports.batch.Sent;
import payments.ports.driven.account.ExternalAccounts;
import payments.ports.externalaccount.ExternalAccountUseCases;
import payments.ports.externalaccount.NewExternalAccount;
import payments.ports.quote.ExecuteQuote;
import payments.ports.quote.NewQuote;
import payments.ports.quote.QuoteUseCases;
import payments.ports.transaction.TransactionUseCases;
import payments.ports.transfer.TransferIn;
import payments.ports.transfer.TransferOut;

/**
 * {@link AgentOperationsUseCases}: each call reads its agent afresh ({@link ActingAgents}), checks the policy's
 * permission, and runs the platform's own use case as the agent, narrowed to its customer.
 */
public final class AgentOperationsService implements AgentOperationsUseCases {
    private final ActingAgents agents;
    private final AgentPayments payments;
    private final ActionViews views;
    private final TransactionUseCases transactions;
    private final QuoteUseCases quotes;
    private final InternalAccountUseCases internalAccounts;
    private final ExternalAccountUseCases externalAccounts;

    public AgentOperationsService(ActingAgents agents, AgentPayments payments, ActionViews views,
                                  TransactionUseCases transactions, QuoteUseCases quotes,
                                  InternalAccountUseCases internalAccounts,
                                  ExternalAccountUseCases externalAccounts) {
        this.agents = agents;
        this.payments = payments;
        this.views = views;
        this.transactions = transactions;
        this.quotes = quotes;
        this.internalAccounts = internalAccounts;
        this.externalAccounts = externalAccounts;
    }

    @Override
    public Agent me(Caller caller) {
        return agents.require(caller).asOf(payments.now(caller));
    }

    @Override
    public Page<ListedTransaction> transactions(Caller caller, TransactionFilter filter, PageRequest page) {
        Agent agent = agents.require(caller, AgentPermission.VIEW_TRANSACTIONS);
        return transactions.list(as(caller, Permission.VIEW), filter.ofCustomer(agent.customerId()), page);
    }

    @Override
    public Transaction transaction(Caller caller, UUID id) {
        Agent agent = agents.require(caller, AgentPermission.VIEW_TRANSACTIONS);
        Transaction t = transactions.get(as(caller, Permission.VIEW), id);
        if (!agent.customerId().equals(t.customerId())) {
            throw Transaction.notFound(id);
        }
        return t;
    }

    @Override
    public Page<InternalAccountView> internalAccounts(Caller caller, PageRequest page) {
        Agent agent = agents.require(caller, AgentPermission.VIEW_TRANSACTIONS);
        return internalAccounts.listCustomerAccounts(as(caller, Permission.VIEW),
                new InternalAccountFilter(agent.customerId(), null, null), page);
    }

    @Override
    public CompletableFuture<Quote> createQuote(Caller caller, NewQuote command) {
        agents.require(caller, AgentPermission.CREATE_QUOTES);
        return quotes.create(as(caller, Permission.TRANSACT), command);
    }

    @Override
    public CompletableFuture<Sent> createQuote(Caller caller, NewQuote command, Keyed<Quote> key) {
        agents.require(caller, AgentPermission.CREATE_QUOTES);
        return quotes.create(as(caller, Permission.TRANSACT), command, key);
    }

    @Override
    public Quote quote(Caller caller, UUID id) {
        Agent agent = agents.require(caller);
        if (!agent.policy().permissions().contains(AgentPermission.CREATE_QUOTES)) {
            agent.policy().require(AgentPermission.EXECUTE_QUOTES);
        }
        Quote quote = quotes.get(as(caller, Permission.VIEW), id);
        if (!agent.customerId().equals(quote.customerId())) {
            throw Quote.notFound(id);
        }
        return quote;
    }

    @Override
    public CompletableFuture<ActionView> executeQuote(Caller caller, ExecuteQuote command) {
        return payments.executeQuote(caller, command);
    }

    @Override
    public CompletableFuture<Sent> executeQuote(Caller caller, ExecuteQuote command, Keyed<ActionView> key) {
        return payments.executeQuote(caller, command, key);
    }

    @Override
    public ActionView transferIn(Caller caller, TransferIn command) {
        return payments.transferIn(caller, command);
    }

    @Override
    public Sent transferIn(Caller caller, TransferIn command, Keyed<ActionView> key) {
        return payments.transferIn(caller, command, key);
    }

    @Override
    public CompletableFuture<ActionView> transferOut(Caller caller, TransferOut command) {
        return payments.transferOut(caller, command);
    }

    @Override
    public CompletableFuture<Sent> transferOut(Caller caller, TransferOut command, Keyed<ActionView> key) {
        return payments.transferOut(caller, command, key);
    }

    @Override
    public Page<ActionView> actions(Caller caller, AgentActionStatus status, PageRequest page) {
        Agent agent = agents.require(caller);
        return views.list(caller.platformId(), ActionFilter.ofAgent(agent.id(), status), page);
    }

    @Override
    public ActionView action(Caller caller, UUID id) {
        Agent agent = agents.require(caller);
        return views.of(views.find(caller.platformId(), id, ActionFilter.ofAgent(agent.id(), null)));
    }

    @Override
    public Page<ExternalAccount> externalAccounts(Caller caller, String currency, PageRequest page) {
        Agent agent = agents.require(caller, AgentPermission.MANAGE_EXTERNAL_ACCOUNTS);
        return externalAccounts.list(as(caller, Permission.VIEW), false, agent.customerId(), currency, page);
    }

    @Override
    public ExternalAccount createExternalAccount(Caller caller, NewExternalAccount command) {
        Agent agent = agents.require(caller, AgentPermission.MANAGE_EXTERNAL_ACCOUNTS);
        return externalAccounts.create(as(caller, Permission.MANAGE), command.forCustomer(agent.customerId()));
    }

    @Override
    public ExternalAccount externalAccount(Caller caller, ExternalAccountId id) {
        Agent agent = agents.require(caller, AgentPermission.MANAGE_EXTERNAL_ACCOUNTS);
        return own(agent, externalAccounts.get(as(caller, Permission.VIEW), id, false));
    }

    @Override
    public void deleteExternalAccount(Caller caller, ExternalAccountId id) {
        Agent agent = agents.require(caller, AgentPermission.MANAGE_EXTERNAL_ACCOUNTS);
        own(agent, externalAccounts.get(as(caller, Permission.VIEW), id, false));
        externalAccounts.delete(as(caller, Permission.MANAGE), id, false);
    }

    /** The account if it is the agent's customer's; else it does not exist for the agent. */
    private static ExternalAccount own(Agent agent, ExternalAccount account) {
        if (!agent.customerId().equals(account.customerId())) {
            throw ExternalAccounts.notFound(account.id());
        }
        return account;
    }
}
