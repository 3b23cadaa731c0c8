package payments.adapter.http.routes;

import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.string;

import java.util.function.Function;
import payments.adapter.http.Request;
import payments.adapter.http.Response;
import payments.adapter.http.Shape;
import payments.core.json.JsonObject;
import payments.core.wallet.SignedRequest;
import payments.ports.wallet.SignedCall;
import payments.ports.wallet.SignedOutcome;

/** The HTTP side of the signed retry: the call a retry must repeat, and the 202 of its first leg. */
public final class SignedCalls {
    public static final String SIGNATURE = "Service-Wallet-Signature";
    static final String REQUEST_ID = "Request-Id";
    /** The 202 of a first leg. */
    public static final Shape CHALLENGE = new Shape("SignedRequestChallenge", object().required("type", string())
            .required("payloadToSign", string()).required("requestId", string()).required("expiresAt", dateTime())
            .schema());

    private SignedCalls() {
    }

    /** The request as its signed retry binds it: method, path, raw body and the two headers. */
    public static SignedCall of(Request r) {
        return new SignedCall(r.method(), r.apiPath(), r.rawBody(), r.header(SIGNATURE), r.header(REQUEST_ID));
    }

    /** 202 with what to sign on a first leg; the action's result with {@code status} otherwise. */
    public static <T> Response respond(SignedOutcome<T> outcome, int status, Function<T, Object> render) {
        if (outcome instanceof SignedOutcome.Challenge<T> challenge) {
            SignedRequest request = challenge.request();
            return new Response(202, JsonObject.of().put("type", request.type().name())
                    .put("payloadToSign", request.payload())
                    .put("requestId", request.wireId())
                    .put("expiresAt", request.expiresAt()).map());
        }
        return new Response(status, render.apply(((SignedOutcome.Done<T>) outcome).value()));
    }
}
