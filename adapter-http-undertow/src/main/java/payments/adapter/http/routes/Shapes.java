package payments.adapter.http.routes;

import payments.adapter.http.Shape;
import payments.core.cardnetwork.CardTransaction;
import payments.core.cardnetwork.CardTransactionJson;
import payments.core.json.JsonSchema;
import payments.core.json.ResourceSchemas;

/** The resources several routes answer with, named as the API's description publishes them. */
public final class Shapes {
    public static final Shape CUSTOMER = new Shape("Customer", ResourceSchemas.CUSTOMER);
    public static final Shape TRANSACTION = new Shape("Transaction", ResourceSchemas.TRANSACTION);
    public static final Shape CARD_TRANSACTION = new Shape("CardTransaction", CardTransactionJson.CARD_TRANSACTION);
    /** A payment or a card transaction: what the transactions list holds (the spec's TransactionOneOf). */
    public static final Shape ANY_TRANSACTION = new Shape("TransactionOneOf", JsonSchema.oneOf(
            ResourceSchemas.TRANSACTION, CardTransactionJson.CARD_TRANSACTION));
    public static final Shape INTERNAL_ACCOUNT = new Shape("InternalAccount", ResourceSchemas.INTERNAL_ACCOUNT);
    public static final Shape EXTERNAL_ACCOUNT = new Shape("ExternalAccount", ResourceSchemas.EXTERNAL_ACCOUNT);
    public static final Shape QUOTE = new Shape("Quote", ResourceSchemas.QUOTE);
    public static final Shape INVITATION = new Shape("UmaInvitation", ResourceSchemas.INVITATION);

    private Shapes() {
    }
}
