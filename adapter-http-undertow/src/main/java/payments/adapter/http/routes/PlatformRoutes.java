package payments.adapter.http.routes;

import static payments.core.json.JsonSchema.anyObject;
import static payments.core.json.JsonSchema.arrayOf;
import static payments.core.json.JsonSchema.bool;
import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.integer;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.string;
import static payments.core.platform.Permission.MANAGE;
import static payments.core.platform.Permission.VIEW;

import java.util.List;
import java.util.Map;
import payments.adapter.http.Operation;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.adapter.http.Shape;
import payments.core.bankrail.BankRail;
import payments.core.id.TokenId;
import payments.core.json.JsonObject;
import payments.core.platform.ApiToken;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.core.platform.PlatformConfig;
import payments.core.platform.PlatformConfigSchemas;
import payments.core.platform.TokenFilter;
import payments.ports.bankrail.BankRailUseCases;
import payments.ports.bankrail.CurrencyRail;
import payments.ports.platform.ConfigUpdate;
import payments.ports.platform.NewToken;
import payments.ports.platform.PlatformUseCases;
import payments.ports.platform.TokenUseCases;
import payments.ports.webhook.WebhookKeyUseCases;

/** {@code /config} and {@code /tokens}. */
final class PlatformRoutes {
    static final Shape TOKEN = new Shape("ApiToken", object().required("id", string()).required("name", string())
            .required("permissions", arrayOf(enumOf(Permission.class))).required("clientId", string())
            .required("createdAt", dateTime()).required("updatedAt", dateTime()).schema());
    static final Shape NEW_TOKEN = new Shape("NewApiToken", object().required("id", string())
            .required("name", string()).required("permissions", arrayOf(enumOf(Permission.class)))
            .required("clientId", string()).required("clientSecret", string())
            .required("createdAt", dateTime()).required("updatedAt", dateTime()).schema());
    static final Shape CONFIG = new Shape("PlatformConfig", object().required("id", string())
            .optional("umaDomain", string()).optional("proxyUmaSubdomain", string())
            .optional("webhookEndpoint", string()).required("webhookPublicKey", string())
            .required("supportedCurrencies", arrayOf(anyObject("A currency the platform uses and its limits")))
            .required("isRegulatedFinancialInstitution", bool())
            .optional("embeddedWalletConfig", anyObject("How the platform's embedded wallets authenticate"))
            .optional("cardTokenization2faConfig", anyObject("How card tokenization is confirmed"))
            .required("feeConfigs", arrayOf(anyObject("The platform's fee for one currency and payment type")))
            .required("requireVerifiedCustomers", bool())
            .required("environment", enumOf(Environment.class))
            .required("rails", arrayOf(object().required("currencyCode", string())
                    .required("rail", enumOf(BankRail.NAME, CurrencyRail.SANDBOX, CurrencyRail.NONE))
                    .optional("cutOffSeconds", integer()).optional("debtorAccount", string()).schema()))
            .required("createdAt", dateTime()).required("updatedAt", dateTime()).schema());
    private final PlatformUseCases platforms;
    private final TokenUseCases tokens;
    private final BankRailUseCases bankRails;
    private final WebhookKeyUseCases webhookKeys;

    PlatformRoutes(PlatformUseCases platforms, TokenUseCases tokens, WebhookKeyUseCases webhookKeys,
                   BankRailUseCases bankRails) {
        this.bankRails = bankRails;
        this.platforms = platforms;
        this.tokens = tokens;
        this.webhookKeys = webhookKeys;
    }

