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
 * A change to a customer of {@code type} (its own): each field given (not null) replaces the old value;
 * {@code profile}'s fields replace the profile's, {@code businessInfo} merged field by field.
 */
public record CustomerUpdate(CustomerType type, String umaAddress, List<String> currencies, String email,
                             String phoneNumber, String verificationStatus, Map<String, Object> profile) {
    public CustomerUpdate {
        Objects.requireNonNull(type, "type");
        profile = profile == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(profile));
    }

    /** From the JSON body of {@code PATCH /customers/{id}}; 400 naming every invalid field. */
    public static CustomerUpdate fromJson(Object body) {
        Fields f = CustomerSchemas.UPDATE.validate(body);
        CustomerType type = CustomerType.valueOf(f.string("customerType").orElseThrow());
        return new CustomerUpdate(type, f.string("umaAddress").orElse(null), f.<String>list("currencies").orElse(null),
                f.string("email").orElse(null), f.string("phoneNumber").orElse(null),
                CustomerRules.statusOf(type, f), CustomerRules.profileOf(f));
    }
}
