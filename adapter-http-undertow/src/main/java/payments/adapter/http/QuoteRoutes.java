package payments.adapter.http;

import java.util.Map;
import payments.core.common.CustomerId;
import payments.core.common.ExternalAccountId;
import payments.core.json.JsonObject;
import payments.core.json.ResourceJson;
import payments.core.money.Currencies;
import payments.core.quote.Lookup;
import payments.core.quote.Quote;
import payments.ports.batch.IdempotencyService;
import payments.ports.quote.QuoteCreationBatch;
import payments.ports.quote.QuoteExecution;
import payments.ports.quote.QuoteExecutionBatch;
import payments.ports.quote.QuoteService;
import payments.ports.quote.ReceiverLookupService;
import payments.ports.uma.IncomingUmaService;

/** Receiver lookups, {@code /quotes} (create and execute are idempotent), and the sandbox's payment simulators. */
public final class QuoteRoutes {
    private final ReceiverLookupService lookups;
    private final QuoteService quotes;
    private final QuoteExecution execution;
    private final IncomingUmaService incomingUma;
    private final QuoteCreationBatch creations;
    private final QuoteExecutionBatch executions;
    private final IdempotencyService idempotency;

    public QuoteRoutes(ReceiverLookupService lookups, QuoteService quotes, QuoteExecution execution,
                       IncomingUmaService incomingUma, QuoteCreationBatch creations,
                       QuoteExecutionBatch executions, IdempotencyService idempotency) {
        this.lookups = lookups;
        this.quotes = quotes;
        this.execution = execution;
        this.incomingUma = incomingUma;
        this.creations = creations;
        this.executions = executions;
        this.idempotency = idempotency;
    }

    public void register(Router router) {
        router.get("/receiver/uma/{receiverUmaAddress}", r -> {
            var sender = sender(r.query());
            return Response.ok(lookup(lookups.lookupUma(r.caller(), r.path("receiverUmaAddress"), sender),
                    "receiverUmaAddress"));
        });
        router.get("/receiver/external-account/{accountId}", r -> {
            var sender = sender(r.query());
            var id = ExternalAccountId.parse("accountId", r.path("accountId"));
            return Response.ok(lookup(lookups.lookupExternalAccount(r.caller(), id, sender), "accountId"));
        });
        // Group commit (QuoteCreationBatch, QuoteExecutionBatch) instead of Idempotent.wrap: the key is handled
        // with the batch.
        router.postNonBlocking("/quotes", r -> {
            r.query().done();
            return Idempotent.batched(r, (key, hash) -> creations.create(r.caller(), r.body(), key, hash,
                    q -> Idempotent.stored(Response.created(quote(q)))));
        });
        router.get("/quotes/{quoteId}", r -> {
            r.query().done();
            return Response.ok(quote(quotes.get(r.caller(), Quote.parseId("quoteId", r.path("quoteId")))));
        });
        router.postNonBlocking("/quotes/{quoteId}/execute", r -> {
            r.query().done();
            var quoteId = Quote.parseId("quoteId", r.path("quoteId"));
            return Idempotent.batched(r, (key, hash) -> executions.execute(r.caller(), quoteId,
                    r.header(WalletRoutes.SIGNATURE), key, hash, q -> Idempotent.stored(Response.ok(quote(q)))));
        });
        router.post("/sandbox/send", Idempotent.wrap(idempotency, r -> {
            r.query().done();
            return Response.ok(ResourceJson.transaction(execution.fundRealtime(r.caller(), r.body())));
        }));
        // Asking the platform to approve must not hold the payment's transaction open: it may call back about it.
        router.post("/sandbox/uma/receive", Idempotent.wrapThen(idempotency, r -> {
            r.query().done();
            return incomingUma.record(r.caller(), r.body());
        }, incomingUma::decide, t -> Response.ok(ResourceJson.transaction(t))));
    }

    private static ReceiverLookupService.Sender sender(QueryParams q) {
        String uma = q.string("senderUmaAddress");
        CustomerId customer = q.id("customerId", CustomerId::parse);
        q.done();
        return new ReceiverLookupService.Sender(uma, customer);
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