    void register(Router router) {
        router.get("/config", VIEW, Operation.of("Get the platform's configuration")
                .answers(200, "The configuration", CONFIG), r -> {
            r.query().done();
            return Response.ok(config(platforms.config(r.caller()), webhookKeys.publicKey(r.caller()),
                    bankRails.rails(r.caller())));
        });
        router.patch("/config", MANAGE, Operation.of("Update the platform's configuration")
                .body(PlatformConfigSchemas.UPDATE).answers(200, "The configuration", CONFIG), r -> {
            r.query().done();
            var updated = platforms.updateConfig(r.caller(), ConfigUpdate.fromJson(r.body()));
            return Response.ok(config(updated, webhookKeys.publicKey(r.caller()), bankRails.rails(r.caller())));
        });
        router.post("/tokens", MANAGE, Operation.of("Create an API token").body(PlatformConfigSchemas.TOKEN_CREATE)
                .answers(201, "The token with its secret, shown this once", NEW_TOKEN), r -> {
            r.query().done();
            var issued = tokens.create(r.caller(), NewToken.fromJson(r.body()));
            Map<String, Object> body = token(issued.token());
            body.put("clientSecret", issued.secret());
            return Response.created(body);
        });
        router.get("/tokens", VIEW, Operation.of("List API tokens").query("name", string())
                .query("createdAfter", dateTime()).query("createdBefore", dateTime())
                .query("updatedAfter", dateTime()).query("updatedBefore", dateTime()).paged().answersPage(TOKEN), r -> {
            var q = r.query();
            var filter = new TokenFilter(q.string("name"), q.instant("createdAfter"),
                    q.instant("createdBefore"), q.instant("updatedAfter"), q.instant("updatedBefore"));
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(tokens.list(r.caller(), filter, page), PlatformRoutes::token));
        });
        router.get("/tokens/{tokenId}", VIEW, Operation.of("Get an API token")
                .answers(200, "The token", TOKEN), r -> {
            r.query().done();
            return Response.ok(token(tokens.get(r.caller(), TokenId.parse("tokenId", r.path("tokenId")))));
        });
        router.delete("/tokens/{tokenId}", MANAGE, Operation.of("Delete an API token")
                .answersNothing(204, "Deleted"), r -> {
            r.query().done();
            tokens.delete(r.caller(), TokenId.parse("tokenId", r.path("tokenId")));
            return Response.noContent();
        });
    }

    static Map<String, Object> token(ApiToken t) {
        return JsonObject.of().put("id", t.id()).put("name", t.name())
                .put("permissions", t.permissions().stream().map(Enum::name).sorted().toList())
                .put("clientId", t.id().value().toString())
                .put("createdAt", t.createdAt()).put("updatedAt", t.updatedAt()).map();
    }

    /**
     * The spec's PlatformConfig, plus {@code environment}, the {@code webhookPublicKey} (PEM, SPKI) and the rail each
     * currency moves on ({@code rails}).
     */
    static Map<String, Object> config(Platform p, String webhookPublicKey, List<CurrencyRail> rails) {
        PlatformConfig c = p.config();
        return JsonObject.of().put("id", p.id())
                .put("umaDomain", c.umaDomain())
                .put("proxyUmaSubdomain", c.proxyUmaSubdomain())
                .put("webhookEndpoint", c.webhookEndpoint())
                .put("webhookPublicKey", webhookPublicKey)
                .put("supportedCurrencies", c.supportedCurrencies())
                .put("isRegulatedFinancialInstitution", c.regulatedFinancialInstitution())
                .put("embeddedWalletConfig", c.embeddedWalletConfig())
                .put("cardTokenization2faConfig", c.cardTokenization2faConfig())
                .put("feeConfigs", c.feeConfigs() == null ? List.of() : c.feeConfigs())
                .put("requireVerifiedCustomers", c.requireVerifiedCustomers())
                .put("environment", p.environment().name())
                .put("rails", rails.stream().map(r -> JsonObject.of().put("currencyCode", r.currencyCode())
                        .put("rail", r.rail()).put("cutOffSeconds", r.cutOffSeconds())
                        .put("debtorAccount", r.debtorAccount()).map()).toList())
                .put("createdAt", p.createdAt()).put("updatedAt", p.updatedAt()).map();
    }
}
