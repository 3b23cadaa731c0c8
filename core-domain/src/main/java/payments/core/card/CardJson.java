package payments.core.card;

import static payments.core.json.JsonSchema.arrayOf;
import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.integer;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.ref;
import static payments.core.json.JsonSchema.string;

import java.util.List;
import java.util.Map;
import payments.core.json.JsonObject;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.transaction.Direction;

/**
 * The JSON of cards and card transactions as the API answers them and the {@code CARD.*} and
 * {@code CARD_TRANSACTION.*} webhooks carry them, with their JSON Schema. Never a card's number or code.
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

    public static final Map<String, Object> CARD_TRANSACTION = object().required("type", enumOf("CARD"))
            .required("id", string()).optional("cardId", string()).required("customerId", string())
            .required("platformCustomerId", string()).optional("issuerTransactionToken", string())
            .required("status", enumOf(CardTransactionStatus.class)).required("direction", enumOf(Direction.class))
            .required("merchant", object().required("descriptor", string()).optional("mcc", string())
                    .optional("country", string()).schema())
            .required("authorizedAmount", ref("CurrencyAmount")).optional("settledAmount", ref("CurrencyAmount"))
            .optional("refundedAmount", ref("CurrencyAmount")).required("accountId", string())
            .optional("pullSummary", object().required("count", integer()).required("totalAmount", integer())
                    .optional("pendingCount", integer()).schema())
            .optional("refundSummary", TALLY).optional("settlementSummary", TALLY)
            .required("authorizedAt", dateTime()).optional("lastEventAt", dateTime())
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

    public static Map<String, Object> transaction(CardTransaction t) {
        var currency = Currencies.of(t.currency());
        JsonObject json = JsonObject.of().put("type", "CARD").put("id", t.wireId())
                .put("cardId", t.cardId().toString()).put("customerId", t.customerId().toString())
                .put("platformCustomerId", t.platformCustomerId())
                .put("issuerTransactionToken", t.issuerTransactionToken()).put("status", t.status().name())
                .put("direction", t.direction().name()).put("merchant", t.merchant().json())
                .put("authorizedAmount", JsonObject.amount(new Money(t.authorizedMinor(), currency)))
                .put("settledAmount", JsonObject.amount(new Money(t.settledMinor(), currency)))
                .put("refundedAmount", JsonObject.amount(new Money(t.refundedMinor(), currency)))
                .put("accountId", t.accountId().toString());
        if (t.pulls().count() > 0) {
            json.put("pullSummary", JsonObject.of().put("count", t.pulls().count())
                    .put("totalAmount", t.pulls().totalMinor()).put("pendingCount", t.pendingPulls()));
        }
        return json.put("refundSummary", tally(t.refunds())).put("settlementSummary", tally(t.settlements()))
                .put("authorizedAt", t.authorizedAt()).put("lastEventAt", t.lastEventAt())
                .put("createdAt", t.createdAt()).put("updatedAt", t.updatedAt()).map();
    }

    private static Map<String, Object> tally(CardTransaction.Tally tally) {
        return JsonObject.of().put("count", tally.count()).put("totalAmount", tally.totalMinor()).map();
    }
}
