package payments.adapter.http.routes.stablecoin;

import static payments.core.json.JsonSchema.enumOf;
import static payments.core.platform.Permission.MANAGE;
import static payments.core.platform.Permission.TRANSACT;
import static payments.core.platform.Permission.VIEW;

import java.util.UUID;
import payments.adapter.http.Idempotent;
import payments.adapter.http.Operation;
import payments.adapter.http.QueryParams;
import payments.adapter.http.Request;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.adapter.http.Shape;
import payments.core.json.JsonObject;
import payments.core.stablecoin.IssuanceStatus;
import payments.core.stablecoin.ProviderAccount;
import payments.core.stablecoin.ProviderAccountStatus;
import payments.core.stablecoin.ServiceOperationsStatus;
import payments.core.stablecoin.Stablecoin;
import payments.core.stablecoin.StablecoinFilter;
import payments.core.stablecoin.StablecoinJson;
import payments.core.stablecoin.StablecoinSchemas;
import payments.core.stablecoin.operation.OperationType;
import payments.core.stablecoin.operation.StablecoinOperation;
import payments.core.validation.Types;
import payments.ports.batch.Idempotency;
import payments.ports.stablecoin.LinkProviderAccount;
import payments.ports.stablecoin.NewBurn;
import payments.ports.stablecoin.NewMint;
import payments.ports.stablecoin.RegisterStablecoin;
import payments.ports.stablecoin.StablecoinUseCases;

/**
 * {@code /stablecoin-provider-accounts}, {@code /stablecoins} and {@code /stablecoin-operations}: links to the
 * provider, registered coins, their mints and burns. Every create requires an {@code Idempotency-Key}.
 */
public final class StablecoinRoutes {
    static final Shape PROVIDER_ACCOUNT = new Shape("StablecoinProviderAccount", StablecoinJson.PROVIDER_ACCOUNT);
    static final Shape STABLECOIN = new Shape("Stablecoin", StablecoinJson.STABLECOIN);
    static final Shape OPERATION = new Shape("StablecoinOperation", StablecoinJson.OPERATION);

    private final StablecoinUseCases stablecoins;
    private final Idempotency idempotency;

    public StablecoinRoutes(StablecoinUseCases stablecoins, Idempotency idempotency) {
        this.stablecoins = stablecoins;
        this.idempotency = idempotency;
    }

