package payments.adapter.http.routes.card;

import static payments.core.json.JsonSchema.string;
import static payments.core.platform.Permission.MANAGE;
import static payments.core.platform.Permission.VIEW;

import java.util.UUID;
import payments.adapter.http.Operation;
import payments.adapter.http.Request;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.adapter.http.Shape;
import payments.adapter.http.routes.SignedCalls;
import payments.core.card.CardJson;
import payments.core.card.CardSchemas;
import payments.core.card.DelegatedKey;
import payments.core.id.EntityId;
import payments.core.id.InternalAccountId;
import payments.core.json.JsonObject;
import payments.core.json.JsonSchema;
import payments.ports.card.DelegatedKeyUseCases;
import payments.ports.card.NewDelegatedKey;

/**
 * {@code /auth/delegated-keys}: keys the service holds to stamp card payments from an embedded wallet, created by
 * the wallet's signed retry (a 202 per leg, then 201).
 */
public final class DelegatedKeyRoutes {
    private static final Shape KEY = new Shape("DelegatedKey", CardJson.DELEGATED_KEY);
    private static final Shape KEYS = new Shape("DelegatedKeyListResponse", JsonSchema.data(CardJson.DELEGATED_KEY));
    private final DelegatedKeyUseCases keys;

    public DelegatedKeyRoutes(DelegatedKeyUseCases keys) {
        this.keys = keys;
    }

    public void register(Router router) {
        router.post("/auth/delegated-keys", MANAGE, Operation.of("Delegate a key to stamp a card's payments from an "
                + "embedded wallet").body(CardSchemas.DELEGATED_KEY_CREATE).signed(SignedCalls.CHALLENGE)
                .answers(201, "The key, ACTIVE", KEY), r -> {
            r.query().done();
            return SignedCalls.respond(keys.create(r.caller(), NewDelegatedKey.fromJson(r.body()),
                    SignedCalls.of(r)), 201, CardJson::delegatedKey);
        });
        router.get("/auth/delegated-keys", VIEW, Operation.of("List delegated keys").query("accountId", string())
                .query("fundingSourceId", string()).answers(200, "The keys", KEYS), r -> {
            var q = r.query();
            InternalAccountId account = q.id("accountId", InternalAccountId::parse);
            UUID source = q.id("fundingSourceId", (field, text) -> EntityId.parse(DelegatedKey.FUNDING_SOURCE_KIND,
                    field, text));
            q.done();
            return Response.ok(JsonObject.data(keys.list(r.caller(), account, source), CardJson::delegatedKey));
        });
        router.get("/auth/delegated-keys/{id}", VIEW, Operation.of("Get a delegated key")
                .answers(200, "The key", KEY), r -> {
            r.query().done();
            return Response.ok(CardJson.delegatedKey(keys.get(r.caller(), id(r))));
        });
        router.delete("/auth/delegated-keys/{id}", MANAGE, Operation.of("Revoke a delegated key")
                .answersNothing(204, "Revoked"), r -> {
            r.query().done();
            keys.revoke(r.caller(), id(r));
            return Response.noContent();
        });
    }

    private static UUID id(Request r) {
        return DelegatedKey.parseId("id", r.path("id"));
    }
}
