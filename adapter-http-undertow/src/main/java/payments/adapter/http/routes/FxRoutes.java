package payments.adapter.http.routes;

import static payments.core.platform.Permission.VIEW;

import java.util.Map;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.core.fx.Institution;
import payments.core.json.JsonObject;
import payments.ports.fx.CorridorRate;
import payments.ports.fx.DiscoveryUseCases;
import payments.ports.fx.ExchangeRateUseCases;

/** {@code /exchange-rates} and {@code /discoveries}: what a corridor costs and which institutions it reaches. */
final class FxRoutes {
    private final ExchangeRateUseCases rates;
    private final DiscoveryUseCases discoveries;

    FxRoutes(ExchangeRateUseCases rates, DiscoveryUseCases discoveries) {
        this.rates = rates;
        this.discoveries = discoveries;
    }

    void register(Router router) {
        router.get("/exchange-rates", VIEW, r -> {
            var q = r.query();
            String source = q.string("sourceCurrency");
            var destinations = q.strings("destinationCurrency");
            Long sendingAmount = q.integer("sendingAmount");
            q.done();
            return Response.ok(JsonObject.data(rates.list(r.caller(), source, destinations, sendingAmount),
                    FxRoutes::rate));
        });
        router.get("/discoveries", VIEW, r -> {
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
