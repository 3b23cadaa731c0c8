package payments.adapter.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import payments.core.json.JsonSchema;
import payments.core.json.ResourceSchemas;

/**
 * The API's OpenAPI 3.1 description, made from the routes the server really has: each route's template,
 * permission and {@link Operation} (request bodies described by the rules that check them, answers by the schemas
 * next to the code that writes them), the error body, and Basic authentication.
 */
final class OpenApiDocument {
    static final String VERSION = "3.1.0";
    private static final Shape ERROR = new Shape("Error", JsonSchema.object()
            .required("status", JsonSchema.integer()).required("code", JsonSchema.string())
            .required("message", JsonSchema.string())
            .optional("details", JsonSchema.anyObject("More about the refusal: the fields at fault in errors[]"))
            .optional("reason", JsonSchema.string()).schema());
    private static final List<Shape> COMMON = List.of(ERROR, new Shape("Currency", ResourceSchemas.CURRENCY),
            new Shape("CurrencyAmount", ResourceSchemas.CURRENCY_AMOUNT));
    private static final Map<String, Object> ERROR_ANSWER = Map.of("$ref", "#/components/responses/Error");
    /** A shared property schema longer than this, written as JSON, is published once ({@link #hoistRepeated}). */
    private static final int HOIST_BYTES = 4096;

    private OpenApiDocument() {
    }

    /**
     * @param servicePaths path items served outside the versioned base path (probes, this document), each naming
     *                     its own server and security
     */
    static Map<String, Object> of(List<Router.Route> routes, Map<String, Object> servicePaths) {
        Map<String, Object> schemas = new TreeMap<>();
        COMMON.forEach(shape -> publish(schemas, shape));
        Map<String, Map<String, Object>> paths = new LinkedHashMap<>();
        for (Router.Route route : routes) {
            route.operation().shapes().forEach(shape -> publish(schemas, shape));
            paths.computeIfAbsent(route.template(), t -> new LinkedHashMap<>())
                    .put(route.method().toLowerCase(java.util.Locale.ROOT), operation(route));
        }
        hoistRepeated(paths, schemas);
        Map<String, Object> allPaths = new LinkedHashMap<>(paths);
        allPaths.putAll(servicePaths);
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("openapi", VERSION);
        document.put("info", Map.of("title", "Global payments service API",
                "version", ApiHandler.BASE_PATH.substring(1),
                "description", "Customers, accounts, transfers, quotes, UMA, embedded wallets and webhooks. "
                        + "Amounts are integers in the currency's minor units. Errors answer with the Error body.",
                "license", Map.of("name", "Apache-2.0", "identifier", "Apache-2.0")));
        document.put("servers", List.of(Map.of("url", ApiHandler.BASE_PATH)));
        document.put("security", List.of(Map.of("basicAuth", List.of())));
        document.put("paths", allPaths);
        document.put("components", Map.of(
                "schemas", schemas,
                "responses", Map.of("Error", Map.of("description", "A refusal or failure",
                        "content", json(ERROR.ref()))),
                "securitySchemes", Map.of("basicAuth", Map.of("type", "http", "scheme", "basic",
                        "description", "An API token: its id as the username, its secret as the password"),
                        "agentAuth", Map.of("type", "http", "scheme", "bearer",
                        "description", "An agent's access token, from redeeming its device code"))));
        return stable(document, null);
    }

    /**
     * The document with a fixed key order, so that it reads the same at every start: the top level as written,
     * paths in the order the routes are registered, properties in the order the schemas list them, every other
     * object's keys sorted (many are {@code Map.of}, whose order changes from run to run).
     *
     * @param key the key {@code node} is the value of; null for the document itself
     */
    @SuppressWarnings("unchecked")
    private static <T> T stable(T node, String key) {
        if (node instanceof Map<?, ?> map) {
            Map<String, Object> ordered = key == null || key.equals("paths") || key.equals("properties")
                    ? new LinkedHashMap<>() : new TreeMap<>();
            map.forEach((k, v) -> ordered.put((String) k, stable(v, (String) k)));
            return (T) ordered;
        }
        if (node instanceof List<?> list) {
            return (T) list.stream().map(item -> stable(item, "")).toList();
        }
        return node;
    }

