package payments.adapter.http;

import java.util.concurrent.CompletionStage;

/**
 * A status and an optional JSON body (maps, lists, strings, numbers, booleans), or JSON already serialised as bytes;
 * or a response to come ({@link #later}).
 */
public record Response(int status, Object body, CompletionStage<Response> later) {
    public Response(int status, Object body) {
        this(status, body, null);
    }

    public static Response ok(Object body) {
        return new Response(200, body);
    }

    public static Response created(Object body) {
        return new Response(201, body);
    }

    public static Response noContent() {
        return new Response(204, null);
    }

    /**
     * The response a use case will complete on another thread (a group commit's batch): the worker thread is free
     * meanwhile, and a failure is answered as a thrown one would be.
     */
    public static Response later(CompletionStage<Response> response) {
        return new Response(0, null, response);
    }
}
