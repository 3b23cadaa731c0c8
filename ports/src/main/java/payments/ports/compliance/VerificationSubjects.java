package payments.ports.compliance;

import java.util.List;
import payments.core.compliance.BeneficialOwner;
import payments.core.compliance.Document;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.ports.driven.compliance.BeneficialOwners;
import payments.ports.driven.compliance.Documents;

/** What a verification of a customer looks at beside the customer: its beneficial owners and documents. */
public final class VerificationSubjects {
    private final BeneficialOwners owners;
    private final Documents documents;

    public VerificationSubjects(BeneficialOwners owners, Documents documents) {
        this.owners = owners;
        this.documents = documents;
    }

    public record Subjects(List<BeneficialOwner> owners, List<Document> documents) {
    }

    public Subjects of(PlatformId platform, CustomerId customer) {
        return new Subjects(owners.ownersOf(platform, customer), documents.ofCustomer(platform, customer));
    }
}
