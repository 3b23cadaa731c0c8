package payments.adapter.http;

import java.util.Map;
import payments.core.common.CustomerId;
import payments.core.customer.Customer;
import payments.core.customer.CustomerFilter;
import payments.core.customer.CustomerType;
import payments.ports.app.CustomerService;
import payments.ports.app.SignedRetry;

/** {@code /customers}. */
public final class CustomerRoutes {
    private final CustomerService customers;

    public CustomerRoutes(CustomerService customers) {
        this.customers = customers;
    }

    public void register(Router router) {
        router.post("/customers", r -> {
            r.query().done();
            return Response.created(customer(customers.create(r.caller(), r.body())));
        });
        router.get("/customers", r -> {
            var q = r.query();
            var filter = new CustomerFilter(q.string("platformCustomerId"), q.enumValue("customerType",
                    CustomerType.class), q.instant("createdAfter"), q.instant("createdBefore"),
                    q.instant("updatedAfter"), q.instant("updatedBefore"), q.string("region"), q.currency("currency"),
                    q.string("umaAddress"), Boolean.TRUE.equals(q.bool("isIncludingDeleted")));
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(customers.list(r.caller(), filter, page), CustomerRoutes::customer));
        });
        router.get("/customers/{customerId}", r -> {
            r.query().done();
            return Response.ok(customer(customers.get(r.caller(), id(r))));
        });
        router.patch("/customers/{customerId}", r -> {
            r.query().done();
            var outcome = customers.update(r.caller(), id(r), r.body(), WalletRoutes.signed(r));
            if (outcome instanceof SignedRetry.Challenge<Customer> challenge) {
                return WalletRoutes.challenge(challenge.request());
            }
            return Response.ok(customer(((SignedRetry.Done<Customer>) outcome).value()));
        });
        router.delete("/customers/{customerId}", r -> {
            r.query().done();
            return Response.ok(customer(customers.delete(r.caller(), id(r))));
        });
    }

    private static CustomerId id(Request r) {
        return CustomerId.parse("customerId", r.path("customerId"));
    }

    static Map<String, Object> customer(Customer c) {
        JsonObject json = JsonObject.of().put("id", c.id())
                .put("platformCustomerId", c.platformCustomerId())
                .put("customerType", c.type().name())
                .put("umaAddress", c.umaAddress())
                .put("region", c.region())
                .put("currencies", c.currencies())
                .put("email", c.email())
                .put("phoneNumber", c.phoneNumber())
                .put(c.type() == CustomerType.INDIVIDUAL ? "kycStatus" : "kybStatus", c.verificationStatus());
        // The KYC/KYB profile is echoed as received, except write-only fields.
        c.details().forEach((k, v) -> {
            if (!k.equals("identifier")) {
                json.put(k, v);
            }
        });
        return json.put("createdAt", c.createdAt()).put("updatedAt", c.updatedAt())
                .put("isDeleted", c.isDeleted()).map();
    }
}
