package payments.adapter.http;

import java.util.LinkedHashMap;
import java.util.Map;
import payments.core.account.AccountInfoSchemas;
import payments.core.account.ExternalAccount;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountType;
import payments.core.common.CustomerId;
import payments.core.common.ExternalAccountId;
import payments.core.common.InternalAccountId;
import payments.ports.app.ExternalAccountService;
import payments.ports.app.InternalAccountService;
import payments.ports.app.InternalAccountView;
import payments.ports.driven.InternalAccounts;

/** Internal accounts ({@code /customers/internal-accounts}, {@code /platform/internal-accounts}, sandbox funding)
 * and external accounts of customers and of the platform. */
public final class AccountRoutes {
    private final InternalAccountService internal;
    private final ExternalAccountService external;

    public AccountRoutes(InternalAccountService internal, ExternalAccountService external) {
        this.internal = internal;
        this.external = external;
    }

    public void register(Router router) {
        router.get("/customers/internal-accounts", r -> {
            var q = r.query();
            var filter = new InternalAccounts.Filter(q.id("customerId", CustomerId::parse), q.currency("currency"),
                    q.enumValue("type", InternalAccountType.class));
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(internal.listCustomerAccounts(r.caller(), filter, page),
                    AccountRoutes::internalAccount));
        });
        router.get("/platform/internal-accounts", r -> {
            var q = r.query();
            String currency = q.currency("currency");
            InternalAccountType type = q.enumValue("type", InternalAccountType.class);
            q.done();
            return Response.ok(JsonObject.data(internal.listPlatformAccounts(r.caller(), currency, type),
                    AccountRoutes::internalAccount));
        });
        router.post("/sandbox/internal-accounts/{accountId}/fund", r -> {
            r.query().done();
            var id = InternalAccountId.parse("accountId", r.path("accountId"));
            return Response.ok(internalAccount(internal.fund(r.caller(), id, r.body())));
        });
        registerExternal(router, "/customers/external-accounts", false);
        registerExternal(router, "/platform/external-accounts", true);
    }

    private void registerExternal(Router router, String base, boolean platformRoute) {
        router.post(base, r -> {
            r.query().done();
            return Response.created(externalAccount(external.create(r.caller(), r.body(), platformRoute)));
        });
        router.get(base, r -> {
            var q = r.query();
            CustomerId customer = platformRoute ? null : q.id("customerId", CustomerId::parse);
            String currency = q.currency("currency");
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(external.list(r.caller(), platformRoute, customer, currency, page),
                    AccountRoutes::externalAccount));
        });
        router.get(base + "/{externalAccountId}", r -> {
            r.query().done();
            return Response.ok(externalAccount(external.get(r.caller(), externalId(r), platformRoute)));
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

    static Map<String, Object> internalAccount(InternalAccountView view) {
        InternalAccount a = view.account();
        return JsonObject.of().put("id", a.id())
                .put("customerId", a.customerId())
                .put("type", a.type().name())
                .put("status", a.status().name())
                .put("balance", JsonObject.amount(a.balance()))
                .put("totalBalance", JsonObject.amount(a.totalBalance()))
                .put("fundingPaymentInstructions", view.fundingPaymentInstructions())
                .put("privateEnabled", a.privateEnabled())
                .put("createdAt", a.createdAt()).put("updatedAt", a.updatedAt()).map();
    }

    static Map<String, Object> externalAccount(ExternalAccount a) {
        Map<String, Object> info = new LinkedHashMap<>(a.accountInfo());
        var rails = AccountInfoSchemas.paymentRails(a.accountType());
        if (!rails.isEmpty()) {
            info.put("paymentRails", rails);
        }
        return JsonObject.of().put("id", a.id())
                .put("customerId", a.customerId())
                .put("status", a.status().name())
                .put("platformAccountId", a.platformAccountId())
                .put("ownershipType", a.ownershipType())
                .put("currency", a.currency())
                .put("defaultUmaDepositAccount", a.isPlatformAccount() ? null : a.defaultUmaDepositAccount())
                .put("beneficiaryVerificationStatus", a.beneficiaryVerification())
                .put("beneficiaryVerifiedData", a.beneficiaryVerifiedName() == null ? null
                        : Map.of("fullName", a.beneficiaryVerifiedName()))
                .put("accountInfo", info)
                .put("createdAt", a.createdAt()).put("updatedAt", a.updatedAt()).map();
    }
}
