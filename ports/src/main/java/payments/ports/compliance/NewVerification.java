package payments.ports.compliance;

import payments.core.compliance.ComplianceSchemas;
import payments.core.id.CustomerId;

/** {@code POST /verifications}: verify this customer (KYC for a person, KYB for a business). */
public record NewVerification(CustomerId customerId) {
    public static NewVerification fromJson(Object body) {
        return new NewVerification(CustomerId.parse("customerId",
                ComplianceSchemas.VERIFICATION_CREATE.validate(body).string("customerId").orElseThrow()));
    }
}
