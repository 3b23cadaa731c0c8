package payments.adapter.http.routes;

import static payments.core.platform.Permission.MANAGE;
import static payments.core.platform.Permission.TRANSACT;
import static payments.core.platform.Permission.VIEW;

import payments.adapter.http.Idempotent;
import payments.adapter.http.Request;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
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
        router.get("/customers/internal-accounts", VIEW, r -> {
            var q = r.query();
            var filter = new InternalAccountFilter(q.id("customerId", CustomerId::parse), q.currency("currency"),
                    q.enumValue("type", InternalAccountType.class));
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(internal.listCustomerAccounts(r.caller(), filter, page),
                    ResourceJson::internalAccount));
        });
        router.get("/platform/internal-accounts", VIEW, r -> {
            var q = r.query();
            String currency = q.currency("currency");
            InternalAccountType type = q.enumValue("type", InternalAccountType.class);
            q.done();
            return Response.ok(JsonObject.data(internal.listPlatformAccounts(r.caller(), currency, type),
                    ResourceJson::internalAccount));
        });
        router.post("/sandbox/internal-accounts/{accountId}/fund", TRANSACT, Idempotent.wrap(idempotency, r -> {
            r.query().done();
            var id = InternalAccountId.parse("accountId", r.path("accountId"));
            return Response.ok(ResourceJson.internalAccount(internal.fund(r.caller(), id,
                    SandboxFunding.fromJson(r.body()))));
        }));
        registerExternal(router, "/customers/external-accounts", false);
        registerExternal(router, "/platform/external-accounts", true);
    }

    private void registerExternal(Router router, String base, boolean platformOwned) {
        router.post(base, MANAGE, r -> {
            r.query().done();
            return Response.created(ResourceJson.externalAccount(external.create(r.caller(),
                    NewExternalAccount.fromJson(r.body(), platformOwned))));
        });
        router.get(base, VIEW, r -> {
            var q = r.query();
            CustomerId customer = platformOwned ? null : q.id("customerId", CustomerId::parse);
            String currency = q.currency("currency");
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(external.list(r.caller(), platformOwned, customer, currency, page),
                    ResourceJson::externalAccount));
        });
        router.get(base + "/{externalAccountId}", VIEW, r -> {
            r.query().done();
            return Response.ok(ResourceJson.externalAccount(external.get(r.caller(), externalId(r), platformOwned)));
        });
        router.delete(base + "/{externalAccountId}", MANAGE, r -> {
            r.query().done();
            external.delete(r.caller(), externalId(r), platformOwned);
            return Response.noContent();
        });
    }

    private static ExternalAccountId externalId(Request r) {
        return ExternalAccountId.parse("externalAccountId", r.path("externalAccountId"));
    }
}
