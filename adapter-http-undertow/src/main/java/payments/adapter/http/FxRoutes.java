package payments.adapter.http;

import java.util.Map;
import payments.core.fx.Institution;
import payments.core.json.JsonObject;
import payments.ports.fx.CorridorRate;
import payments.ports.fx.DiscoveryService;
import payments.ports.fx.ExchangeRateService;

/** {@code /exchange-rates} and {@code /discoveries}: what a corridor costs and which institutions it reaches. */
public final class FxRoutes {
    private final ExchangeRateService rates;
    private final DiscoveryService discoveries;

    public FxRoutes(ExchangeRateService rates, DiscoveryService discoveries) {
        this.rates = rates;
        this.discoveries = discoveries;
    }

    public void register(Router router) {
        router.get("/exchange-rates", r -> {
            var q = r.query();
            String source = q.string("sourceCurrency");
            var destinations = q.strings("destinationCurrency");
            Long sendingAmount = q.integer("sendingAmount");
            q.done();
            return Response.ok(JsonObject.data(rates.list(r.caller(), source, destinations, sendingAmount),
                    FxRoutes::rate));
        });
        router.get("/discoveries", r -> {
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
