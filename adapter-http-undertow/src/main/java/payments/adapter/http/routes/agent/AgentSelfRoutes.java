package payments.adapter.http.routes.agent;

import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.string;

import java.util.UUID;
import payments.adapter.http.Idempotent;
import payments.adapter.http.Operation;
import payments.adapter.http.Request;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.adapter.http.routes.MoneyMovementRoutes;
import payments.adapter.http.routes.Shapes;
import payments.adapter.http.routes.SignedCalls;
import payments.core.account.AccountSchemas;
import payments.core.agent.AgentActionStatus;
import payments.core.agent.AgentJson;
import payments.core.id.ExternalAccountId;
import payments.core.json.JsonObject;
import payments.core.json.ResourceJson;
import payments.core.quote.Quote;
import payments.core.quote.QuoteSchemas;
import payments.core.transaction.Transaction;
import payments.core.transfer.TransferSchemas;
import payments.ports.agentops.AgentOperationsUseCases;
import payments.ports.externalaccount.NewExternalAccount;
import payments.ports.quote.ExecuteQuote;
import payments.ports.quote.NewQuote;
import payments.ports.transfer.TransferIn;
import payments.ports.transfer.TransferOut;

/**
 * {@code /agents/me/**}: what an agent does with its own access token (Bearer), for its customer, within its
 * policy. Its payments answer with the action they record; every write honours an Idempotency-Key.
 */
public final class AgentSelfRoutes {
    private final AgentOperationsUseCases agents;

    public AgentSelfRoutes(AgentOperationsUseCases agents) {
        this.agents = agents;
    }

