package payments.adapter.http;

import java.util.UUID;
import payments.core.common.CustomerId;
import payments.core.common.EntityId;
import payments.core.common.PlatformId;
import payments.core.json.JsonObject;
import payments.core.json.ResourceJson;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionFilter;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;
import payments.ports.batch.IdempotencyService;
import payments.ports.transaction.TransactionService;
import payments.ports.transfer.TransferOutBatch;
import payments.ports.transfer.TransferService;

/**
 * {@code /transfer-in}, {@code /transfer-out} and {@code /transactions}; the money-moving POSTs and the transactions'
 * transitions honour an Idempotency-Key.
 */
public final class MoneyMovementRoutes {
    private final TransferService transfers;
    private final TransactionService transactions;
    private final IdempotencyService idempotency;
    private final TransferOutBatch transferOuts;

    public MoneyMovementRoutes(TransferService transfers, TransactionService transactions,
                               IdempotencyService idempotency, TransferOutBatch transferOuts) {
        this.transfers = transfers;
        this.transactions = transactions;
        this.idempotency = idempotency;
        this.transferOuts = transferOuts;
    }

    public void register(Router router) {
        router.post("/transfer-in", Idempotent.wrap(idempotency, r -> {
            r.query().done();
            return Response.created(ResourceJson.transaction(transfers.transferIn(r.caller(), r.body())));
        }));
        // Group commit (TransferOutBatch) instead of Idempotent.wrap: the key is handled with the batch.
        router.postNonBlocking("/transfer-out", r -> {
            r.query().done();
            return Idempotent.batched(r, (key, hash) -> transferOuts.transferOut(r.caller(), r.body(), key, hash,
                    t -> Idempotent.stored(Response.created(ResourceJson.transaction(t)))));
        });
        router.get("/transactions", r -> {
            var q = r.query();
            String customer = q.string("customerId");
            boolean platformOwn = customer != null && EntityId.isOfKind(PlatformId.KIND, customer);
            if (platformOwn && !PlatformId.parse("customerId", customer).equals(r.caller().platformId())) {
                throw payments.core.common.InvalidFields.of("customerId",
                        "names another platform; this platform's own id filters its own transactions");
            }
            CustomerId customerId = customer == null || platformOwn ? null
                    : CustomerId.parse("customerId", customer);
            // A platform's own transactions show its id as platformCustomerId too (ResourceJson), so it filters so.
            String platformCustomer = q.string("platformCustomerId");
            String sortOrder = q.string("sortOrder");
            var filter = new TransactionFilter(customerId, platformOwn, platformCustomer,
                    r.caller().platformId().toString().equals(platformCustomer),
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
                    ResourceJson::transaction));
        });
        router.get("/transactions/{transactionId}", r -> {
            r.query().done();
            return Response.ok(ResourceJson.transaction(transactions.get(r.caller(), id(r))));
        });
        // The transitions honour an Idempotency-Key too: cancel refunds and approve credits, and a client retrying a
        // timed-out call should get the first answer, not a 409 for a transition already made.
        router.post("/transactions/{transactionId}/confirm", Idempotent.wrap(idempotency, r -> {
            r.query().done();
            return Response.ok(ResourceJson.transaction(transactions.confirmReceipt(r.caller(), id(r), r.body())));
        }));
        router.post("/transactions/{transactionId}/cancel", Idempotent.wrap(idempotency, r -> {
            r.query().done();
            return Response.ok(ResourceJson.transaction(transactions.cancel(r.caller(), id(r), r.body())));
        }));
        router.post("/transactions/{transactionId}/approve", Idempotent.wrap(idempotency, r -> {
            r.query().done();
            return Response.ok(ResourceJson.transaction(transactions.approve(r.caller(), id(r), r.body())));
        }));
        router.post("/transactions/{transactionId}/reject", Idempotent.wrap(idempotency, r -> {
            r.query().done();
            return Response.ok(ResourceJson.transaction(transactions.reject(r.caller(), id(r), r.body())));
        }));
    }

    private static UUID id(Request r) {
        return Transaction.parseId("transactionId", r.path("transactionId"));
    }
}
