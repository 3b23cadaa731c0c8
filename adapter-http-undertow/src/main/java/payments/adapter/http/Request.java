package payments.adapter.http;

import io.undertow.server.HttpServerExchange;
import java.util.Map;
import payments.core.platform.Caller;

/** What a route handler gets: the authenticated caller, path parameters, query, parsed JSON body, raw exchange. */
public record Request(Caller caller, Map<String, String> pathParams, QueryParams query, Object body,
                      HttpServerExchange exchange) {
    public String path(String name) {
        return pathParams.get(name);
    }

    public String header(String name) {
        return exchange.getRequestHeaders().getFirst(name);
    }
}
