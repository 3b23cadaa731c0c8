package payments.adapter.http;

import io.undertow.util.HttpString;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import payments.ports.batch.IdempotencyService;
import payments.ports.driven.IdempotencyKeys.StoredResponse;

/**
 * Makes a money-moving route honour {@code Idempotency-Key}: the first request runs and its exact response bytes
 * are stored with its effect; a repeat gets those bytes back (marked {@code Idempotent-Replayed: true}).
 */
public final class Idempotent {
    static final String HEADER = "Idempotency-Key";
    private static final HttpString REPLAYED = new HttpString("Idempotent-Replayed");

    private Idempotent() {
    }

    public static Handler wrap(IdempotencyService service, Handler route) {
        return request -> {
            String key = request.header(HEADER);
            if (key == null) {
                return route.handle(request);
            }
            var sent = service.execute(request.caller(), key, fingerprint(request),
                    () -> stored(route.handle(request)));
            return answer(request, sent.response(), sent.replayed());
        };
    }

    /**
     * {@link #wrap} for a route whose work ends with a call out of the database ({@link
     * IdempotencyService#executeThen}): {@code record} writes, {@code finish} then runs with no database transaction
     * open, and {@code render} answers its result.
     */
    public static <T> Handler wrapThen(IdempotencyService service, Function<Request, T> record,
                                       UnaryOperator<T> finish, Function<T, Response> render) {
        return request -> {
            String key = request.header(HEADER);
            if (key == null) {
                return render.apply(finish.apply(record.apply(request)));
            }
            var sent = service.executeThen(request.caller(), key, fingerprint(request), () -> record.apply(request),
                    finish, t -> stored(render.apply(t)));
            return answer(request, sent.response(), sent.replayed());
        };
    }

    /**
     * Runs a group-commit route, whose batch claims the key itself: {@code submit} gets the key (or null) and the
     * request's fingerprint (null without a key); what its batch answers is sent, later, as {@link #answer} sends it.
     */
    static Response batched(Request request,
                            BiFunction<String, byte[], CompletionStage<IdempotencyService.Sent>> submit) {
        String key = request.header(HEADER);
        return Response.later(submit.apply(key, key == null ? null : fingerprint(request))
                .thenApply(sent -> answer(request, sent.response(), sent.replayed())));
    }

    /** A response as its key keeps it: status and exact body bytes. */
    static StoredResponse stored(Response response) {
        return new StoredResponse(null, response.status(), JsonCodec.write(response.body()));
    }

    /** Sends a stored response, marked when it is a replay of an earlier request's. */
    static Response answer(Request request, StoredResponse stored, boolean replayed) {
        if (replayed) {
            request.exchange().getResponseHeaders().put(REPLAYED, "true");
        }
        return new Response(stored.status(), stored.body());
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
