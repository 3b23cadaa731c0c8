package payments.adapter.http;

import payments.core.account.InternalAccountFilter;
import payments.core.account.InternalAccountType;
import payments.core.common.CustomerId;
import payments.core.common.ExternalAccountId;
import payments.core.common.InternalAccountId;
import payments.core.json.JsonObject;
import payments.core.json.ResourceJson;
import payments.ports.account.InternalAccountService;
import payments.ports.batch.IdempotencyService;
import payments.ports.externalaccount.ExternalAccountService;

/** Internal accounts ({@code /customers/internal-accounts}, {@code /platform/internal-accounts}, sandbox funding)
 * and external accounts of customers and of the platform. */
public final class AccountRoutes {
    private final InternalAccountService internal;
    private final ExternalAccountService external;
    private final IdempotencyService idempotency;

    public AccountRoutes(InternalAccountService internal, ExternalAccountService external,
                         IdempotencyService idempotency) {
        this.internal = internal;
        this.external = external;
        this.idempotency = idempotency;
    }

    public void register(Router router) {
        router.get("/customers/internal-accounts", r -> {
            var q = r.query();
            var filter = new InternalAccountFilter(q.id("customerId", CustomerId::parse), q.currency("currency"),
                    q.enumValue("type", InternalAccountType.class));
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(internal.listCustomerAccounts(r.caller(), filter, page),
                    ResourceJson::internalAccount));
        });
        router.get("/platform/internal-accounts", r -> {
            var q = r.query();
            String currency = q.currency("currency");
            InternalAccountType type = q.enumValue("type", InternalAccountType.class);
            q.done();
            return Response.ok(JsonObject.data(internal.listPlatformAccounts(r.caller(), currency, type),
                    ResourceJson::internalAccount));
        });
        router.post("/sandbox/internal-accounts/{accountId}/fund", Idempotent.wrap(idempotency, r -> {
            r.query().done();
            var id = InternalAccountId.parse("accountId", r.path("accountId"));
            return Response.ok(ResourceJson.internalAccount(internal.fund(r.caller(), id, r.body())));
        }));
        registerExternal(router, "/customers/external-accounts", false);
        registerExternal(router, "/platform/external-accounts", true);
    }

    private void registerExternal(Router router, String base, boolean platformRoute) {
        router.post(base, r -> {
            r.query().done();
            return Response.created(ResourceJson.externalAccount(external.create(r.caller(), r.body(), platformRoute)));
        });
        router.get(base, r -> {
            var q = r.query();
            CustomerId customer = platformRoute ? null : q.id("customerId", CustomerId::parse);
            String currency = q.currency("currency");
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(external.list(r.caller(), platformRoute, customer, currency, page),
                    ResourceJson::externalAccount));
        });
        router.get(base + "/{externalAccountId}", r -> {
            r.query().done();
            var account = external.get(r.caller(), externalId(r), platformRoute);
            return Response.ok(ResourceJson.externalAccount(account));
        });
        router.delete(base + "/{externalAccountId}", r -> {
            r.query().done();
            external.delete(r.caller(), externalId(r), platformRoute);
            return Response.noContent();
        });
    }

    private static ExternalAccountId externalId(Request r) {
        return ExternalAccountId.parse("externalAccountId", r.path("externalAccountId"));
    }
}
