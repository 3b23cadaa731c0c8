package payments.adapter.http.server;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import payments.adapter.http.ApiHandler;
import payments.adapter.http.JsonCodec;
import payments.adapter.http.RequestLabels;
import payments.core.json.JsonSchema;

/**
 * {@code GET /openapi.json}: the API's OpenAPI 3.1 description, made once from the routes this server has, without
 * credentials (it says what the API takes, nothing of any platform). Anything else goes on to {@code next}.
 */
final class OpenApiEndpoint implements HttpHandler {
    static final String PATH = "/openapi.json";
    private final byte[] document;
    private final HttpHandler next;

    /** @param metrics whether {@code /metrics} is served beside the API, and so belongs in its description */
    OpenApiEndpoint(ApiHandler api, boolean metrics, HttpHandler next) {
        this.document = JsonCodec.write(api.openApi(servicePaths(metrics)));
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (!exchange.getRequestPath().equals(PATH) || !exchange.getRequestMethod().equals(Methods.GET)) {
            next.handleRequest(exchange);
            return;
        }
        RequestLabels.route(exchange, PATH);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
        exchange.getResponseSender().send(ByteBuffer.wrap(document));
    }

    /** The path items outside the versioned base path: the probes, this document, and the metrics if here. */
    private static Map<String, Object> servicePaths(boolean metrics) {
        Map<String, Object> status = Map.of("application/json", Map.of("schema", JsonSchema.object()
                .required("status", JsonSchema.string()).schema()));
        Map<String, Object> paths = new LinkedHashMap<>();
        paths.put(Probes.LIVE, unversioned("getHealthz", "Whether the process is up",
                Map.of("200", Map.of("description", "Up", "content", status))));
        paths.put(Probes.READY, unversioned("getReadyz", "Whether to send the server requests",
                Map.of("200", Map.of("description", "Ready", "content", status),
                        "503", Map.of("description", "Draining, or the database does not answer", "content", status))));
        paths.put(PATH, unversioned("getOpenApi", "This description",
                Map.of("200", Map.of("description", "The OpenAPI 3.1 document", "content",
                        Map.of("application/json", Map.of("schema", Map.of("type", "object")))))));
        if (metrics) {
            paths.put(MetricsEndpoint.PATH, unversioned("getMetrics", "Metrics in the Prometheus text format",
                    Map.of("200", Map.of("description", "The metrics", "content",
                            Map.of("text/plain", Map.of("schema", JsonSchema.string()))))));
        }
        return paths;
    }

    private static Map<String, Object> unversioned(String id, String summary, Map<String, Object> responses) {
        return Map.of("servers", List.of(Map.of("url", "/")), "get", Map.of("operationId", id, "summary", summary,
                "tags", List.of("service"), "security", List.of(), "responses", responses));
    }
}
