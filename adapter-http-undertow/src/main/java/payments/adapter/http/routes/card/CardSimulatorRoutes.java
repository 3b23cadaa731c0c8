package payments.adapter.http.routes.card;

import static payments.core.json.JsonSchema.bool;
import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.string;
import static payments.core.platform.Permission.TRANSACT;

import java.util.function.Function;
import payments.adapter.http.Operation;
import payments.adapter.http.Request;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.adapter.http.Shape;
import payments.core.cardnetwork.DeclineReason;
import payments.core.cardnetwork.NetworkSchemas;
import payments.core.json.JsonObject;
import payments.core.validation.ObjectSchema;
import payments.ports.cardnetwork.AuthorizationKind;
import payments.ports.cardnetwork.CardNetworkUseCases;
import payments.ports.cardnetwork.NetworkAdjustment;
import payments.ports.cardnetwork.NetworkAnswer;
import payments.ports.cardnetwork.NetworkAuthorization;

/**
 * {@code /sandbox/cards/{id}/simulate/*}: the sandbox's card network. Each message is decided before the 202
 * (an issuer answers a network within its time limit); the card transaction's webhooks follow. The answer adds to
 * the reference's token whether an authorization was approved, its decline reason and the card transaction.
 */
public final class CardSimulatorRoutes {
    private static final Shape SIMULATED = new Shape("SandboxCardSimulationResponse", object()
            .required("issuerTransactionToken", string()).optional("approved", bool())
            .optional("declineReason", enumOf(DeclineReason.class)).optional("cardTransactionId", string())
            .schema());
    private static final String PATH = "/sandbox/cards/{id}/simulate/";

    private final CardNetworkUseCases network;

    public CardSimulatorRoutes(CardNetworkUseCases network) {
        this.network = network;
    }

    public void register(Router router) {
        authorization(router, "authorization", AuthorizationKind.AUTHORIZATION,
                "an authorization: a hold on the first funding source that covers it");
        authorization(router, "credit_authorization", AuthorizationKind.CREDIT_AUTHORIZATION,
                "a credit authorization (a refund to come)");
        authorization(router, "financial_authorization", AuthorizationKind.FINANCIAL_AUTHORIZATION,
                "a financial authorization: authorized and settled at once");
        authorization(router, "financial_credit_authorization", AuthorizationKind.FINANCIAL_CREDIT_AUTHORIZATION,
                "a financial credit: credited at once");
        authorization(router, "credit_authorization_advice", AuthorizationKind.CREDIT_AUTHORIZATION_ADVICE,
                "a credit authorization advice");
        authorization(router, "balance_inquiry", NetworkSchemas.BALANCE_INQUIRY, "a balance inquiry (moves nothing)",
                r -> NetworkAuthorization.balanceInquiry(CardRoutes.cardId(r), r.body()));
        simulate(router, "clearing", NetworkSchemas.CLEARING, "a clearing: partial, whole, over (a post-hoc pull), or "
                + "0 (the authorization expired)", r -> network.clear(r.caller(), CardRoutes.cardId(r),
                NetworkAdjustment.clearing(r.body())));
        simulate(router, "authorization_advice", NetworkSchemas.AMOUNT_OF_TRANSACTION, "an authorization advice: a "
                + "new total authorized", r -> network.advise(r.caller(), CardRoutes.cardId(r),
                NetworkAdjustment.withAmount(r.body())));
        simulate(router, "return", NetworkSchemas.AMOUNT_OF_TRANSACTION, "a merchant's return of what was settled",
                r -> network.acceptReturn(r.caller(), CardRoutes.cardId(r), NetworkAdjustment.withAmount(r.body())));
        simulate(router, "return_reversal", NetworkSchemas.TRANSACTION_REF, "a return reversed by the network",
                r -> network.reverseReturn(r.caller(), CardRoutes.cardId(r), NetworkAdjustment.reference(r.body())));
    }

    private void authorization(Router router, String name, AuthorizationKind kind, String what) {
        authorization(router, name, NetworkSchemas.AUTHORIZATION, what,
                r -> NetworkAuthorization.fromJson(CardRoutes.cardId(r), kind, r.body()));
    }

    /** An authorization message: group-committed, answered when its batch commits (no worker thread waits). */
    private void authorization(Router router, String name, ObjectSchema body, String what,
                               Function<Request, NetworkAuthorization> message) {
        router.postNonBlocking(PATH + name, TRANSACT, operation(what, body), r -> {
            r.query().done();
            NetworkAuthorization command = message.apply(r);
            return Response.later(network.authorize(r.caller(), command).thenApply(CardSimulatorRoutes::answer));
        });
    }

    private interface Message {
        NetworkAnswer send(Request r);
    }

    private static void simulate(Router router, String name, ObjectSchema body, String what, Message message) {
        router.post(PATH + name, TRANSACT, operation(what, body), r -> {
            r.query().done();
            return answer(message.send(r));
        });
    }

    private static Operation operation(String what, ObjectSchema body) {
        return Operation.of("Simulate " + what).body(body)
                .answers(202, "The issuer's answer; the card transaction's webhooks follow", SIMULATED);
    }

    private static Response answer(NetworkAnswer answer) {
        return new Response(202, JsonObject.of().put("issuerTransactionToken", answer.issuerTransactionToken())
                .put("approved", answer.approved()).put("declineReason", answer.declineReason())
                .put("cardTransactionId", answer.transaction() == null ? null : answer.transaction().wireId())
                .map());
    }
}