    /**
     * Publishes once, under {@code components/schemas}, each large property schema that several request bodies share
     * (an external account's {@code accountInfo}, one branch per account type), and refers to it by name: the same
     * rule, written once. It is named after the property, capitalised ({@code AccountInfo}).
     */
    @SuppressWarnings("unchecked")
    private static void hoistRepeated(Map<String, Map<String, Object>> paths, Map<String, Object> schemas) {
        Map<Object, List<String>> seen = new LinkedHashMap<>();
        Map<Object, Integer> count = new LinkedHashMap<>();
        paths.values().forEach(item -> item.values().forEach(op -> properties(((Map<String, Object>) op)
                .get("requestBody"), (name, schema) -> {
            if (JsonCodec.write(schema).length > HOIST_BYTES) {
                count.merge(schema, 1, Integer::sum);
                seen.computeIfAbsent(schema, k -> new ArrayList<>()).add(name);
            }
        })));
        Map<Object, Map<String, Object>> refs = new LinkedHashMap<>();
        count.forEach((schema, n) -> {
            if (n > 1) {
                String key = seen.get(schema).get(0);
                String name = Character.toUpperCase(key.charAt(0)) + key.substring(1);
                if (!schemas.containsKey(name)) {
                    schemas.put(name, schema);
                    refs.put(schema, JsonSchema.ref(name));
                }
            }
        });
        if (refs.isEmpty()) {
            return;
        }
        paths.values().forEach(item -> item.replaceAll((method, op) -> replaced(op, refs)));
    }