    public void register(Router router) {
        router.get("/agents/me", null, agent("The calling agent").answers(200, "The agent", AgentRoutes.AGENT),
                r -> {
            r.query().done();
            return Response.ok(AgentJson.agent(agents.me(r.caller())));
        });
        router.get("/agents/me/transactions", null,
                MoneyMovementRoutes.listed(agent("List the customer's transactions")), r -> {
            var q = r.query();
            var filter = MoneyMovementRoutes.filter(q);
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(agents.transactions(r.caller(), filter, page),
                    MoneyMovementRoutes::json));
        });
        router.get("/agents/me/transactions/{transactionId}", null, agent("Get a transaction of the customer")
                .answers(200, "The transaction", Shapes.TRANSACTION), r -> {
            r.query().done();
            var id = Transaction.parseId("transactionId", r.path("transactionId"));
            return Response.ok(ResourceJson.transaction(agents.transaction(r.caller(), id)));
        });
        router.get("/agents/me/internal-accounts", null, agent("List the customer's internal accounts").paged()
                .answersPage(Shapes.INTERNAL_ACCOUNT), r -> {
            var q = r.query();
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(agents.internalAccounts(r.caller(), page),
                    ResourceJson::internalAccount));
        });
        router.post("/agents/me/quotes", null, agent("Create a quote from the customer's accounts")
                .body(QuoteSchemas.CREATE).idempotent().answers(201, "The quote", Shapes.QUOTE), r -> {
            r.query().done();
            NewQuote command = NewQuote.fromJson(r.body());
            return Idempotent.batched(r, key -> agents.createQuote(r.caller(), command, key),
                    () -> agents.createQuote(r.caller(), command), q -> Response.created(ResourceJson.quote(q)));
        });
        router.get("/agents/me/quotes/{quoteId}", null, agent("Get a quote of the customer")
                .answers(200, "The quote", Shapes.QUOTE), r -> {
            r.query().done();
            return Response.ok(ResourceJson.quote(agents.quote(r.caller(), quoteId(r))));
        });
        router.post("/agents/me/quotes/{quoteId}/execute", null, agent("Execute a quote, within the policy")
                .idempotent()
                .header(SignedCalls.SIGNATURE, "The embedded wallet's signature, when the quote pays from one")
                .answers(200, "The action: executed, or waiting for approval", AgentRoutes.ACTION), r -> {
            r.query().done();
            r.noBody();
            var command = new ExecuteQuote(quoteId(r), r.header(SignedCalls.SIGNATURE));
            return Idempotent.batched(r, key -> agents.executeQuote(r.caller(), command, key),
                    () -> agents.executeQuote(r.caller(), command), a -> Response.ok(AgentJson.action(a)));
        });
        router.get("/agents/me/actions", null, agent("List the agent's actions")
                .query("status", enumOf(AgentActionStatus.class)).paged().answersPage(AgentRoutes.ACTION), r -> {
            var q = r.query();
            var status = q.enumValue("status", AgentActionStatus.class);
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(agents.actions(r.caller(), status, page), AgentJson::action));
        });
        router.get("/agents/me/actions/{actionId}", null, agent("Get one of the agent's actions")
                .answers(200, "The action", AgentRoutes.ACTION), r -> {
            r.query().done();
            var id = payments.core.agent.AgentAction.parseId("actionId", r.path("actionId"));
            return Response.ok(AgentJson.action(agents.action(r.caller(), id)));
        });
        router.post("/agents/me/transfer-in", null, agent("Move money into the customer's internal account")
                .body(TransferSchemas.TRANSFER_IN).idempotent()
                .answers(201, "The action: executed, or waiting for approval", AgentRoutes.ACTION), r -> {
            r.query().done();
            TransferIn command = TransferIn.fromJson(r.body());
            return Idempotent.batched(r,
                    key -> java.util.concurrent.CompletableFuture.completedFuture(
                            agents.transferIn(r.caller(), command, key)),
                    () -> java.util.concurrent.CompletableFuture.completedFuture(
                            agents.transferIn(r.caller(), command)), a -> Response.created(AgentJson.action(a)));
        });
        router.post("/agents/me/transfer-out", null, agent("Pay out of the customer's internal account")
                .body(TransferSchemas.TRANSFER_OUT).idempotent()
                .answers(201, "The action: executed, or waiting for approval", AgentRoutes.ACTION), r -> {
            r.query().done();
            TransferOut command = TransferOut.fromJson(r.body());
            return Idempotent.batched(r, key -> agents.transferOut(r.caller(), command, key),
                    () -> agents.transferOut(r.caller(), command), a -> Response.created(AgentJson.action(a)));
        });
        router.get("/agents/me/external-accounts", null, agent("List the customer's external accounts")
                .query("currency", string()).paged().answersPage(Shapes.EXTERNAL_ACCOUNT), r -> {
            var q = r.query();
            String currency = q.currency("currency");
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(agents.externalAccounts(r.caller(), currency, page),
                    ResourceJson::externalAccount));
        });
        router.post("/agents/me/external-accounts", null, agent("Add an external account of the customer")
                .body(AccountSchemas.AGENT_EXTERNAL_ACCOUNT)
                .answers(201, "The external account", Shapes.EXTERNAL_ACCOUNT), r -> {
            r.query().done();
            return Response.created(ResourceJson.externalAccount(agents.createExternalAccount(r.caller(),
                    NewExternalAccount.fromAgentJson(r.body()))));
        });
        router.get("/agents/me/external-accounts/{externalAccountId}", null,
                agent("Get an external account of the customer")
                        .answers(200, "The external account", Shapes.EXTERNAL_ACCOUNT), r -> {
            r.query().done();
            return Response.ok(ResourceJson.externalAccount(agents.externalAccount(r.caller(), externalId(r))));
        });
        router.delete("/agents/me/external-accounts/{externalAccountId}", null,
                agent("Delete an external account of the customer").answersNothing(204, "Deleted"), r -> {
            r.query().done();
            agents.deleteExternalAccount(r.caller(), externalId(r));
            return Response.noContent();
        });
    }

    private static Operation agent(String summary) {
        return Operation.of(summary).byAgent();
    }

    private static UUID quoteId(Request r) {
        return Quote.parseId("quoteId", r.path("quoteId"));
    }

    private static ExternalAccountId externalId(Request r) {
        return ExternalAccountId.parse("externalAccountId", r.path("externalAccountId"));
    }
}
