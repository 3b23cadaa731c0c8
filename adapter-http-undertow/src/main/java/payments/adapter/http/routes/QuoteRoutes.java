package payments.adapter.http.routes;

import static payments.core.platform.Permission.TRANSACT;
import static payments.core.platform.Permission.VIEW;

import java.util.Map;
import payments.adapter.http.Idempotent;
import payments.adapter.http.QueryParams;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.core.id.CustomerId;
import payments.core.id.ExternalAccountId;
import payments.core.json.JsonObject;
import payments.core.json.ResourceJson;
import payments.core.money.Currencies;
import payments.core.quote.Lookup;
import payments.core.quote.Quote;
import payments.ports.batch.Idempotency;
import payments.ports.quote.ExecuteQuote;
import payments.ports.quote.LookupSender;
import payments.ports.quote.NewQuote;
import payments.ports.quote.QuoteUseCases;
import payments.ports.quote.RealtimeFunding;
import payments.ports.quote.ReceiverLookupUseCases;
import payments.ports.uma.IncomingUmaPayment;
import payments.ports.uma.IncomingUmaUseCases;

/** Receiver lookups, {@code /quotes} (create and execute are idempotent), and the sandbox's payment simulators. */
final class QuoteRoutes {
    private final ReceiverLookupUseCases lookups;
    private final QuoteUseCases quotes;
    private final IncomingUmaUseCases incomingUma;
    private final Idempotency idempotency;

    QuoteRoutes(ReceiverLookupUseCases lookups, QuoteUseCases quotes, IncomingUmaUseCases incomingUma,
                Idempotency idempotency) {
        this.lookups = lookups;
        this.quotes = quotes;
        this.incomingUma = incomingUma;
        this.idempotency = idempotency;
    }

    void register(Router router) {
        router.get("/receiver/uma/{receiverUmaAddress}", VIEW, r -> {
            var sender = sender(r.query());
            return Response.ok(lookup(lookups.lookupUma(r.caller(), r.path("receiverUmaAddress"), sender),
                    "receiverUmaAddress"));
        });
        router.get("/receiver/external-account/{accountId}", VIEW, r -> {
            var sender = sender(r.query());
            var id = ExternalAccountId.parse("accountId", r.path("accountId"));
            return Response.ok(lookup(lookups.lookupExternalAccount(r.caller(), id, sender), "accountId"));
        });
        // Group commit: the batches take the Idempotency-Key themselves.
        router.postNonBlocking("/quotes", TRANSACT, r -> {
            r.query().done();
            NewQuote command = NewQuote.fromJson(r.body());
            return Idempotent.batched(r, key -> quotes.create(r.caller(), command, key),
                    () -> quotes.create(r.caller(), command), q -> Response.created(quote(q)));
        });
        router.get("/quotes/{quoteId}", VIEW, r -> {
            r.query().done();
            return Response.ok(quote(quotes.get(r.caller(), Quote.parseId("quoteId", r.path("quoteId")))));
        });
        router.postNonBlocking("/quotes/{quoteId}/execute", TRANSACT, r -> {
            r.query().done();
            var command = new ExecuteQuote(Quote.parseId("quoteId", r.path("quoteId")),
                    r.header(SignedCalls.SIGNATURE));
            return Idempotent.batched(r, key -> quotes.execute(r.caller(), command, key),
                    () -> quotes.execute(r.caller(), command), q -> Response.ok(quote(q)));
        });
        router.post("/sandbox/send", TRANSACT, Idempotent.wrap(idempotency, r -> {
            r.query().done();
            return Response.ok(ResourceJson.transaction(quotes.fundRealtime(r.caller(),
                    RealtimeFunding.fromJson(r.body()))));
        }));
        // Asking the platform to approve must not hold the payment's transaction open: it may call back about it.
        router.post("/sandbox/uma/receive", TRANSACT, Idempotent.wrapThen(idempotency, r -> {
            r.query().done();
            return incomingUma.record(r.caller(), IncomingUmaPayment.fromJson(r.body()));
        }, incomingUma::decide, t -> Response.ok(ResourceJson.transaction(t))));
    }

    private static LookupSender sender(QueryParams q) {
        String uma = q.string("senderUmaAddress");
        CustomerId customer = q.id("customerId", CustomerId::parse);
        q.done();
        return new LookupSender(uma, customer);
    }

    static Map<String, Object> lookup(Lookup l, String receiverField) {
        return JsonObject.of().put(receiverField, l.receiver())
                .put("supportedCurrencies", l.supportedCurrencies().stream().map(c -> JsonObject.of()
                        .put("currency", JsonObject.currency(Currencies.of((String) c.get("currencyCode"))))
                        .put("estimatedExchangeRate", c.get("estimatedExchangeRate"))
                        .put("min", c.get("min")).put("max", c.get("max")).map()).toList())
                .put("requiredPayerDataFields", l.requiredPayerDataFields())
                .put("lookupId", l.wireId()).map();
    }

    static Map<String, Object> quote(Quote q) {
        JsonObject json = JsonObject.of().put("id", q.wireId())
                .put("status", q.status().name())
                .put("createdAt", q.createdAt())
                .put("expiresAt", q.expiresAt())
                .put("source", q.source())
                .put("destination", q.destination())
                .put("sendingCurrency", JsonObject.currency(q.totalSending().currency()))
                .put("receivingCurrency", JsonObject.currency(q.totalReceiving().currency()))
                .put("totalSendingAmount", q.totalSending().amountMinor())
                .put("totalReceivingAmount", q.totalReceiving().amountMinor())
                .put("exchangeRate", q.exchangeRate())
                .put("feesIncluded", q.feesMinor())
                .put("platformFeesIncluded", q.platformFeesMinor())
                .put("transactionId", "Transaction:" + q.transactionId());
        q.details().forEach(json::put);
        return json.put("updatedAt", q.updatedAt()).map();
    }
}
