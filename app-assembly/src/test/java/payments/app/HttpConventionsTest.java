package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;

class HttpConventionsTest {
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);

    @Test
    void every_response_carries_a_request_id_and_errors_carry_the_spec_body() {
        var reply = api.get("/customers/Customer:not-a-uuid");
        assertEquals(400, reply.status());
        assertEquals(400, ((Number) reply.body().get("status")).intValue());
        assertEquals("INVALID_INPUT", reply.code());
        assertNotNull(reply.body().get("message"));
        assertEquals(java.util.List.of("customerId"), reply.invalidFields());
        assertTrue(reply.raw().headers().firstValue("X-Request-Id").orElseThrow().startsWith("Request:"));
    }

    @Test
    void missing_malformed_and_wrong_credentials_are_401() {
        assertEquals(401, api.exchange("GET", "/customers", null, null, null).status());
        assertEquals("UNAUTHORIZED", api.exchange("GET", "/customers", null, null, "Basic !!!").code());
        assertEquals(401, api.exchange("GET", "/customers", null, null, "Bearer abc").status());
        String wrong = java.util.Base64.getEncoder().encodeToString(
                "11111111-2222-4333-8444-555555555555:wrong".getBytes());
        assertEquals(401, api.exchange("GET", "/customers", null, null, "Basic " + wrong).status());
        assertEquals(401, api.exchange("GET", "/customers", null, null,
                "Basic " + java.util.Base64.getEncoder().encodeToString("nocolon".getBytes())).status());
    }

    @Test
    void unknown_routes_are_404_and_wrong_methods_405_with_allow() {
        assertEquals(404, api.get("/nowhere").status());
        assertEquals("NOT_FOUND", api.get("/nowhere").code());
        assertEquals(404, api.exchange("GET", "/../customers", null, null, api.authorization()).status());
        var reply = api.send("PUT", "/customers", Map.of());
        assertEquals(405, reply.status());
        assertEquals("METHOD_NOT_ALLOWED", reply.code());
        assertEquals("GET, POST", reply.raw().headers().firstValue("Allow").orElseThrow());
        var literal = api.delete("/customers/internal-accounts");
        assertEquals(405, literal.status(), "not a DELETE of a customer whose id is 'internal-accounts'");
        assertEquals("GET", literal.raw().headers().firstValue("Allow").orElseThrow());
    }

    @Test
    void malformed_json_duplicate_keys_and_trailing_content_are_400() {
        assertEquals("INVALID_INPUT", api.post("/customers", "{\"customerType\":").code());
        assertEquals(400, api.post("/customers",
                "{\"customerType\":\"INDIVIDUAL\",\"customerType\":\"BUSINESS\"}").status());
        assertEquals(400, api.post("/customers", "{\"customerType\":\"INDIVIDUAL\"} {}").status());
        assertEquals(400, api.post("/customers", "[1,2]").status());
        assertEquals(400, api.post("/customers", "").status());
    }

    @Test
    void text_holding_u0000_is_400_naming_where_it_is_and_changes_nothing() {
        Object before = api.get("/customers").body().get("totalCount");
        var inBody = api.post("/customers", "{\"customerType\":\"INDIVIDUAL\",\"platformCustomerId\":\"a\\u0000b\"}");
        assertEquals(400, inBody.status());
        assertEquals(java.util.List.of("platformCustomerId"), inBody.invalidFields());
        var nested = new java.util.HashMap<>(CustomerApiTest.individual("nul-nested"));
        nested.put("address", Map.of("line1", "1 Main\0 St", "postalCode", "10001", "country", "US"));
        assertEquals(java.util.List.of("address.line1"), api.post("/customers", nested).invalidFields());
        var inList = new java.util.HashMap<>(CustomerApiTest.individual("nul-list"));
        inList.put("currencies", java.util.List.of("USD", "E\0UR"));
        assertEquals(java.util.List.of("currencies[1]"), api.post("/customers", inList).invalidFields());
        assertEquals(java.util.List.of("platformCustomerId"),
                api.get("/customers?platformCustomerId=a%00b").invalidFields());
        var inPath = api.get("/receiver/uma/$a%00b@example.com");
        assertEquals(400, inPath.status());
        assertEquals("INVALID_INPUT", inPath.code());
        assertEquals(before, api.get("/customers").body().get("totalCount"));
        // An escaped backslash before "u0000" is plain text, not the character.
        var literal = new java.util.HashMap<>(CustomerApiTest.individual("not\\u0000nul"));
        assertEquals(201, api.post("/customers", literal).status());
    }

    @Test
    void an_unpaired_surrogate_is_400_since_it_would_be_stored_as_another_text() {
        var lone = api.post("/customers", "{\"customerType\":\"INDIVIDUAL\",\"platformCustomerId\":\"a\\uD800\"}");
        assertEquals(400, lone.status());
        assertEquals(java.util.List.of("platformCustomerId"), lone.invalidFields());
        var paired = api.post("/customers", CustomerApiTest.individual("smile-\uD83D\uDE00"));
        assertEquals(201, paired.status(), paired.raw().body());
        assertEquals("smile-\uD83D\uDE00", api.get("/customers/" + paired.string("id")).body()
                .get("platformCustomerId"));
    }

    @Test
    void bodies_over_the_limit_are_413_and_non_json_bodies_415() {
        String huge = "{\"customerType\":\"INDIVIDUAL\",\"fullName\":\"" + "a".repeat(1_100_000) + "\"}";
        var tooLarge = api.post("/customers", huge);
        assertEquals(413, tooLarge.status());
        assertEquals("PAYLOAD_TOO_LARGE", tooLarge.code());
        var text = api.exchange("POST", "/customers", "customerType=INDIVIDUAL", "text/plain", api.authorization());
        assertEquals(415, text.status());
    }

    @Test
    void a_chunked_body_is_read_up_to_the_limit_like_a_sized_one() {
        var small = api.postChunked("/customers", "{\"customerType\":\"INDIVIDUAL\",\"fullName\":\"Ann\"}");
        assertEquals(201, small.status(), small.body().toString());
        assertEquals("Ann", small.string("fullName"));
        var tooLarge = api.postChunked("/customers", "{\"customerType\":\"INDIVIDUAL\",\"fullName\":\""
                + "a".repeat(1_100_000) + "\"}");
        assertEquals(413, tooLarge.status());
        assertEquals("PAYLOAD_TOO_LARGE", tooLarge.code());
    }

    @Test
    void unknown_and_malformed_query_parameters_are_400_naming_them() {
        var reply = api.get("/customers?limit=0&colour=blue&createdAfter=yesterday&customerType=ROBOT");
        assertEquals(400, reply.status());
        assertEquals(java.util.Set.of("limit", "colour", "createdAfter", "customerType"),
                new java.util.HashSet<>(reply.invalidFields()));
        var badCursor = api.get("/customers?cursor=garbage");
        assertEquals(400, badCursor.status());
        assertEquals("Invalid field cursor: is not a cursor returned by this list", badCursor.body().get("message"),
                "a parser's own field error is the field's, not wrapped in a second prefix");
        var badId = api.get("/customers/internal-accounts?customerId=Customer:x");
        assertEquals(java.util.List.of(java.util.Map.of("field", "customerId", "message",
                "must be an id of the form Customer:<uuid>")), ((java.util.Map<?, ?>) badId.body().get("details"))
                .get("errors"));
        assertEquals(400, api.get("/customers?limit=101").status());
        // Java's parsers take a plus sign and other scripts' digits (a full-width one); a query takes ASCII only.
        assertEquals(java.util.List.of("limit"), api.get("/customers?limit=%2B5").invalidFields());
        assertEquals(java.util.List.of("limit"), api.get("/customers?limit=%EF%BC%95").invalidFields());
        assertEquals(java.util.List.of("sendingAmount"),
                api.get("/exchange-rates?sourceCurrency=USD&sendingAmount=%2B5").invalidFields());
        // Years PostgreSQL's timestamps do not hold: refused as invalid, not left to PostgreSQL's error (a 500).
        assertEquals(java.util.List.of("createdAfter", "createdBefore"), api.get("/customers?createdAfter="
                + "-200000-01-01T00:00:00Z&createdBefore=%2B300000-01-01T00:00:00Z").invalidFields());
        assertEquals(200, api.get("/customers?createdAfter=0001-01-01T00:00:00Z").status());
    }

    @Test
    void a_platform_can_never_read_or_change_another_platforms_records() {
        ApiClient other = TestServer.newPlatform(Environment.SANDBOX);
        String id = (String) api.post("/customers", Map.of("customerType", "INDIVIDUAL")).body().get("id");

        assertEquals(404, other.get("/customers/" + id).status());
        assertEquals(404, other.patch("/customers/" + id, Map.of("customerType", "INDIVIDUAL",
                "fullName", "Mallory")).status());
        assertEquals(404, other.delete("/customers/" + id).status());
        assertEquals(0L, other.get("/customers").body().get("totalCount"));
        assertEquals(200, api.get("/customers/" + id).status());
        assertEquals(null, api.get("/customers/" + id).body().get("fullName"));
    }

    @Test
    void sandbox_routes_answer_403_to_production_platforms() {
        ApiClient production = TestServer.newPlatform(Environment.PRODUCTION);
        String account = (String) production.get("/platform/internal-accounts").data().get(0).get("id");
        var reply = production.post("/sandbox/internal-accounts/" + account + "/fund", Map.of("amount", 100));
        assertEquals(403, reply.status());
        assertEquals("FORBIDDEN", reply.code());
    }
}
