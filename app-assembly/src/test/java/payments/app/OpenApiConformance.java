package payments.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Live traffic checked against the server's own OpenAPI description: every answer must be one its operation
 * documents (status and body schema), and every request the server accepted (2xx) must be one the description
 * accepts (declared query parameters with valid values, the body its schema allows). {@link ApiClient} runs every
 * exchange of the HTTP tests through it, so the description cannot drift from the server.
 */
final class OpenApiConformance {
    private static final String DOCUMENT_URI = "https://payments.test/openapi.json";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static volatile OpenApiConformance shared;


    private final JsonNode document;
    private final SchemaRegistry registry;
    private final List<PathTemplate> templates = new ArrayList<>();
    private final Map<String, Schema> schemas = new ConcurrentHashMap<>();

    private record PathTemplate(String template, String[] segments, int literals) {
    }

    OpenApiConformance(String documentJson) {
        try {
            this.document = JSON.readTree(documentJson);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        // Formats are annotations, as JSON Schema 2020-12 has them: the server's own checks of an email or a
        // currency code are its rules, and a validator's stricter reading (a real top-level domain) is not.
        this.registry = SchemaRegistry.withDefaultDialect(Dialects.getOpenApi31(), builder -> builder
                .schemas(Map.of(DOCUMENT_URI, documentJson)));
        document.get("paths").fieldNames().forEachRemaining(template -> {
            if (!document.get("paths").get(template).has("servers")) {
                String[] segments = template.substring(1).split("/");
                int literals = 0;
                for (String s : segments) {
                    literals += s.startsWith("{") ? 0 : 1;
                }
                templates.add(new PathTemplate(template, segments, literals));
            }
        });
    }

    /** The checker for the server listening on {@code port}, reading its description once per test run. */
    static OpenApiConformance forServer(int port) {
        if (shared == null) {
            synchronized (OpenApiConformance.class) {
                if (shared == null) {
                    try {
                        var response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                                URI.create("http://localhost:" + port + "/openapi.json")).build(),
                                HttpResponse.BodyHandlers.ofString());
                        if (response.statusCode() != 200) {
                            throw new AssertionError("GET /openapi.json answered " + response.statusCode());
                        }
                        shared = new OpenApiConformance(response.body());
                    } catch (java.io.IOException e) {
                        throw new IllegalStateException(e);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException(e);
                    }
                }
            }
        }
        return shared;
    }

    /**
     * What in one exchange the description does not allow; empty when it conforms.
     *
     * @param target the path below the base path, with its query string
     */
    List<String> problems(String method, String target, String requestBody, int status, String responseBody) {
        List<String> problems = new ArrayList<>();
        int q = target.indexOf('?');
        String path = q < 0 ? target : target.substring(0, q);
        String template = template(path);
        String operationPointer = template == null ? null : "/paths/" + escape(template) + "/"
                + method.toLowerCase(java.util.Locale.ROOT);
        JsonNode operation = operationPointer == null ? null : document.at(operationPointer);
        String exchange = method + " " + target + " -> " + status;
        if (operation == null || operation.isMissingNode()) {
            // No such route: the server must say so with the error body.
            if (status != 404 && status != 405) {
                problems.add(exchange + ": no documented operation, yet not answered 404 or 405");
            }
            checkBody("/components/schemas/Error", responseBody, exchange + " (error body)", problems);
            return problems;
        }
        String answer = answerKey(operation.get("responses"), status);
        if (answer == null) {
            problems.add(exchange + ": status not documented for " + method + " " + template);
            return problems;
        }
        JsonNode documented = operation.get("responses").get(answer);
        String responsePointer = documented.has("$ref") ? "/components/responses/Error"
                : operationPointer + "/responses/" + answer;
        JsonNode content = document.at(responsePointer + "/content/application~1json/schema");
        if (content.isMissingNode()) {
            if (responseBody != null && !responseBody.isEmpty()) {
                problems.add(exchange + ": answered a body where none is documented");
            }
        } else {
            checkBody(responsePointer + "/content/application~1json/schema", responseBody, exchange + " (answer)",
                    problems);
        }
        if (status >= 200 && status < 300) {
            checkQuery(operation, operationPointer, q < 0 ? "" : target.substring(q + 1), exchange, problems);
            checkRequestBody(operation, operationPointer, requestBody, exchange, problems);
        }
        return problems;
    }

    private void checkRequestBody(JsonNode operation, String pointer, String body, String exchange,
                                  List<String> problems) {
        JsonNode requestBody = operation.get("requestBody");
        boolean sent = body != null && !body.isBlank();
        if (requestBody == null) {
            if (sent && !body.isBlank() && !body.trim().equals("{}")) {
                problems.add(exchange + ": accepted a body the operation does not document");
            }
            return;
        }
        if (!sent) {
            if (requestBody.path("required").asBoolean(false)) {
                problems.add(exchange + ": accepted no body where one is documented as required");
            }
            return;
        }
        String mediaType = requestBody.path("content").has("multipart/form-data") ? "multipart~1form-data"
                : "application~1json";
        checkBody(pointer + "/requestBody/content/" + mediaType + "/schema", body, exchange + " (request)",
                problems);
    }

    private void checkQuery(JsonNode operation, String pointer, String query, String exchange,
                            List<String> problems) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (String pair : query.isEmpty() ? new String[0] : query.split("&")) {
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            values.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
        }
        JsonNode parameters = operation.path("parameters");
        values.forEach((name, given) -> {
            int index = -1;
            for (int i = 0; i < parameters.size(); i++) {
                if (parameters.get(i).get("in").asText().equals("query")
                        && parameters.get(i).get("name").asText().equals(name)) {
                    index = i;
                }
            }
            if (index < 0) {
                problems.add(exchange + ": accepted the undocumented query parameter " + name);
                return;
            }
            JsonNode schema = parameters.get(index).get("schema");
            JsonNode value;
            if (schema.path("type").asText().equals("array")) {
                ArrayNode array = JsonNodeFactory.instance.arrayNode();
                given.forEach(v -> array.add(typed(schema.get("items"), v)));
                value = array;
            } else {
                value = typed(schema, given.get(0));
            }
            validate(pointer + "/parameters/" + index + "/schema", value, exchange + " (query " + name + ")",
                    problems);
        });
    }

    /** A query value as the JSON value its schema's type reads it as. */
    private static JsonNode typed(JsonNode schema, String value) {
        String type = schema.path("type").asText();
        if (type.equals("integer") && value.matches("-?[0-9]{1,18}")) {
            return JsonNodeFactory.instance.numberNode(Long.parseLong(value));
        }
        if (type.equals("boolean") && (value.equals("true") || value.equals("false"))) {
            return JsonNodeFactory.instance.booleanNode(Boolean.parseBoolean(value));
        }
        return JsonNodeFactory.instance.textNode(value);
    }

    private void checkBody(String schemaPointer, String body, String what, List<String> problems) {
        JsonNode value;
        try {
            value = body == null || body.isEmpty() ? null : JSON.readTree(body);
        } catch (java.io.IOException e) {
            problems.add(what + ": not JSON");
            return;
        }
        if (value == null) {
            problems.add(what + ": no body where one is documented");
            return;
        }
        validate(schemaPointer, value, what, problems);
    }

    private void validate(String schemaPointer, JsonNode value, String what, List<String> problems) {
        Schema schema = schemas.computeIfAbsent(schemaPointer,
                p -> registry.getSchema(SchemaLocation.of(DOCUMENT_URI + "#" + p)));
        schema.validate(value).forEach(error -> problems.add(what + ": " + error));
    }

    /** The documented answer for a status: the status itself, else its range ({@code 4XX}), else default. */
    private static String answerKey(JsonNode responses, int status) {
        for (String key : List.of(Integer.toString(status), status / 100 + "XX", "default")) {
            if (responses.has(key)) {
                return key;
            }
        }
        return null;
    }

    /** The template a path matches, the most literal one winning (as the server's router decides). */
    private String template(String path) {
        String[] parts = path.substring(1).split("/", -1);
        PathTemplate best = null;
        for (PathTemplate t : templates) {
            if (t.segments.length != parts.length || (best != null && t.literals <= best.literals)) {
                continue;
            }
            boolean fits = true;
            for (int i = 0; i < parts.length && fits; i++) {
                fits = t.segments[i].startsWith("{") ? !parts[i].isEmpty() : t.segments[i].equals(parts[i]);
            }
            if (fits) {
                best = t;
            }
        }
        return best == null ? null : best.template;
    }

    private static String escape(String template) {
        return template.replace("~", "~0").replace("/", "~1");
    }

    /** Every operation of the description ({@code METHOD /template}), the versioned ones. */
    List<String> operations() {
        List<String> operations = new ArrayList<>();
        for (PathTemplate t : templates) {
            Iterator<String> methods = document.get("paths").get(t.template).fieldNames();
            methods.forEachRemaining(m -> operations.add(m.toUpperCase(java.util.Locale.ROOT) + " " + t.template));
        }
        return operations;
    }
}
