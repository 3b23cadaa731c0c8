package payments.adapter.http;

import io.undertow.server.HttpServerExchange;
import java.util.Map;
import payments.core.platform.Caller;

/** What a route handler gets: the authenticated caller, path parameters, query, parsed JSON body, raw exchange. */
public record Request(Caller caller, Map<String, String> pathParams, QueryParams query, Object body,
                      byte[] rawBody, HttpServerExchange exchange) {
    public String path(String name) {
        return pathParams.get(name);
    }

    /** The path below the version prefix, as signed-retry payloads bind it. */
    public String apiPath() {
        return exchange.getRequestPath().substring(ApiHandler.BASE_PATH.length());
    }

    public String method() {
        return exchange.getRequestMethod().toString();
    }

    public String header(String name) {
        return exchange.getRequestHeaders().getFirst(name);
    }
}
