package payments.adapter.http.routes;

import static payments.core.json.JsonSchema.arrayOf;
import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.decimal;
import static payments.core.json.JsonSchema.integer;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.ref;
import static payments.core.json.JsonSchema.string;
import static payments.core.platform.Permission.VIEW;

import java.util.Map;
import payments.adapter.http.Operation;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.adapter.http.Shape;
import payments.core.fx.Institution;
import payments.core.json.JsonObject;
import payments.ports.fx.CorridorRate;
import payments.ports.fx.DiscoveryUseCases;
import payments.ports.fx.ExchangeRateUseCases;

/** {@code /exchange-rates} and {@code /discoveries}: what a corridor costs and which institutions it reaches. */
final class FxRoutes {
    static final Shape RATE = new Shape("ExchangeRate", object().required("sourceCurrency", ref("Currency"))
            .optional("sendingAmount", integer()).optional("minSendingAmount", integer())
            .optional("maxSendingAmount", integer()).required("destinationCurrency", ref("Currency"))
            .optional("destinationPaymentRail", string()).optional("receivingAmount", integer())
            .required("exchangeRate", decimal())
            .required("fees", object().required("fixed", integer()).required("total", integer()).schema())
            .required("updatedAt", dateTime()).schema());
    static final Shape INSTITUTION = new Shape("Institution", object().required("bankName", string())
            .optional("displayName", string()).required("country", string()).required("currency", string())
            .schema());
    private final ExchangeRateUseCases rates;
    private final DiscoveryUseCases discoveries;

    FxRoutes(ExchangeRateUseCases rates, DiscoveryUseCases discoveries) {
        this.rates = rates;
        this.discoveries = discoveries;
    }

    void register(Router router) {
        router.get("/exchange-rates", VIEW, Operation.of("List exchange rates").query("sourceCurrency", string())
                .query("destinationCurrency", arrayOf(string())).query("sendingAmount", integer())
                .answersList(RATE), r -> {
            var q = r.query();
            String source = q.string("sourceCurrency");
            var destinations = q.strings("destinationCurrency");
            Long sendingAmount = q.integer("sendingAmount");
            q.done();
            return Response.ok(JsonObject.data(rates.list(r.caller(), source, destinations, sendingAmount),
                    FxRoutes::rate));
        });
        router.get("/discoveries", VIEW, Operation.of("List the institutions a corridor reaches")
                .query("country", string()).query("currency", string()).answersList(INSTITUTION), r -> {
            var q = r.query();
            String country = q.string("country");
            String currency = q.string("currency");
            q.done();
            return Response.ok(JsonObject.data(discoveries.find(r.caller(), country, currency),
                    FxRoutes::institution));
        });
    }

    static Map<String, Object> rate(CorridorRate c) {
        return JsonObject.of()
                .put("sourceCurrency", JsonObject.currency(c.sourceCurrency()))
                .put("sendingAmount", c.sendingAmount())
                .put("minSendingAmount", c.minSendingAmount())
                .put("maxSendingAmount", c.maxSendingAmount())
                .put("destinationCurrency", JsonObject.currency(c.destinationCurrency()))
                .put("destinationPaymentRail", c.destinationPaymentRail())
                .put("receivingAmount", c.receivingAmount())
                .put("exchangeRate", c.exchangeRate())
                .put("fees", JsonObject.of().put("fixed", c.fixedFees()).put("total", c.totalFees()))
                .put("updatedAt", c.updatedAt()).map();
    }

    static Map<String, Object> institution(Institution i) {
        return JsonObject.of().put("bankName", i.bankName()).put("displayName", i.displayName())
                .put("country", i.country()).put("currency", i.currency()).map();
    }
}