    /** {@code node} with every value equal to a key of {@code refs} replaced by its reference. */
    @SuppressWarnings("unchecked")
    private static Object replaced(Object node, Map<Object, Map<String, Object>> refs) {
        if (refs.containsKey(node)) {
            return refs.get(node);
        }
        if (node instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put((String) k, replaced(v, refs)));
            return copy;
        }
        if (node instanceof List<?> list) {
            return list.stream().map(item -> replaced(item, refs)).toList();
        }
        return node;
    }

    /** Every property schema (name and schema) inside a request body, however deep. */
    @SuppressWarnings("unchecked")
    private static void properties(Object node, java.util.function.BiConsumer<String, Object> visit) {
        if (node instanceof Map<?, ?> map) {
            if (map.get("properties") instanceof Map<?, ?> properties) {
                properties.forEach((name, schema) -> visit.accept((String) name, schema));
            }
            map.values().forEach(v -> properties(v, visit));
        } else if (node instanceof List<?> list) {
            list.forEach(item -> properties(item, visit));
        }
    }

    private static void publish(Map<String, Object> schemas, Shape shape) {
        Object earlier = schemas.putIfAbsent(shape.name(), shape.schema());
        if (earlier != null && !earlier.equals(shape.schema())) {
            throw new IllegalStateException("Two schemas are named " + shape.name());
        }
    }

    private static Map<String, Object> operation(Router.Route route) {
        Operation op = route.operation();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("operationId", operationId(route));
        json.put("summary", op.summary());
        json.put("description", description(route));
        json.put("tags", List.of(route.segments()[0]));
        switch (op.access()) {
            case API_TOKEN -> json.put("x-permission", route.permission().name());
            case AGENT -> json.put("security", List.of(Map.of("agentAuth", List.of())));
            case NONE -> json.put("security", List.of());
        }
        List<Object> parameters = new ArrayList<>();
        for (String segment : route.segments()) {
            if (segment.startsWith("{")) {
                parameters.add(Map.of("name", segment.substring(1, segment.length() - 1), "in", "path",
                        "required", true, "schema", JsonSchema.string()));
            }
        }
        op.query().forEach((name, schema) -> parameters.add(schema.get("type").equals("array")
                ? Map.of("name", name, "in", "query", "schema", schema, "style", "form", "explode", true)
                : Map.of("name", name, "in", "query", "schema", schema)));
        if (op.isIdempotent()) {
            Map<String, Object> key = header(Idempotent.HEADER, "A client's key for this request (a UUID): a repeat "
                    + "with the same key and body gets the first answer, marked Idempotent-Replayed");
            parameters.add(op.isKeyRequired() ? required(key) : key);
        }
        if (op.isSigned()) {
            parameters.add(header("Service-Wallet-Signature", "The retry's signature over payloadToSign"));
            parameters.add(header("Request-Id", "The retry's requestId, from the 202"));
        }
        op.headers().forEach((name, description) -> parameters.add(header(name, description)));
        if (!parameters.isEmpty()) {
            json.put("parameters", parameters);
        }
        if (op.isMultipart()) {
            json.put("requestBody", Map.of("required", true, "content", Map.of("multipart/form-data",
                    Map.of("schema", withFile(op.body().schema(), op.filePart(), op.fileDescription())))));
        } else if (op.body() != null) {
            json.put("requestBody", Map.of("required", op.bodyRequired(), "content", json(op.body().schema())));
        }
        Map<String, Object> responses = new LinkedHashMap<>();
        op.answers().forEach((status, answer) -> responses.put(status.toString(), answer.schema() == null
                ? Map.of("description", answer.description())
                : Map.of("description", answer.description(), "content", json(answer.schema()))));
        responses.put("4XX", ERROR_ANSWER);
        responses.put("5XX", ERROR_ANSWER);
        json.put("responses", responses);
        return json;
    }

    /** The text parts' object schema with the file part added, required. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> withFile(Map<String, Object> fields, String filePart, String description) {
        Map<String, Object> schema = new LinkedHashMap<>(fields);
        Map<String, Object> properties = new LinkedHashMap<>((Map<String, Object>) fields.get("properties"));
        properties.put(filePart, Map.of("type", "string", "contentMediaType", "application/octet-stream",
                "description", description));
        schema.put("properties", properties);
        List<Object> required = new ArrayList<>((List<Object>) fields.getOrDefault("required", List.of()));
        required.add(filePart);
        schema.put("required", required);
        return schema;
    }

    private static String description(Router.Route route) {
        String text = switch (route.operation().access()) {
            case API_TOKEN -> "Needs a token with the " + route.permission() + " permission.";
            case AGENT -> "Called by an agent with its access token, within its policy; what it reaches is its "
                    + "customer's.";
            case NONE -> "Needs no credentials.";
        };
        if (route.template().startsWith("/sandbox/")) {
            text += " Sandbox platforms only.";
        }
        return text;
    }

    /** {@code GET /customers/{customerId}} becomes {@code getCustomersByCustomerId}. */
    private static String operationId(Router.Route route) {
        StringBuilder id = new StringBuilder(route.method().toLowerCase(java.util.Locale.ROOT));
        for (String segment : route.segments()) {
            boolean param = segment.startsWith("{");
            String word = param ? "By-" + segment.substring(1, segment.length() - 1) : segment;
            for (String part : word.split("[-_]")) {
                if (!part.isEmpty()) {
                    id.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
                }
            }
        }
        return id.toString();
    }

    private static Map<String, Object> header(String name, String description) {
        return Map.of("name", name, "in", "header", "description", description, "schema", JsonSchema.string());
    }

    /** A parameter the request must carry. */
    private static Map<String, Object> required(Map<String, Object> parameter) {
        Map<String, Object> required = new LinkedHashMap<>(parameter);
        required.put("required", true);
        return required;
    }

    static Map<String, Object> json(Map<String, Object> schema) {
        return Map.of("application/json", Map.of("schema", schema));
    }
}
