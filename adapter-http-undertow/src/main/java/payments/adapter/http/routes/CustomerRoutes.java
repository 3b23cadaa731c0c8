package payments.adapter.http.routes;

import static payments.core.json.JsonSchema.bool;
import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.string;
import static payments.core.platform.Permission.MANAGE;
import static payments.core.platform.Permission.VIEW;

import payments.adapter.http.Operation;
import payments.adapter.http.Request;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.core.customer.CustomerFilter;
import payments.core.customer.CustomerSchemas;
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
        router.post("/customers", MANAGE, Operation.of("Create a customer").body(CustomerSchemas.CREATE)
                .answers(201, "The customer", Shapes.CUSTOMER), r -> {
            r.query().done();
            return Response.created(ResourceJson.customer(customers.create(r.caller(),
                    NewCustomer.fromJson(r.body()))));
        });
        router.get("/customers", VIEW, Operation.of("List customers")
                .query("platformCustomerId", string()).query("customerType", enumOf(CustomerType.class))
                .query("createdAfter", dateTime()).query("createdBefore", dateTime())
                .query("updatedAfter", dateTime()).query("updatedBefore", dateTime())
                .query("region", string()).query("currency", string()).query("umaAddress", string())
                .query("isIncludingDeleted", bool()).paged().answersPage(Shapes.CUSTOMER), r -> {
            var q = r.query();
            var filter = new CustomerFilter(q.string("platformCustomerId"), q.enumValue("customerType",
                    CustomerType.class), q.instant("createdAfter"), q.instant("createdBefore"),
                    q.instant("updatedAfter"), q.instant("updatedBefore"), q.checked("region", Types.country()),
                    q.currency("currency"), q.string("umaAddress"), Boolean.TRUE.equals(q.bool("isIncludingDeleted")));
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(customers.list(r.caller(), filter, page), ResourceJson::customer));
        });
        router.get("/customers/{customerId}", VIEW, Operation.of("Get a customer")
                .answers(200, "The customer", Shapes.CUSTOMER), r -> {
            r.query().done();
            return Response.ok(ResourceJson.customer(customers.get(r.caller(), id(r))));
        });
        router.patch("/customers/{customerId}", MANAGE, Operation.of("Update a customer")
                .body(CustomerSchemas.UPDATE).signed(SignedCalls.CHALLENGE)
                .answers(200, "The customer", Shapes.CUSTOMER), r -> {
            r.query().done();
            var id = id(r);
            return SignedCalls.respond(customers.update(r.caller(), id, CustomerUpdate.fromJson(r.body()),
                    SignedCalls.of(r)), 200, ResourceJson::customer);
        });
        router.delete("/customers/{customerId}", MANAGE, Operation.of("Delete a customer")
                .answers(200, "The customer, deleted", Shapes.CUSTOMER), r -> {
            r.query().done();
            return Response.ok(ResourceJson.customer(customers.delete(r.caller(), id(r))));
        });
    }

    private static CustomerId id(Request r) {
        return CustomerId.parse("customerId", r.path("customerId"));
    }
}
