package payments.adapter.http;

import io.undertow.util.HttpString;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import payments.core.error.InvalidFields;
import payments.core.idempotency.StoredResponse;
import payments.core.platform.Permission;
import payments.ports.batch.Idempotency;
import payments.ports.batch.Keyed;
import payments.ports.batch.Sent;

/**
 * Makes a money-moving route honour {@code Idempotency-Key}: the first request runs and its exact response bytes
 * are kept with its effect; a repeat gets those bytes back (marked {@code Idempotent-Replayed: true}).
 */
public final class Idempotent {
    static final String HEADER = "Idempotency-Key";
    private static final HttpString REPLAYED = new HttpString("Idempotent-Replayed");

    private Idempotent() {
    }

    public static Handler wrap(Idempotency idempotency, Handler route) {
        return request -> {
            String key = request.header(HEADER);
            if (key == null) {
                return route.handle(request);
            }
            Sent sent = idempotency.execute(request.caller(), key, fingerprint(request),
                    () -> stored(route.handle(request)));
            return answer(request, sent);
        };
    }

    /**
     * {@link #wrap} for a route whose key is required (400 without one), answered, a repeat too, only to a caller
     * holding {@code permission} (the route's own).
     */
    public static Handler required(Idempotency idempotency, Permission permission, Handler route) {
        return request -> {
            String key = request.header(HEADER);
            if (key == null) {
                throw InvalidFields.of(HEADER, "is required");
            }
            Sent sent = idempotency.execute(request.caller(), permission, key, fingerprint(request),
                    () -> stored(route.handle(request)));
            return answer(request, sent);
        };
    }

    /**
     * {@link #wrap} for a route whose work ends with a call out of the database ({@link Idempotency#executeThen}):
     * {@code record} writes, {@code finish} then runs with no database transaction open, and {@code render} answers
     * its result.
     */
    public static <T> Handler wrapThen(Idempotency idempotency, Function<Request, T> record, UnaryOperator<T> finish,
                                       Function<T, Response> render) {
        return request -> {
            String key = request.header(HEADER);
            if (key == null) {
                return render.apply(finish.apply(record.apply(request)));
            }
            Sent sent = idempotency.executeThen(request.caller(), key, fingerprint(request),
                    () -> record.apply(request), finish, t -> stored(render.apply(t)));
            return answer(request, sent);
        };
    }

    /**
     * A group-committed route, whose batch takes the key itself: {@code keyed} under the request's key, else
     * {@code unkeyed}; its result is rendered and sent once its batch committed.
     */
    public static <T> Response batched(Request request, Function<Keyed<T>, CompletionStage<Sent>> keyed,
                                       Supplier<CompletionStage<T>> unkeyed, Function<T, Response> render) {
        String key = request.header(HEADER);
        if (key == null) {
            return Response.later(unkeyed.get().thenApply(render));
        }
        return Response.later(keyed.apply(new Keyed<>(key, fingerprint(request), t -> stored(render.apply(t))))
                .thenApply(sent -> answer(request, sent)));
    }

    /** A response as its key keeps it: status and exact body bytes. */
    static StoredResponse stored(Response response) {
        return new StoredResponse(null, response.status(), JsonCodec.write(response.body()));
    }

    /** Sends a kept response, marked when it is a replay of an earlier request's. */
    private static Response answer(Request request, Sent sent) {
        if (sent.replayed()) {
            request.exchange().getResponseHeaders().put(REPLAYED, "true");
        }
        return new Response(sent.response().status(), sent.response().body());
    }

    /** Method, path and the canonical body: the same request however its JSON is spaced or ordered. */
    static byte[] fingerprint(Request request) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update((request.exchange().getRequestMethod() + " " + request.exchange().getRequestPath() + "\n")
                    .getBytes(StandardCharsets.UTF_8));
            digest.update(JsonCodec.canonical(request.body()));
            return digest.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