    public void register(Router router) {
        registerProviderAccounts(router);
        router.post("/stablecoins", MANAGE, Operation.of("Register a stablecoin created at the provider")
                .body(StablecoinSchemas.REGISTER).idempotencyKeyRequired()
                .answers(201, "The stablecoin, PENDING_REVIEW", STABLECOIN),
                Idempotent.required(idempotency, MANAGE, r -> {
                    r.query().done();
                    return Response.created(StablecoinJson.stablecoin(stablecoins.register(r.caller(),
                            RegisterStablecoin.fromJson(r.body()))));
                }));
        router.get("/stablecoins", VIEW, Operation.of("List stablecoins")
                .query("issuanceStatus", enumOf(IssuanceStatus.class))
                .query("serviceOperationsStatus", enumOf(ServiceOperationsStatus.class))
                .query("provider", enumOf(ProviderAccount.PROVIDER)).paged().answersPage(STABLECOIN), r -> {
            QueryParams q = r.query();
            var filter = new StablecoinFilter(q.enumValue("issuanceStatus", IssuanceStatus.class),
                    q.enumValue("serviceOperationsStatus", ServiceOperationsStatus.class));
            provider(q);
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(stablecoins.list(r.caller(), filter, page),
                    StablecoinJson::stablecoin));
        });
        router.get("/stablecoins/{stablecoinId}", VIEW, Operation.of("Get a stablecoin")
                .answers(200, "The stablecoin", STABLECOIN), r -> {
            r.query().done();
            return Response.ok(StablecoinJson.stablecoin(stablecoins.get(r.caller(), stablecoinId(r))));
        });
        registerOperations(router);
    }

    private void registerProviderAccounts(Router router) {
        router.post("/stablecoin-provider-accounts", MANAGE, Operation.of("Link an account at the stablecoin "
                + "provider").body(StablecoinSchemas.LINK).idempotencyKeyRequired()
                .answers(201, "The link, with the provider's word on its credentials", PROVIDER_ACCOUNT),
                Idempotent.required(idempotency, MANAGE, r -> {
                    r.query().done();
                    return Response.created(StablecoinJson.providerAccount(stablecoins.link(r.caller(),
                            LinkProviderAccount.fromJson(r.body()))));
                }));
        router.get("/stablecoin-provider-accounts", VIEW, Operation.of("List stablecoin provider accounts")
                .query("provider", enumOf(ProviderAccount.PROVIDER))
                .query("status", enumOf(ProviderAccountStatus.class)).paged().answersPage(PROVIDER_ACCOUNT), r -> {
            QueryParams q = r.query();
            provider(q);
            var status = q.enumValue("status", ProviderAccountStatus.class);
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(stablecoins.providerAccounts(r.caller(), status, page),
                    StablecoinJson::providerAccount));
        });
        router.get("/stablecoin-provider-accounts/{stablecoinProviderAccountId}", VIEW,
                Operation.of("Get a stablecoin provider account").answers(200, "The link", PROVIDER_ACCOUNT), r -> {
            r.query().done();
            return Response.ok(StablecoinJson.providerAccount(stablecoins.providerAccount(r.caller(),
                    ProviderAccount.parseId("stablecoinProviderAccountId", r.path("stablecoinProviderAccountId")))));
        });
    }

    private void registerOperations(Router router) {
        router.post("/stablecoins/{stablecoinId}/mints", TRANSACT, Operation.of("Mint tokens of a stablecoin")
                .body(StablecoinSchemas.MINT).idempotencyKeyRequired()
                .answers(201, "The mint, as the provider took it", OPERATION),
                Idempotent.required(idempotency, TRANSACT, r -> {
                    r.query().done();
                    UUID coin = stablecoinId(r);
                    return Response.created(StablecoinJson.operation(stablecoins.mint(r.caller(), coin,
                            NewMint.fromJson(r.body()))));
                }));
        router.post("/stablecoins/{stablecoinId}/burns", TRANSACT, Operation.of("Burn tokens of a stablecoin, "
                + "their fiat value paid out").body(StablecoinSchemas.BURN).idempotencyKeyRequired()
                .answers(201, "The burn, as the provider took it", OPERATION),
                Idempotent.required(idempotency, TRANSACT, r -> {
                    r.query().done();
                    UUID coin = stablecoinId(r);
                    return Response.created(StablecoinJson.operation(stablecoins.burn(r.caller(), coin,
                            NewBurn.fromJson(r.body()))));
                }));
        router.get("/stablecoins/{stablecoinId}/operations", VIEW, Operation.of("List a stablecoin's mints and "
                + "burns").query("operationType", enumOf(OperationType.class)).paged().answersPage(OPERATION), r -> {
            UUID coin = stablecoinId(r);
            QueryParams q = r.query();
            var type = q.enumValue("operationType", OperationType.class);
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(stablecoins.operations(r.caller(), coin, type, page),
                    StablecoinJson::operation));
        });
        router.get("/stablecoin-operations/{stablecoinOperationId}", VIEW, Operation.of("Get a mint or burn")
                .answers(200, "The operation", OPERATION), r -> {
            r.query().done();
            return Response.ok(StablecoinJson.operation(stablecoins.operation(r.caller(),
                    StablecoinOperation.parseId("stablecoinOperationId", r.path("stablecoinOperationId")))));
        });
    }

    /** {@code provider}: checked, and it narrows nothing (the reference's enum has one value). */
    private static void provider(QueryParams q) {
        q.checked("provider", Types.oneOf(ProviderAccount.PROVIDER));
    }

    private static UUID stablecoinId(Request r) {
        return Stablecoin.parseId("stablecoinId", r.path("stablecoinId"));
    }
}
