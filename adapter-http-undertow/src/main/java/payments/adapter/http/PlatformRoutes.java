package payments.adapter.http;

import java.util.List;
import java.util.Map;
import payments.core.common.TokenId;
import payments.core.json.JsonObject;
import payments.core.platform.ApiToken;
import payments.core.platform.Platform;
import payments.core.platform.PlatformConfig;
import payments.core.platform.TokenFilter;
import payments.ports.platform.PlatformService;
import payments.ports.platform.TokenService;
import payments.ports.webhook.WebhookKeyService;

/** {@code /config} and {@code /tokens}. */
public final class PlatformRoutes {
    private final PlatformService platforms;
    private final TokenService tokens;
    private final WebhookKeyService webhookKeys;

    public PlatformRoutes(PlatformService platforms, TokenService tokens, WebhookKeyService webhookKeys) {
        this.platforms = platforms;
        this.tokens = tokens;
        this.webhookKeys = webhookKeys;
    }

    public void register(Router router) {
        router.get("/config", r -> {
            r.query().done();
            return Response.ok(config(platforms.config(r.caller()), webhookKeys.publicKey(r.caller())));
        });
        router.patch("/config", r -> {
            r.query().done();
            var updated = platforms.updateConfig(r.caller(), r.body());
            return Response.ok(config(updated, webhookKeys.publicKey(r.caller())));
        });
        router.post("/tokens", r -> {
            r.query().done();
            var issued = tokens.create(r.caller(), r.body());
            Map<String, Object> body = token(issued.token());
            body.put("clientSecret", issued.secret());
            return Response.created(body);
        });
        router.get("/tokens", r -> {
            var q = r.query();
            var filter = new TokenFilter(q.string("name"), q.instant("createdAfter"),
                    q.instant("createdBefore"), q.instant("updatedAfter"), q.instant("updatedBefore"));
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(tokens.list(r.caller(), filter, page), PlatformRoutes::token));
        });
        router.get("/tokens/{tokenId}", r -> {
            r.query().done();
            return Response.ok(token(tokens.get(r.caller(), TokenId.parse("tokenId", r.path("tokenId")))));
        });
        router.delete("/tokens/{tokenId}", r -> {
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

    /** The spec's PlatformConfig, plus {@code environment} and the {@code webhookPublicKey} (PEM, SPKI). */
    static Map<String, Object> config(Platform p, String webhookPublicKey) {
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
                .put("environment", p.environment().name())
                .put("createdAt", p.createdAt()).put("updatedAt", p.updatedAt()).map();
    }
}
