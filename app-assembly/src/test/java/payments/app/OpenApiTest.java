package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /openapi.json}: an OpenAPI 3.1 document a real parser accepts, covering every route the server has;
 * {@link OpenApiConformance} then holds the whole HTTP suite's traffic to it.
 */
class OpenApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static HttpResponse<String> fetch() throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://localhost:"
                + TestServer.get().port() + "/openapi.json")).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void the_document_is_served_without_credentials_and_a_real_parser_finds_nothing_wrong() throws Exception {
        var response = fetch();
        assertEquals(200, response.statusCode());
        assertEquals("application/json", response.headers().firstValue("Content-Type").orElseThrow());

        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        var result = new OpenAPIV3Parser().readContents(response.body(), null, options);
        assertEquals(List.of(), result.getMessages(), "the parser's complaints");
        OpenAPI api = result.getOpenAPI();
        assertEquals("3.1.0", api.getOpenapi());
        assertEquals("/2025-10-13", api.getServers().get(0).getUrl());
        assertEquals("basic", api.getComponents().getSecuritySchemes().get("basicAuth").getScheme());
        assertTrue(api.getPaths().get("/healthz").getGet().getSecurity().isEmpty(), "the probes need no token");
    }

    @Test
    void every_route_of_the_server_is_described_once_with_its_answers_and_error_body() throws Exception {
        JsonNode document = JSON.readTree(fetch().body());
        var conformance = new OpenApiConformance(fetch().body());
        assertEquals(new TreeSet<>(TestServer.get().routes()), new TreeSet<>(conformance.operations()));

        Set<String> operationIds = new HashSet<>();
        document.get("paths").forEach(item -> item.fields().forEachRemaining(method -> {
            if (method.getValue().has("operationId")) {
                assertTrue(operationIds.add(method.getValue().get("operationId").asText()),
                        "operationIds are unique: " + method.getValue().get("operationId"));
                if (!method.getValue().has("servers") && !item.has("servers")) {
                    JsonNode responses = method.getValue().get("responses");
                    assertTrue(responses.has("4XX") && responses.has("5XX"), "errors documented");
                }
            }
        }));
        JsonNode transferOut = document.at("/paths/~1transfer-out/post");
        assertTrue(transferOut.get("requestBody").get("required").asBoolean());
        assertEquals("TRANSACT", transferOut.get("x-permission").asText());
        assertTrue(transferOut.get("parameters").toString().contains("Idempotency-Key"));
        assertEquals("#/components/schemas/Transaction",
                transferOut.at("/responses/201/content/application~1json/schema/$ref").asText());
    }

    @Test
    void every_schema_in_the_document_is_a_valid_json_schema_2020_12() throws Exception {
        JsonNode document = JSON.readTree(fetch().body());
        var registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        Schema metaSchema = registry.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
        assertFalse(metaSchema.validate(JSON.readTree("{\"type\":5}")).isEmpty(), "the check can fail");
        List<JsonNode> schemas = new ArrayList<>();
        collectSchemas(document, schemas);
        assertTrue(schemas.size() > 60, schemas.size() + " schemas");
        for (JsonNode schema : schemas) {
            assertEquals(List.of(), metaSchema.validate(schema), schema.toString());
        }
    }

    /** Every value of a {@code schema} key, and each component schema. */
    private static void collectSchemas(JsonNode node, List<JsonNode> schemas) {
        node.fields().forEachRemaining(field -> {
            if (field.getKey().equals("schema")) {
                schemas.add(field.getValue());
            } else if (field.getKey().equals("schemas")) {
                field.getValue().forEach(schemas::add);
            } else if (field.getValue().isContainerNode()) {
                collectSchemas(field.getValue(), schemas);
            }
        });
        if (node.isArray()) {
            node.forEach(item -> collectSchemas(item, schemas));
        }
    }

    @Test
    void the_conformance_check_catches_an_answer_or_a_request_the_document_does_not_allow() throws Exception {
        var conformance = new OpenApiConformance(fetch().body());
        String customer = "{\"id\":\"Customer:1\",\"customerType\":\"INDIVIDUAL\",\"createdAt\":"
                + "\"2025-01-01T00:00:00Z\",\"updatedAt\":\"2025-01-01T00:00:00Z\",\"isDeleted\":false}";
        assertEquals(List.of(), conformance.problems("GET", "/customers/Customer:1", null, 200, customer));

        assertFalse(conformance.problems("GET", "/customers/Customer:1", null, 200,
                customer.replace("false", "\"no\"")).isEmpty(), "a field of the wrong type");
        assertFalse(conformance.problems("GET", "/customers/Customer:1", null, 200,
                customer.replace("\"createdAt\"", "\"created\"")).isEmpty(), "a required field missing");
        assertFalse(conformance.problems("GET", "/customers/Customer:1", null, 302, "").isEmpty(),
                "a status the operation does not document");
        assertFalse(conformance.problems("GET", "/customers?colour=red", null, 200,
                "{\"data\":[],\"hasMore\":false}").isEmpty(), "an undocumented query parameter accepted");
        assertFalse(conformance.problems("GET", "/customers?limit=1000", null, 200,
                "{\"data\":[],\"hasMore\":false}").isEmpty(), "a query value beyond the documented range");
        assertFalse(conformance.problems("POST", "/sandbox/clock/advance", "{\"seconds\":\"ten\"}", 200,
                "{\"now\":\"2025-01-01T00:00:00Z\",\"offsetSeconds\":10}").isEmpty(), "a body the schema refuses");
        assertFalse(conformance.problems("GET", "/customers/Customer:1", null, 404, "{\"message\":\"x\"}")
                .isEmpty(), "an error without the error body's fields");
        assertFalse(conformance.problems("GET", "/nowhere", null, 200, "{}").isEmpty(), "an undocumented route");
    }
}
