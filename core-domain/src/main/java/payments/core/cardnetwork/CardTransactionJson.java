package payments.core.cardnetwork;

import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.integer;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.ref;
import static payments.core.json.JsonSchema.string;

import java.util.Map;
import payments.core.json.JsonObject;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.transaction.Direction;

/** The JSON of card transactions as the API lists them and the {@code CARD_TRANSACTION.*} webhooks carry them. */
public final class CardTransactionJson {
    private static final Map<String, Object> TALLY = object().required("count", integer())
            .required("totalAmount", integer()).schema();

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

    private CardTransactionJson() {
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
