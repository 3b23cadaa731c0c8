package payments.ports.customer;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import payments.core.customer.CustomerRules;
import payments.core.customer.CustomerSchemas;
import payments.core.customer.CustomerType;
import payments.core.validation.Fields;

/**
 * A customer to create. Null fields are not given: {@code currencies} then defaults to the platform's, the UMA
 * address to a generated one, the platform's own id to the customer's; {@code verificationStatus} is the kycStatus or
 * kybStatus asked for. {@code profile} is the type's KYC/KYB profile as validated JSON, kept and echoed as given.
 */
public record NewCustomer(CustomerType type, String platformCustomerId, String umaAddress, String region,
                          List<String> currencies, String email, String phoneNumber, String verificationStatus,
                          Map<String, Object> profile) {
    public NewCustomer {
        Objects.requireNonNull(type, "type");
        profile = profile == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(profile));
    }

    /** From the JSON body of {@code POST /customers}; 400 naming every invalid field. */
    public static NewCustomer fromJson(Object body) {
        Fields f = CustomerSchemas.CREATE.validate(body);
        CustomerType type = CustomerType.valueOf(f.string("customerType").orElseThrow());
        return new NewCustomer(type, f.string("platformCustomerId").orElse(null), f.string("umaAddress").orElse(null),
                f.string("region").orElse(null), f.<String>list("currencies").orElse(null),
                f.string("email").orElse(null), f.string("phoneNumber").orElse(null),
                CustomerRules.statusOf(type, f), CustomerRules.profileOf(f));
    }
}
