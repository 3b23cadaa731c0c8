package payments.adapter.http.routes;

import payments.adapter.http.Shape;
import payments.core.json.ResourceSchemas;

/** The resources several routes answer with, named as the API's description publishes them. */
final class Shapes {
    static final Shape CUSTOMER = new Shape("Customer", ResourceSchemas.CUSTOMER);
    static final Shape TRANSACTION = new Shape("Transaction", ResourceSchemas.TRANSACTION);
    static final Shape INTERNAL_ACCOUNT = new Shape("InternalAccount", ResourceSchemas.INTERNAL_ACCOUNT);
    static final Shape EXTERNAL_ACCOUNT = new Shape("ExternalAccount", ResourceSchemas.EXTERNAL_ACCOUNT);
    static final Shape INVITATION = new Shape("UmaInvitation", ResourceSchemas.INVITATION);

    private Shapes() {
    }
}
