package payments.adapter.http;

import payments.core.common.CustomerId;
import payments.core.customer.CustomerFilter;
import payments.core.customer.CustomerType;
import payments.core.json.JsonObject;
import payments.core.json.ResourceJson;
import payments.core.validation.Types;
import payments.ports.customer.CustomerService;

/** {@code /customers}. */
public final class CustomerRoutes {
    private final CustomerService customers;

    public CustomerRoutes(CustomerService customers) {
        this.customers = customers;
    }

    public void register(Router router) {
        router.post("/customers", r -> {
            r.query().done();
            return Response.created(ResourceJson.customer(customers.create(r.caller(), r.body())));
        });
        router.get("/customers", r -> {
            var q = r.query();
            var filter = new CustomerFilter(q.string("platformCustomerId"), q.enumValue("customerType",
                    CustomerType.class), q.instant("createdAfter"), q.instant("createdBefore"),
                    q.instant("updatedAfter"), q.instant("updatedBefore"), q.checked("region", Types.country()), q.currency("currency"),
                    q.string("umaAddress"), Boolean.TRUE.equals(q.bool("isIncludingDeleted")));
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(customers.list(r.caller(), filter, page), ResourceJson::customer));
        });
        router.get("/customers/{customerId}", r -> {
            r.query().done();
            return Response.ok(ResourceJson.customer(customers.get(r.caller(), id(r))));
        });
        router.patch("/customers/{customerId}", r -> {
            r.query().done();
            return WalletRoutes.respond(customers.update(r.caller(), id(r), r.body(), WalletRoutes.signed(r)), 200,
                    ResourceJson::customer);
        });
        router.delete("/customers/{customerId}", r -> {
            r.query().done();
            return Response.ok(ResourceJson.customer(customers.delete(r.caller(), id(r))));
        });
    }

    private static CustomerId id(Request r) {
        return CustomerId.parse("customerId", r.path("customerId"));
    }
}
