package payments.adapter.http;

import io.undertow.server.HttpServerExchange;
import java.util.Map;
import payments.adapter.http.body.MultipartForm;
import payments.core.platform.Caller;
import payments.core.validation.ObjectSchema;

/**
 * What a route handler gets: the authenticated caller, the path below the version prefix (as signed-retry payloads
 * bind it), path parameters, query, parsed JSON body (null when empty), raw body, and the exchange.
 */
public record Request(Caller caller, String apiPath, Map<String, String> pathParams, QueryParams query, Object body,
                      byte[] rawBody, HttpServerExchange exchange) {
    public String path(String name) {
        return pathParams.get(name);
    }

    public String method() {
        return exchange.getRequestMethod().toString();
    }

    public String header(String name) {
        return exchange.getRequestHeaders().getFirst(name);
    }

    /** The body of a multipart route ({@link Operation#multipart}). */
    public MultipartForm form() {
        return (MultipartForm) body;
    }

    /** For an action that takes no body: an empty object is accepted, any field refused (400). */
    public void noBody() {
        if (body != null) {
            ObjectSchema.none().validate(body);
        }
    }
}
