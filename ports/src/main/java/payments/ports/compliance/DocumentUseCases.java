package payments.ports.compliance;

import java.util.UUID;
import payments.core.compliance.Document;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;

/** Documents of customers and beneficial owners (MANAGE to change, VIEW to read). */
public interface DocumentUseCases {
    /** 400 for a file that is no PDF, PNG or JPEG, or a holder that is not a customer or beneficial owner id. */
    Document upload(Caller caller, NewDocument command);

    Page<Document> list(Caller caller, String holder, PageRequest page);

    Document get(Caller caller, UUID id);

    Document replace(Caller caller, UUID id, NewDocument command);

    /** 409 once the document was submitted for verification. */
    void delete(Caller caller, UUID id);
}
