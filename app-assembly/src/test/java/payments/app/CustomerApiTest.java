package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;

class CustomerApiTest {
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);

    static Map<String, Object> individual(String platformCustomerId) {
        Map<String, Object> body = new HashMap<>();
        body.put("customerType", "INDIVIDUAL");
        body.put("platformCustomerId", platformCustomerId);
        body.put("fullName", "Ada Lovelace");
        body.put("birthDate", "1815-12-10");
        body.put("email", "ada@example.com");
        body.put("phoneNumber", "+15555550100");
        body.put("region", "US");
        body.put("currencies", List.of("USD", "EUR"));
        body.put("identifier", "123-45-6789");
        body.put("address", Map.of("line1", "1 Main St", "postalCode", "10001", "country", "US"));
        return body;
    }

    static Map<String, Object> business(String platformCustomerId) {
        return Map.of("customerType", "BUSINESS", "platformCustomerId", platformCustomerId,
                "businessInfo", Map.of("legalName", "Acme Inc", "country", "US", "incorporatedOn", "2001-02-03",
                        "taxId", "12-3456789", "registrationNumber", "REG-100"),
                "address", Map.of("line1", "2 Market St", "postalCode", "94105", "country", "US"));
    }

    @Test
    void creating_an_individual_returns_it_with_accounts_per_currency_and_hides_write_only_fields() {
        var created = api.post("/customers", individual("ind-1"));
        assertEquals(201, created.status());
        var c = created.body();
        assertTrue(((String) c.get("id")).startsWith("Customer:"));
        assertEquals("ind-1", c.get("platformCustomerId"));
        assertEquals("PENDING", c.get("kycStatus"));
        assertEquals(false, c.get("isDeleted"));
        assertTrue(((String) c.get("umaAddress")).endsWith("@test.example"));
        assertNull(c.get("identifier"));
        assertEquals(c, api.get("/customers/" + c.get("id")).body());

        var accounts = api.get("/customers/internal-accounts?type=INTERNAL_FIAT&customerId=" + c.get("id")).data();
        assertEquals(2, accounts.size());
        assertEquals(java.util.Set.of("USD", "EUR"), new java.util.HashSet<>(accounts.stream()
                .map(a -> ((Map<?, ?>) ((Map<?, ?>) a.get("balance")).get("currency")).get("code")).toList()));
    }

    @Test
    void creating_a_business_requires_business_info() {
        var created = api.post("/customers", business("biz-1"));
        assertEquals(201, created.status());
        assertEquals("PENDING", created.body().get("kybStatus"));
        assertEquals("Acme Inc", ((Map<?, ?>) created.body().get("businessInfo")).get("legalName"));

        var missing = api.post("/customers", Map.of("customerType", "BUSINESS"));
        assertEquals(List.of("businessInfo"), missing.invalidFields());
        var incomplete = api.post("/customers", Map.of("customerType", "BUSINESS",
                "businessInfo", Map.of("legalName", "X")));
        assertEquals(List.of("businessInfo.country", "businessInfo.incorporatedOn", "businessInfo.taxId"),
                incomplete.invalidFields().stream().sorted().toList());
    }

    @Test
    void bad_customer_input_is_400_naming_each_field() {
        Map<String, Object> body = individual("bad-1");
        body.put("email", "not-an-email");
        body.put("phoneNumber", "5550100");
        body.put("nationality", "XX");
        body.put("birthDate", "1815-02-30");
        body.put("currencies", List.of("USD", "DOGE"));
        body.put("address", Map.of("line1", "1 Main St", "country", "US"));
        body.put("favouriteColour", "blue");
        var reply = api.post("/customers", body);
        assertEquals(400, reply.status());
        assertEquals(List.of("address.postalCode", "birthDate", "currencies[1]", "email", "favouriteColour",
                "nationality", "phoneNumber"), reply.invalidFields().stream().sorted().toList());
        assertEquals(List.of("customerType"), api.post("/customers", Map.of("customerType", "ROBOT"))
                .invalidFields());
        assertEquals(List.of("fullName"), api.post("/customers", Map.of("customerType", "INDIVIDUAL",
                "fullName", 42)).invalidFields());
        assertEquals(0L, api.get("/customers").body().get("totalCount"));
    }

    @Test
    void a_currency_the_platform_does_not_support_is_invalid_currency() {
        Map<String, Object> body = individual("gbp-1");
        body.put("currencies", List.of("GBP"));
        var reply = api.post("/customers", body);
        assertEquals(400, reply.status());
        assertEquals("INVALID_CURRENCY", reply.code());
    }

    @Test
    void colliding_platform_customer_id_or_uma_address_is_409_until_the_holder_is_deleted() {
        Map<String, Object> first = individual("dup-1");
        first.put("umaAddress", "$ada@test.example");
        String id = api.post("/customers", first).string("id");

        Map<String, Object> sameId = individual("dup-1");
        assertEquals("CONFLICT", api.post("/customers", sameId).code());
        Map<String, Object> sameUma = individual("dup-2");
        sameUma.put("umaAddress", "$ada@test.example");
        var uma = api.post("/customers", sameUma);
        assertEquals(409, uma.status());
        assertEquals("UMA_ADDRESS_EXISTS", uma.code());

        var deleted = api.delete("/customers/" + id);
        assertEquals(200, deleted.status());
        assertEquals(true, deleted.body().get("isDeleted"));
        assertEquals(410, api.delete("/customers/" + id).status());
        assertEquals("CUSTOMER_DELETED", api.delete("/customers/" + id).code());
        assertEquals(201, api.post("/customers", first).status());
    }

    @Test
    void list_filters_and_pages_cover_every_customer_once() {
        for (int i = 0; i < 5; i++) {
            api.post("/customers", individual("page-" + i));
        }
        api.post("/customers", business("page-biz"));
        String deleted = api.post("/customers", individual("page-deleted")).string("id");
        api.delete("/customers/" + deleted);

        var firstPage = api.get("/customers?limit=4");
        assertEquals(4, firstPage.data().size());
        assertEquals(true, firstPage.body().get("hasMore"));
        assertEquals(6L, firstPage.body().get("totalCount"));
        var secondPage = api.get("/customers?limit=4&cursor=" + firstPage.string("nextCursor"));
        assertEquals(2, secondPage.data().size());
        assertEquals(false, secondPage.body().get("hasMore"));
        assertFalse(secondPage.body().containsKey("nextCursor"));

        assertEquals(1L, api.get("/customers?customerType=BUSINESS").body().get("totalCount"));
        assertEquals(1L, api.get("/customers?platformCustomerId=page-3").body().get("totalCount"));
        assertEquals(7L, api.get("/customers?isIncludingDeleted=true").body().get("totalCount"));
        assertEquals(1L, api.get("/customers?currency=MXN").body().get("totalCount"));
        assertEquals(5L, api.get("/customers?region=US").body().get("totalCount"));
        for (String bad : List.of("us", "123", "USA")) {
            var refused = api.get("/customers?region=" + bad);
            assertEquals(400, refused.status(), bad);
            assertEquals(List.of("region"), refused.invalidFields(), bad);
        }
        assertEquals(0L, api.get("/customers?createdAfter=2999-01-01T00:00:00Z").body().get("totalCount"));
        assertEquals(6L, api.get("/customers?createdBefore=2999-01-01T00:00:00Z&updatedAfter=2000-01-01T00:00:00Z")
                .body().get("totalCount"));
    }

    @Test
    void updating_merges_fields_and_refuses_what_cannot_change() {
        String id = api.post("/customers", business("upd-1")).string("id");
        var updated = api.patch("/customers/" + id, Map.of("customerType", "BUSINESS",
                "businessInfo", Map.of("doingBusinessAs", "Acme"), "currencies", List.of("USD", "MXN")));
        assertEquals(200, updated.status());
        Map<?, ?> info = (Map<?, ?>) updated.body().get("businessInfo");
        assertEquals("Acme Inc", info.get("legalName"));
        assertEquals("Acme", info.get("doingBusinessAs"));
        assertEquals(1, api.get("/customers/internal-accounts?customerId=" + id + "&currency=MXN").data().size());

        assertEquals(List.of("platformCustomerId"), api.patch("/customers/" + id, Map.of("customerType", "BUSINESS",
                "platformCustomerId", "other")).invalidFields());
        assertEquals(List.of("customerType"), api.patch("/customers/" + id, Map.of("customerType", "INDIVIDUAL"))
                .invalidFields());
        assertEquals(List.of("businessInfo.purposeOfAccountOtherDescription"), api.patch("/customers/" + id,
                Map.of("customerType", "BUSINESS", "businessInfo", Map.of("purposeOfAccount", "OTHER")))
                .invalidFields());
        assertEquals("USER_NOT_FOUND", api.patch("/customers/Customer:00000000-0000-4000-8000-000000000000",
                Map.of("customerType", "BUSINESS")).code());
    }

    @Test
    void concurrent_changes_of_one_customer_apply_one_after_the_other() throws Exception {
        for (int round = 0; round < 10; round++) {
            String id = api.post("/customers", individual("race-" + round)).string("id");
            String name = "Ada " + round;
            String phone = "+1555555020" + round;
            List<ApiClient.Reply> patched = Concurrently.run(
                    () -> api.patch("/customers/" + id, Map.of("customerType", "INDIVIDUAL", "fullName", name)),
                    () -> api.patch("/customers/" + id, Map.of("customerType", "INDIVIDUAL", "phoneNumber", phone)));
            assertEquals(List.of(200, 200), Concurrently.statuses(patched));
            Map<String, Object> after = api.get("/customers/" + id).body();
            assertEquals(name, after.get("fullName"), "round " + round + ": neither change is lost");
            assertEquals(phone, after.get("phoneNumber"), "round " + round + ": neither change is lost");

            List<ApiClient.Reply> raced = Concurrently.run(() -> api.delete("/customers/" + id),
                    () -> api.patch("/customers/" + id, Map.of("customerType", "INDIVIDUAL", "fullName", "Late")));
            assertEquals(200, raced.get(0).status());
            assertEquals(true, api.get("/customers/" + id).body().get("isDeleted"),
                    "round " + round + ": an update racing the delete does not undo it");
        }
    }

    @Test
    void kyc_status_is_set_by_verification_outside_the_sandbox_and_a_uma_address_is_on_the_platforms_domain() {
        ApiClient production = TestServer.newPlatform(Environment.PRODUCTION);
        Map<String, Object> approved = individual("prod-1");
        approved.put("kycStatus", "APPROVED");
        assertEquals(List.of("kycStatus"), production.post("/customers", approved).invalidFields());
        var created = production.post("/customers", individual("prod-1"));
        assertEquals("PENDING", created.body().get("kycStatus"));
        String id = created.string("id");
        assertEquals(List.of("kycStatus"), production.patch("/customers/" + id, Map.of("customerType",
                "INDIVIDUAL", "kycStatus", "APPROVED")).invalidFields());
        assertEquals(200, production.patch("/customers/" + id, Map.of("customerType", "INDIVIDUAL",
                "kycStatus", "PENDING")).status(), "sending the current status back is fine");
        assertEquals("APPROVED", api.post("/customers", approved).body().get("kycStatus"),
                "the sandbox takes it as a stand-in for verification");

        Map<String, Object> elsewhere = individual("uma-elsewhere");
        elsewhere.put("umaAddress", "$ada@other.example");
        assertEquals(List.of("umaAddress"), api.post("/customers", elsewhere).invalidFields());
        elsewhere.put("umaAddress", "$ada.lovelace@TEST.example");
        String own = api.post("/customers", elsewhere).string("id");
        assertEquals(List.of("umaAddress"), api.patch("/customers/" + own, Map.of("customerType", "INDIVIDUAL",
                "umaAddress", "$ada@other.example")).invalidFields());
    }

    @Test
    void a_customer_keeps_a_currency_the_platform_stopped_offering_through_other_changes() {
        Map<String, Object> body = individual("keeps-mxn");
        body.put("currencies", List.of("USD", "MXN"));
        String id = api.post("/customers", body).string("id");
        List<Map<String, Object>> remaining = new java.util.ArrayList<>();
        for (Object c : (List<?>) api.get("/config").body().get("supportedCurrencies")) {
            if (!"MXN".equals(((Map<?, ?>) c).get("currencyCode"))) {
                remaining.add(new HashMap<>((Map<String, Object>) c));
            }
        }
        assertEquals(200, api.patch("/config", Map.of("supportedCurrencies", remaining)).status());

        var renamed = api.patch("/customers/" + id, Map.of("customerType", "INDIVIDUAL", "fullName", "Ada King"));
        assertEquals(200, renamed.status(), renamed.raw().body());
        assertEquals(List.of("USD", "MXN"), renamed.body().get("currencies"));
        assertEquals("INVALID_CURRENCY", api.patch("/customers/" + id, Map.of("customerType", "INDIVIDUAL",
                "currencies", List.of("USD", "MXN", "EUR", "BRL"))).code(), "but adds none it does not offer");
    }
}
