package payments.core.card;

import static payments.core.json.JsonSchema.arrayOf;
import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.integer;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.string;

import java.util.List;
import java.util.Map;
import payments.core.json.JsonObject;

/**
 * The JSON of cards as the API answers them and the {@code CARD.*} webhooks carry them, with its JSON Schema.
 * Never a card's number or code.
 */
public final class CardJson {
    private static final Map<String, Object> NULLABLE_INTEGER = Map.of("type", List.of("integer", "null"),
            "format", "int64");
    private static final Map<String, Object> NULLABLE_REASON = Map.of("type", List.of("string", "null"),
            "enum", java.util.Arrays.asList("ISSUER_REJECTED", "CLOSED_BY_PLATFORM", "CLOSED_BY_SERVICE", null));
    private static final Map<String, Object> TALLY = object().required("count", integer())
            .required("totalAmount", integer()).schema();

    public static final Map<String, Object> CARD = object().required("id", string())
            .required("cardholderId", string()).optional("platformCardId", string())
            .required("state", enumOf(CardState.class)).optional("stateReason", NULLABLE_REASON)
            .optional("brand", enumOf(CardBrand.class)).required("form", enumOf(Card.FORM))
            .optional("last4", string()).optional("expMonth", integer()).optional("expYear", integer())
            .required("fundingSources", arrayOf(string()))
            .required("maxSpendPerTransaction", NULLABLE_INTEGER)
            .optional("currency", string()).optional("processorRef", string()).optional("issuerRef", string())
            .required("createdAt", dateTime()).required("updatedAt", dateTime()).schema();

    public static final Map<String, Object> DELEGATED_KEY = object().required("id", string())
            .required("cardId", string()).required("fundingSourceId", string()).required("accountId", string())
            .required("publicKey", string()).required("nickname", string())
            .required("status", enumOf(DelegatedKey.DelegatedKeyStatus.class))
            .required("createdAt", dateTime()).required("updatedAt", dateTime()).schema();

    private CardJson() {
    }

    public static Map<String, Object> card(Card c) {
        Map<String, Object> json = JsonObject.of().put("id", c.id().toString())
                .put("cardholderId", c.cardholderId().toString()).put("platformCardId", c.platformCardId())
                .put("state", c.state().name()).put("stateReason", c.stateReason()).put("brand", c.brand())
                .put("form", Card.FORM).put("last4", c.last4()).put("expMonth", c.expMonth())
                .put("expYear", c.expYear())
                .put("fundingSources", c.fundingSources().stream().map(Object::toString).toList())
                .put("maxSpendPerTransaction", c.maxSpendPerTransaction()).put("currency", c.currency())
                .put("processorRef", c.processorRef()).put("issuerRef", c.issuerRef())
                .put("createdAt", c.createdAt()).put("updatedAt", c.updatedAt()).map();
        json.putIfAbsent("maxSpendPerTransaction", null); // required, null meaning no limit
        return json;
    }

    public static Map<String, Object> delegatedKey(DelegatedKey k) {
        return JsonObject.of().put("id", k.wireId()).put("cardId", k.cardId().toString())
                .put("fundingSourceId", k.fundingSourceId()).put("accountId", k.accountId().toString())
                .put("publicKey", k.publicKey()).put("nickname", k.nickname()).put("status", k.status().name())
                .put("createdAt", k.createdAt()).put("updatedAt", k.updatedAt()).map();
    }
}
