package payments.adapter.http.routes;

import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.string;
import static payments.core.platform.Permission.TRANSACT;
import static payments.core.platform.Permission.VIEW;

import java.util.UUID;
import payments.adapter.http.Idempotent;
import payments.adapter.http.Operation;
import payments.adapter.http.QueryParams;
import payments.adapter.http.Request;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.core.cardnetwork.CardTransaction;
import payments.core.cardnetwork.CardTransactionJson;
import payments.core.error.InvalidFields;
import payments.core.id.CustomerId;
import payments.core.id.EntityId;
import payments.core.id.PlatformId;
import payments.core.json.JsonObject;
import payments.core.json.ResourceJson;
import payments.core.transaction.ListedTransaction;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionFilter;
import payments.core.transaction.TransactionSchemas;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;
import payments.core.transfer.TransferSchemas;
import payments.ports.batch.Idempotency;
import payments.ports.transaction.Approval;
import payments.ports.transaction.Cancellation;
import payments.ports.transaction.ReceiptConfirmation;
import payments.ports.transaction.Rejection;
import payments.ports.transaction.TransactionUseCases;
import payments.ports.transfer.TransferIn;
import payments.ports.transfer.TransferOut;
import payments.ports.transfer.TransferUseCases;

/**
 * {@code /transfer-in}, {@code /transfer-out} and {@code /transactions}; the money-moving POSTs and the transactions'
 * transitions honour an Idempotency-Key.
 */
public final class MoneyMovementRoutes {
    private final TransferUseCases transfers;
    private final TransactionUseCases transactions;
    private final Idempotency idempotency;

    MoneyMovementRoutes(TransferUseCases transfers, TransactionUseCases transactions, Idempotency idempotency) {
        this.transfers = transfers;
        this.transactions = transactions;
        this.idempotency = idempotency;
    }

