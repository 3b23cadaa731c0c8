package payments.adapter.http.routes;

import static payments.core.json.JsonSchema.anyObject;
import static payments.core.json.JsonSchema.arrayOf;
import static payments.core.json.JsonSchema.decimal;
import static payments.core.json.JsonSchema.integer;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.ref;
import static payments.core.json.JsonSchema.string;
import static payments.core.platform.Permission.TRANSACT;
import static payments.core.platform.Permission.VIEW;

import java.util.Map;
import payments.adapter.http.Idempotent;
import payments.adapter.http.Operation;
import payments.adapter.http.QueryParams;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.adapter.http.Shape;
import payments.core.id.CustomerId;
import payments.core.id.ExternalAccountId;
import payments.core.json.JsonObject;
import payments.core.json.ResourceJson;
import payments.core.money.Currencies;
import payments.core.quote.Lookup;
import payments.core.quote.Quote;
import payments.core.quote.QuoteSchemas;
import payments.core.transaction.TransactionSchemas;
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
    static final Shape LOOKUP = new Shape("ReceiverLookup", object()
            .optional("receiverUmaAddress", string()).optional("accountId", string())
            .required("supportedCurrencies", arrayOf(object().required("currency", ref("Currency"))
                    .optional("estimatedExchangeRate", decimal()).optional("min", integer())
                    .optional("max", integer()).schema()))
            .optional("requiredPayerDataFields", arrayOf(anyObject("A field the receiver asks of the payer")))
            .required("lookupId", string()).schema());
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
        router.get("/receiver/uma/{receiverUmaAddress}", VIEW, lookupOperation("Look up a UMA address"), r -> {
            var sender = sender(r.query());
            return Response.ok(lookup(lookups.lookupUma(r.caller(), r.path("receiverUmaAddress"), sender),
                    "receiverUmaAddress"));
        });
        router.get("/receiver/external-account/{accountId}", VIEW,
                lookupOperation("Look up an external account as a receiver"), r -> {
            var sender = sender(r.query());
            var id = ExternalAccountId.parse("accountId", r.path("accountId"));
            return Response.ok(lookup(lookups.lookupExternalAccount(r.caller(), id, sender), "accountId"));
        });
        // Group commit: the batches take the Idempotency-Key themselves.
        router.postNonBlocking("/quotes", TRANSACT, Operation.of("Create a quote").body(QuoteSchemas.CREATE)
                .idempotent().answers(201, "The quote", Shapes.QUOTE), r -> {
            r.query().done();
            NewQuote command = NewQuote.fromJson(r.body());
            return Idempotent.batched(r, key -> quotes.create(r.caller(), command, key),
                    () -> quotes.create(r.caller(), command), q -> Response.created(ResourceJson.quote(q)));
        });
        router.get("/quotes/{quoteId}", VIEW, Operation.of("Get a quote").answers(200, "The quote", Shapes.QUOTE), r -> {
            r.query().done();
            return Response.ok(ResourceJson.quote(quotes.get(r.caller(), Quote.parseId("quoteId", r.path("quoteId")))));
        });
        router.postNonBlocking("/quotes/{quoteId}/execute", TRANSACT, Operation.of("Execute a quote").idempotent()
                .header(SignedCalls.SIGNATURE, "The embedded wallet's signature, when the quote pays from one")
                .answers(200, "The quote, executing", Shapes.QUOTE), r -> {
            r.query().done();
            var command = new ExecuteQuote(Quote.parseId("quoteId", r.path("quoteId")),
                    r.header(SignedCalls.SIGNATURE));
            return Idempotent.batched(r, key -> quotes.execute(r.caller(), command, key),
                    () -> quotes.execute(r.caller(), command), q -> Response.ok(ResourceJson.quote(q)));
        });
        router.post("/sandbox/send", TRANSACT, Operation.of("Send the real-time payment that funds a quote (sandbox)")
                .body(QuoteSchemas.REALTIME_FUNDING).idempotent()
                .answers(200, "The transaction", Shapes.TRANSACTION), Idempotent.wrap(idempotency, r -> {
            r.query().done();
            return Response.ok(ResourceJson.transaction(quotes.fundRealtime(r.caller(),
                    RealtimeFunding.fromJson(r.body()))));
        }));
        // Asking the platform to approve must not hold the payment's transaction open: it may call back about it.
        router.post("/sandbox/uma/receive", TRANSACT, Operation.of("Receive a UMA payment (sandbox)")
                .body(TransactionSchemas.INCOMING_UMA_PAYMENT).idempotent()
                .answers(200, "The incoming transaction", Shapes.TRANSACTION), Idempotent.wrapThen(idempotency, r -> {
            r.query().done();
            return incomingUma.record(r.caller(), IncomingUmaPayment.fromJson(r.body()));
        }, incomingUma::decide, t -> Response.ok(ResourceJson.transaction(t))));
    }

    private static Operation lookupOperation(String summary) {
        return Operation.of(summary).query("senderUmaAddress", string()).query("customerId", string())
                .answers(200, "What the receiver takes", LOOKUP);
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

}
