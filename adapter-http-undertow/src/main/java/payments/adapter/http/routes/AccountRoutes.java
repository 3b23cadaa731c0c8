package payments.adapter.http.routes;

import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.string;
import static payments.core.platform.Permission.MANAGE;
import static payments.core.platform.Permission.TRANSACT;
import static payments.core.platform.Permission.VIEW;

import payments.adapter.http.Idempotent;
import payments.adapter.http.Operation;
import payments.adapter.http.Request;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.core.account.AccountSchemas;
import payments.core.account.InternalAccountFilter;
import payments.core.account.InternalAccountType;
import payments.core.id.CustomerId;
import payments.core.id.ExternalAccountId;
import payments.core.id.InternalAccountId;
import payments.core.json.JsonObject;
import payments.core.json.ResourceJson;
import payments.ports.account.InternalAccountUseCases;
import payments.ports.account.SandboxFunding;
import payments.ports.batch.Idempotency;
import payments.ports.externalaccount.ExternalAccountUseCases;
import payments.ports.externalaccount.NewExternalAccount;

/**
 * Internal accounts ({@code /customers/internal-accounts}, {@code /platform/internal-accounts}, sandbox funding) and
 * external accounts of customers and of the platform.
 */
final class AccountRoutes {
    private final InternalAccountUseCases internal;
    private final ExternalAccountUseCases external;
    private final Idempotency idempotency;

    AccountRoutes(InternalAccountUseCases internal, ExternalAccountUseCases external, Idempotency idempotency) {
        this.internal = internal;
        this.external = external;
        this.idempotency = idempotency;
    }

    void register(Router router) {
        router.get("/customers/internal-accounts", VIEW, Operation.of("List customers' internal accounts")
                .query("customerId", string()).query("currency", string())
                .query("type", enumOf(InternalAccountType.class)).paged().answersPage(Shapes.INTERNAL_ACCOUNT), r -> {
            var q = r.query();
            var filter = new InternalAccountFilter(q.id("customerId", CustomerId::parse), q.currency("currency"),
                    q.enumValue("type", InternalAccountType.class));
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(internal.listCustomerAccounts(r.caller(), filter, page),
                    ResourceJson::internalAccount));
        });
        router.get("/platform/internal-accounts", VIEW, Operation.of("List the platform's internal accounts")
                .query("currency", string()).query("type", enumOf(InternalAccountType.class))
                .answersList(Shapes.INTERNAL_ACCOUNT), r -> {
            var q = r.query();
            String currency = q.currency("currency");
            InternalAccountType type = q.enumValue("type", InternalAccountType.class);
            q.done();
            return Response.ok(JsonObject.data(internal.listPlatformAccounts(r.caller(), currency, type),
                    ResourceJson::internalAccount));
        });
        router.post("/sandbox/internal-accounts/{accountId}/fund", TRANSACT,
                Operation.of("Fund an internal account (sandbox)").body(AccountSchemas.SANDBOX_FUNDING).idempotent()
                        .answers(200, "The account, funded", Shapes.INTERNAL_ACCOUNT),
                Idempotent.wrap(idempotency, r -> {
            r.query().done();
            var id = InternalAccountId.parse("accountId", r.path("accountId"));
            return Response.ok(ResourceJson.internalAccount(internal.fund(r.caller(), id,
                    SandboxFunding.fromJson(r.body()))));
        }));
        registerExternal(router, "/customers/external-accounts", false);
        registerExternal(router, "/platform/external-accounts", true);
    }

    private void registerExternal(Router router, String base, boolean platformOwned) {
        String owner = platformOwned ? "the platform's" : "a customer's";
        router.post(base, MANAGE, Operation.of("Add " + owner + " external account")
                .body(platformOwned ? AccountSchemas.PLATFORM_EXTERNAL_ACCOUNT
                        : AccountSchemas.CUSTOMER_EXTERNAL_ACCOUNT)
                .answers(201, "The external account", Shapes.EXTERNAL_ACCOUNT), r -> {
            r.query().done();
            return Response.created(ResourceJson.externalAccount(external.create(r.caller(),
                    NewExternalAccount.fromJson(r.body(), platformOwned))));
        });
        Operation list = Operation.of("List " + (platformOwned ? "the platform's" : "customers'")
                + " external accounts");
        if (!platformOwned) {
            list.query("customerId", string());
        }
        router.get(base, VIEW, list.query("currency", string()).paged().answersPage(Shapes.EXTERNAL_ACCOUNT), r -> {
            var q = r.query();
            CustomerId customer = platformOwned ? null : q.id("customerId", CustomerId::parse);
            String currency = q.currency("currency");
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(external.list(r.caller(), platformOwned, customer, currency, page),
                    ResourceJson::externalAccount));
        });
        router.get(base + "/{externalAccountId}", VIEW, Operation.of("Get " + owner + " external account")
                .answers(200, "The external account", Shapes.EXTERNAL_ACCOUNT), r -> {
            r.query().done();
            return Response.ok(ResourceJson.externalAccount(external.get(r.caller(), externalId(r), platformOwned)));
        });
        router.delete(base + "/{externalAccountId}", MANAGE, Operation.of("Delete " + owner + " external account")
                .answersNothing(204, "Deleted"), r -> {
            r.query().done();
            external.delete(r.caller(), externalId(r), platformOwned);
            return Response.noContent();
        });
    }

    private static ExternalAccountId externalId(Request r) {
        return ExternalAccountId.parse("externalAccountId", r.path("externalAccountId"));
    }
}
