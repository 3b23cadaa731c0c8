package payments.adapter.http.routes;

import static payments.core.platform.Permission.MANAGE;
import static payments.core.platform.Permission.VIEW;

import payments.adapter.http.Request;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.core.customer.CustomerFilter;
import payments.core.customer.CustomerType;
import payments.core.id.CustomerId;
import payments.core.json.JsonObject;
import payments.core.json.ResourceJson;
import payments.core.validation.Types;
import payments.ports.customer.CustomerUpdate;
import payments.ports.customer.CustomerUseCases;
import payments.ports.customer.NewCustomer;

/** {@code /customers}. */
final class CustomerRoutes {
    private final CustomerUseCases customers;

    CustomerRoutes(CustomerUseCases customers) {
        this.customers = customers;
    }

    void register(Router router) {
        router.post("/customers", MANAGE, r -> {
            r.query().done();
            return Response.created(ResourceJson.customer(customers.create(r.caller(),
                    NewCustomer.fromJson(r.body()))));
        });
        router.get("/customers", VIEW, r -> {
            var q = r.query();
            var filter = new CustomerFilter(q.string("platformCustomerId"), q.enumValue("customerType",
                    CustomerType.class), q.instant("createdAfter"), q.instant("createdBefore"),
                    q.instant("updatedAfter"), q.instant("updatedBefore"), q.checked("region", Types.country()),
                    q.currency("currency"), q.string("umaAddress"), Boolean.TRUE.equals(q.bool("isIncludingDeleted")));
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(customers.list(r.caller(), filter, page), ResourceJson::customer));
        });
        router.get("/customers/{customerId}", VIEW, r -> {
            r.query().done();
            return Response.ok(ResourceJson.customer(customers.get(r.caller(), id(r))));
        });
        router.patch("/customers/{customerId}", MANAGE, r -> {
            r.query().done();
            var id = id(r);
            return SignedCalls.respond(customers.update(r.caller(), id, CustomerUpdate.fromJson(r.body()),
                    SignedCalls.of(r)), 200, ResourceJson::customer);
        });
        router.delete("/customers/{customerId}", MANAGE, r -> {
            r.query().done();
            return Response.ok(ResourceJson.customer(customers.delete(r.caller(), id(r))));
        });
    }

    private static CustomerId id(Request r) {
        return CustomerId.parse("customerId", r.path("customerId"));
    }
}