    void register(Router router) {
        router.post("/transfer-in", TRANSACT, Operation.of("Move money into an internal account")
                .body(TransferSchemas.TRANSFER_IN).idempotent()
                .answers(201, "The transaction", Shapes.TRANSACTION), Idempotent.wrap(idempotency, r -> {
            r.query().done();
            return Response.created(ResourceJson.transaction(transfers.transferIn(r.caller(),
                    TransferIn.fromJson(r.body()))));
        }));
        // Group commit: the batch takes the Idempotency-Key itself.
        router.postNonBlocking("/transfer-out", TRANSACT, Operation.of("Pay out of an internal account")
                .body(TransferSchemas.TRANSFER_OUT).idempotent()
                .answers(201, "The transaction", Shapes.TRANSACTION), r -> {
            r.query().done();
            TransferOut command = TransferOut.fromJson(r.body());
            return Idempotent.batched(r, key -> transfers.transferOut(r.caller(), command, key),
                    () -> transfers.transferOut(r.caller(), command),
                    t -> Response.created(ResourceJson.transaction(t)));
        });
        router.get("/transactions", VIEW, listed(Operation.of("List transactions")
                .query("customerId", string()).query("platformCustomerId", string())), r -> {
            var q = r.query();
            String customer = q.string("customerId");
            boolean platformOwn = customer != null && EntityId.isOfKind(PlatformId.KIND, customer);
            if (platformOwn && !PlatformId.parse("customerId", customer).equals(r.caller().platformId())) {
                throw InvalidFields.of("customerId",
                        "names another platform; this platform's own id filters its own transactions");
            }
            CustomerId customerId = customer == null || platformOwn ? null
                    : CustomerId.parse("customerId", customer);
            // A platform's own transactions show its id as platformCustomerId too (ResourceJson), so it filters so.
            String platformCustomer = q.string("platformCustomerId");
            var filter = filter(q).ofCustomer(customerId, platformOwn, platformCustomer,
                    r.caller().platformId().toString().equals(platformCustomer));
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(transactions.list(r.caller(), filter, page),
                    MoneyMovementRoutes::json));
        });
        router.get("/transactions/{transactionId}", VIEW, Operation.of("Get a transaction or a card transaction")
                .answers(200, "The transaction", Shapes.ANY_TRANSACTION), r -> {
            r.query().done();
            String id = r.path("transactionId");
            if (EntityId.isOfKind(CardTransaction.KIND, id)) {
                return Response.ok(CardTransactionJson.transaction(transactions.getCard(r.caller(),
                        CardTransaction.parseId("transactionId", id))));
            }
            return Response.ok(ResourceJson.transaction(transactions.get(r.caller(), id(r))));
        });
        // The transitions honour an Idempotency-Key too: cancel refunds and approve credits, and a client retrying a
        // timed-out call should get the first answer, not a 409 for a transition already made.
        router.post("/transactions/{transactionId}/confirm", TRANSACT, Operation.of("Confirm the receipt was delivered")
                .optionalBody(TransactionSchemas.CONFIRM).idempotent()
                .answers(200, "The transaction", Shapes.TRANSACTION), Idempotent.wrap(idempotency, r -> {
            r.query().done();
            var id = id(r);
            return Response.ok(ResourceJson.transaction(transactions.confirmReceipt(r.caller(), id,
                    ReceiptConfirmation.fromJson(r.body()))));
        }));
        router.post("/transactions/{transactionId}/cancel", TRANSACT, Operation.of("Cancel a transaction")
                .optionalBody(TransactionSchemas.REASON).idempotent()
                .answers(200, "The transaction", Shapes.TRANSACTION), Idempotent.wrap(idempotency, r -> {
            r.query().done();
            var id = id(r);
            return Response.ok(ResourceJson.transaction(transactions.cancel(r.caller(), id,
                    Cancellation.fromJson(r.body()))));
        }));
        router.post("/transactions/{transactionId}/approve", TRANSACT, Operation.of("Approve an incoming payment")
                .optionalBody(TransactionSchemas.APPROVE).idempotent()
                .answers(200, "The transaction", Shapes.TRANSACTION), Idempotent.wrap(idempotency, r -> {
            r.query().done();
            var id = id(r);
            return Response.ok(ResourceJson.transaction(transactions.approve(r.caller(), id,
                    Approval.fromJson(r.body()))));
        }));
        router.post("/transactions/{transactionId}/reject", TRANSACT, Operation.of("Reject an incoming payment")
                .optionalBody(TransactionSchemas.REASON).idempotent()
                .answers(200, "The transaction", Shapes.TRANSACTION), Idempotent.wrap(idempotency, r -> {
            r.query().done();
            var id = id(r);
            return Response.ok(ResourceJson.transaction(transactions.reject(r.caller(), id,
                    Rejection.fromJson(r.body()))));
        }));
    }

    /**
     * A transactions list's operation: the filters of {@code GET /transactions} besides the customer's, paged, and
     * its answer (an agent's list takes these).
     */
    public static Operation listed(Operation operation) {
        return operation.query("accountIdentifier", string()).query("senderAccountIdentifier", string())
                .query("receiverAccountIdentifier", string()).query("status", enumOf(TransactionStatus.class))
                .query("type", enumOf(TransactionType.class)).query("reference", string())
                .query("startDate", dateTime()).query("endDate", dateTime()).query("sortOrder", enumOf("asc", "desc"))
                .paged().answersPage(Shapes.ANY_TRANSACTION);
    }

    /** A listed transaction's JSON: a payment's, or a card transaction's. */
    public static Object json(ListedTransaction t) {
        return t instanceof CardTransaction card ? CardTransactionJson.transaction(card)
                : ResourceJson.transaction((Transaction) t);
    }

    /** The filters of {@link #listed}'s query, no customer's among them ({@link TransactionFilter#ofCustomer}). */
    public static TransactionFilter filter(QueryParams q) {
        return new TransactionFilter(null, false, null, false, q.string("accountIdentifier"),
                q.string("senderAccountIdentifier"), q.string("receiverAccountIdentifier"),
                q.enumValue("status", TransactionStatus.class), q.enumValue("type", TransactionType.class),
                q.string("reference"), q.instant("startDate"), q.instant("endDate"), q.ascending());
    }

    private static UUID id(Request r) {
        return Transaction.parseId("transactionId", r.path("transactionId"));
    }
}
