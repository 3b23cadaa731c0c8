package payments.ports.customer;

import payments.core.customer.CustomerSchemas;

/** The body of {@code .../verify-email/confirm} and {@code .../verify-phone/confirm}. */
public record ContactConfirmation(String code) {
    public static ContactConfirmation fromJson(Object body) {
        return new ContactConfirmation(CustomerSchemas.CONTACT_CONFIRM.validate(body).string("code").orElseThrow());
    }
}
