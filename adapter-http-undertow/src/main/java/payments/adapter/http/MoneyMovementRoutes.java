package payments.adapter.http;

import java.util.Map;
import java.util.UUID;
import payments.core.common.CustomerId;
import payments.core.common.PlatformId;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionParty;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;
import payments.ports.app.IdempotencyService;
import payments.ports.app.TransactionService;
import payments.ports.app.TransferService;
import payments.ports.driven.Transactions;

/** {@code /transfer-in}, {@code /transfer-out} (idempotent) and {@code /transactions}. */
public final class MoneyMovementRoutes {
    private final TransferService transfers;
    private final TransactionService transactions;
    private final IdempotencyService idempotency;

    public MoneyMovementRoutes(TransferService transfers, TransactionService transactions,
                               IdempotencyService idempotency) {
        this.transfers = transfers;
        this.transactions = transactions;
        this.idempotency = idempotency;
    }

    public void register(Router router) {
        router.post("/transfer-in", Idempotent.wrap(idempotency, r -> {
            r.query().done();
            return Response.created(transaction(transfers.transferIn(r.caller(), r.body())));
        }));
        router.post("/transfer-out", Idempotent.wrap(idempotency, r -> {
            r.query().done();
            return Response.created(transaction(transfers.transferOut(r.caller(), r.body())));
        }));
        router.get("/transactions", r -> {
            var q = r.query();
            String customer = q.string("customerId");
            boolean platformOwn = customer != null && customer.startsWith(PlatformId.KIND + ":");
            CustomerId customerId = customer == null || platformOwn ? null
                    : CustomerId.parse("customerId", customer);
            String sortOrder = q.string("sortOrder");
            var filter = new Transactions.Filter(customerId, platformOwn, q.string("platformCustomerId"),
                    q.string("accountIdentifier"), q.string("senderAccountIdentifier"),
                    q.string("receiverAccountIdentifier"), q.enumValue("status", TransactionStatus.class),
                    q.enumValue("type", TransactionType.class), q.string("reference"), q.instant("startDate"),
                    q.instant("endDate"), "asc".equals(sortOrder));
            if (sortOrder != null && !sortOrder.equals("asc") && !sortOrder.equals("desc")) {
                throw payments.core.common.InvalidFields.of("sortOrder", "must be asc or desc");
            }
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(transactions.list(r.caller(), filter, page),
                    MoneyMovementRoutes::transaction));
        });
        router.get("/transactions/{transactionId}", r -> {
            r.query().done();
            return Response.ok(transaction(transactions.get(r.caller(), id(r))));
        });
        router.post("/transactions/{transactionId}/confirm", r -> {
            r.query().done();
            return Response.ok(transaction(transactions.confirmReceipt(r.caller(), id(r), r.body())));
        });
        router.post("/transactions/{transactionId}/cancel", r -> {
            r.query().done();
            return Response.ok(transaction(transactions.cancel(r.caller(), id(r), r.body())));
        });
        router.post("/transactions/{transactionId}/approve", r -> {
            r.query().done();
            return Response.ok(transaction(transactions.approve(r.caller(), id(r), r.body())));
        });
        router.post("/transactions/{transactionId}/reject", r -> {
            r.query().done();
            return Response.ok(transaction(transactions.reject(r.caller(), id(r), r.body())));
        });
    }

    private static UUID id(Request r) {
        return TransactionService.parseId("transactionId", r.path("transactionId"));
    }

    static Map<String, Object> transaction(Transaction t) {
        JsonObject json = JsonObject.of().put("id", t.wireId())
                .put("status", t.status().name())
                .put("type", t.type().name())
                .put("direction", t.direction().name())
                .put("source", party(t.source(), "sourceType"))
                .put("destination", party(t.destination(), "destinationType"))
                .put("customerId", t.customerId())
                .put("platformCustomerId", t.platformCustomerId())
                .put("sentAmount", t.sentAmount() == null ? null : JsonObject.amount(t.sentAmount()))
                .put("receivedAmount", JsonObject.amount(t.receivedAmount()))
                .put("fees", t.feesMinor())
                .put("reconciliationInstructions", t.status() == TransactionStatus.CREATED ? null
                        : Map.of("reference", t.reference()))
                .put("failureReason", t.failureReason())
                .put("settledAt", t.settledAt())
                .put("receiptDeliveryConfirmedAt", t.receiptDeliveryConfirmedAt())
                .put("createdAt", t.createdAt())
                .put("updatedAt", t.updatedAt());
        t.details().forEach(json::put);
        return json.map();
    }

    private static Map<String, Object> party(TransactionParty p, String discriminator) {
        if (p == null) {
            return null;
        }
        return JsonObject.of().put(discriminator, p.kind()).put("accountId", p.accountId())
                .put("umaAddress", p.umaAddress()).put("currency", p.currency()).map();
    }
}
