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

/** Beneficial owners and KYC/KYB verifications over HTTP, with the sandbox's magic suffixes. */
class ComplianceApiTest {
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);

    private String business(String registrationNumber) {
        Map<String, Object> body = new HashMap<>(CustomerApiTest.business("biz-" + registrationNumber + "-"
                + System.nanoTime()));
        body.put("businessInfo", Map.of("legalName", "Acme Inc", "country", "US", "incorporatedOn", "2001-02-03",
                "taxId", "12-3456789", "registrationNumber", registrationNumber));
        var created = api.post("/customers", body);
        assertEquals(201, created.status(), created.raw().body());
        return created.string("id");
    }

    private static Map<String, Object> owner(String customerId, String lastName, int percentage, String... roles) {
        return Map.of("customerId", customerId, "roles", List.of(roles), "ownershipPercentage", percentage,
                "personalInfo", Map.of("firstName", "Grace", "lastName", lastName, "birthDate", "1970-01-02",
                        "nationality", "US", "address", Map.of("line1", "1 Main St", "postalCode", "10001",
                                "country", "US"), "idType", "SSN", "identifier", "123-45-6789"));
    }

    /** Uploads a PDF of {@code type} for a customer or beneficial owner. */
    private void document(String holder, String type) {
        var uploaded = api.multipart("POST", "/documents", Map.of("documentHolder", holder, "documentType", type,
                "country", "US"), type.toLowerCase() + ".pdf", TestFiles.pdf());
        assertEquals(201, uploaded.status(), uploaded.raw().body());
    }

    /** A business with everything a verification needs: its registration document and one documented owner. */
    private String verifiableBusiness(String registrationNumber, String ownerLastName) {
        String business = business(registrationNumber);
        document(business, "CERTIFICATE_OF_INCORPORATION");
        var owner = api.post("/beneficial-owners", owner(business, ownerLastName, 100, "UBO", "CONTROL_PERSON"));
        document(owner.string("id"), "PASSPORT");
        return business;
    }

    private ApiClient.Reply verify(String customerId) {
        return api.post("/verifications", Map.of("customerId", customerId));
    }

    @SuppressWarnings("unchecked")
    private static List<String> errorTypes(ApiClient.Reply verification) {
        return ((List<Map<String, Object>>) verification.body().get("errors")).stream()
                .map(e -> (String) e.get("type")).toList();
    }

    @Test
    @SuppressWarnings("unchecked")
    void a_business_is_verified_once_its_documents_owners_and_control_person_are_known() {
        String business = business("REG-100");
        var first = verify(business);
        assertEquals(200, first.status(), first.raw().body());
        assertEquals("RESOLVE_ERRORS", first.string("verificationStatus"));
        assertEquals(List.of("MISSING_BENEFICIAL_OWNER", "MISSING_LEGAL_PRESENCE_DOCUMENT", "MISSING_CONTROL_PERSON"),
                errorTypes(first));

        document(business, "CERTIFICATE_OF_INCORPORATION");
        var ubo = api.post("/beneficial-owners", owner(business, "Hopper", 60, "UBO"));
        assertEquals(201, ubo.status(), ubo.raw().body());
        assertEquals("PENDING", ubo.string("kycStatus"));
        assertFalse(((Map<?, ?>) ubo.body().get("personalInfo")).containsKey("identifier"), "write-only");
        var missing = verify(business);
        assertEquals(List.of("MISSING_CONTROL_PERSON", "MISSING_IDENTITY_DOCUMENT"), errorTypes(missing));
        assertEquals(ubo.string("id"), ((List<Map<String, Object>>) missing.body().get("errors")).get(1)
                .get("resourceId"), "the owner's own document");

        var controller = api.post("/beneficial-owners", owner(business, "Lamarr002", 30, "CONTROL_PERSON",
                "DIRECTOR"));
        assertEquals(201, controller.status());
        document(ubo.string("id"), "PASSPORT");
        document(controller.string("id"), "NATIONAL_ID");
        var submitted = verify(business);
        assertEquals(first.string("id"), submitted.string("id"), "the same verification, evaluated again");
        assertEquals("READY_FOR_VERIFICATION", submitted.string("verificationStatus"));
        assertEquals(List.of(), errorTypes(submitted));

        api.post("/sandbox/clock/advance", Map.of("seconds", 30));

        var decided = api.get("/verifications/" + first.string("id"));
        assertEquals("APPROVED", decided.string("verificationStatus"));
        assertEquals("APPROVED", api.get("/customers/" + business).string("kybStatus"));
        assertEquals("APPROVED", api.get("/beneficial-owners/" + ubo.string("id")).string("kycStatus"));
        assertEquals("REJECTED", api.get("/beneficial-owners/" + controller.string("id")).string("kycStatus"),
                "lastName ending 002");
        assertEquals(1, api.get("/webhooks/events?type=VERIFICATION.APPROVED").data().size());
        assertEquals(1, api.get("/webhooks/events?type=VERIFICATION.IN_PROGRESS").data().size());
        assertEquals(1, api.get("/webhooks/events?type=CUSTOMER.KYB_APPROVED").data().size());

        var again = verify(business);
        assertFalse(again.string("id").equals(first.string("id")), "a decided verification is not reopened");
    }

    @Test
    void the_registration_number_suffix_decides_the_sandbox_outcome() {
        for (var expected : List.of(List.of("REG-001", "PENDING_MANUAL_REVIEW", "PENDING"),
                List.of("REG-002", "REJECTED", "REJECTED"))) {
            String business = verifiableBusiness(expected.get(0), "Hopper");
            var submitted = verify(business);
            assertEquals("READY_FOR_VERIFICATION", submitted.string("verificationStatus"));
            api.post("/sandbox/clock/advance", Map.of("seconds", 30));
            assertEquals(expected.get(1), api.get("/verifications/" + submitted.string("id"))
                    .string("verificationStatus"), expected.get(0));
            assertEquals(expected.get(2), api.get("/customers/" + business).string("kybStatus"));
        }
        assertEquals(1, api.get("/webhooks/events?type=CUSTOMER.KYB_REJECTED").data().size());
        assertEquals(1, api.get("/webhooks/events?type=VERIFICATION.PENDING_MANUAL_REVIEW").data().size());
    }

    @Test
    @SuppressWarnings("unchecked")
    void a_person_lists_the_missing_identity_fields_until_they_are_given() {
        var created = api.post("/customers", Map.of("customerType", "INDIVIDUAL", "platformCustomerId",
                "kyc-" + System.nanoTime(), "fullName", "Ada Lovelace"));
        String customer = created.string("id");
        var first = verify(customer);
        assertEquals("RESOLVE_ERRORS", first.string("verificationStatus"));
        assertEquals(List.of("birthDate", "nationality", "address"), ((List<Map<String, Object>>) first.body()
                .get("errors")).stream().filter(e -> e.get("type").equals("MISSING_FIELD")).map(e -> e.get("field"))
                .toList());
        assertEquals(List.of("MISSING_FIELD", "MISSING_FIELD", "MISSING_FIELD", "MISSING_IDENTITY_DOCUMENT"),
                errorTypes(first));
        assertEquals(List.of("PASSPORT", "DRIVERS_LICENSE", "NATIONAL_ID"), ((List<Map<String, Object>>) first
                .body().get("errors")).get(3).get("acceptedDocumentTypes"));
        assertEquals(customer, ((List<Map<String, Object>>) first.body().get("errors")).get(0).get("resourceId"));

        var patched = api.patch("/customers/" + customer, Map.of("customerType", "INDIVIDUAL",
                "birthDate", "1815-12-10", "nationality", "GB", "address", Map.of("line1", "1 St James's Sq",
                        "postalCode", "SW1Y 4JH", "country", "GB")));
        assertEquals(200, patched.status(), patched.raw().body());
        assertEquals(List.of("MISSING_IDENTITY_DOCUMENT"), errorTypes(verify(customer)));
        document(customer, "DRIVERS_LICENSE");
        var submitted = verify(customer);
        assertEquals("READY_FOR_VERIFICATION", submitted.string("verificationStatus"));
        api.post("/sandbox/clock/advance", Map.of("seconds", 30));
        assertEquals("APPROVED", api.get("/customers/" + customer).string("kycStatus"));

        var listed = api.get("/verifications?customerId=" + customer + "&verificationStatus=APPROVED");
        assertEquals(1, listed.data().size());
        assertEquals(0, api.get("/verifications?customerId=" + customer + "&verificationStatus=REJECTED").data()
                .size());
        assertEquals(List.of("verificationStatus"), api.get("/verifications?verificationStatus=DONE")
                .invalidFields());
    }

    @Test
    void owners_belong_to_a_business_and_never_hold_more_than_all_of_it() {
        String business = business("REG-200");
        assertEquals(201, api.post("/beneficial-owners", owner(business, "Hopper", 60, "UBO")).status());
        var second = api.post("/beneficial-owners", owner(business, "Lamarr", 40, "UBO"));
        assertEquals(201, second.status());
        var over = api.post("/beneficial-owners", owner(business, "Curie", 1, "DIRECTOR"));
        assertEquals(List.of("ownershipPercentage"), over.invalidFields());
        assertEquals(201, api.post("/beneficial-owners", owner(business, "Curie", 0, "DIRECTOR")).status());

        String ownerId = second.string("id");
        assertEquals(List.of("ownershipPercentage"), api.patch("/beneficial-owners/" + ownerId,
                Map.of("ownershipPercentage", 41)).invalidFields());
        var patched = api.patch("/beneficial-owners/" + ownerId, Map.of("ownershipPercentage", 30,
                "personalInfo", Map.of("middleName", "Kiesler")));
        assertEquals(200, patched.status(), patched.raw().body());
        assertEquals(30L, patched.body().get("ownershipPercentage"));
        Map<?, ?> info = (Map<?, ?>) patched.body().get("personalInfo");
        assertEquals("Kiesler", info.get("middleName"));
        assertEquals("Lamarr", info.get("lastName"), "personalInfo merges field by field");

        var page = api.get("/beneficial-owners?customerId=" + business + "&limit=2");
        assertEquals(2, page.data().size());
        assertEquals(3L, page.body().get("totalCount"));
        assertEquals(List.of("customerId"), api.get("/beneficial-owners").invalidFields());

        var person = api.post("/customers", CustomerApiTest.individual("bo-person-" + System.nanoTime()));
        assertEquals(List.of("customerId"), api.post("/beneficial-owners",
                owner(person.string("id"), "Hopper", 10, "UBO")).invalidFields());
        assertEquals("USER_NOT_FOUND", api.post("/beneficial-owners",
                owner("Customer:00000000-0000-4000-8000-000000000000", "Hopper", 10, "UBO")).code());
        Map<String, Object> badInfo = new HashMap<>(owner(business, "Hopper", 0, "UBO"));
        badInfo.put("personalInfo", Map.of("firstName", "Grace", "lastName", "Hopper", "birthDate", "1970-13-40",
                "nationality", "XX", "address", Map.of("line1", "1 Main St", "postalCode", "10001", "country", "US"),
                "idType", "SSN", "identifier", "1"));
        assertEquals(List.of("personalInfo.birthDate", "personalInfo.nationality"),
                api.post("/beneficial-owners", badInfo).invalidFields().stream().sorted().toList());
        assertEquals(List.of("roles[0]"), api.post("/beneficial-owners", owner(business, "Hopper", 0, "KING"))
                .invalidFields());
    }

    @Test
    void another_platform_sees_none_of_it() {
        String business = business("REG-300");
        var owner = api.post("/beneficial-owners", owner(business, "Hopper", 50, "UBO"));
        var verification = verify(business);
        ApiClient stranger = TestServer.newPlatform(Environment.SANDBOX);

        assertEquals(404, stranger.get("/beneficial-owners/" + owner.string("id")).status());
        assertEquals(404, stranger.patch("/beneficial-owners/" + owner.string("id"),
                Map.of("ownershipPercentage", 1)).status());
        assertEquals(404, stranger.get("/verifications/" + verification.string("id")).status());
        assertEquals("USER_NOT_FOUND", stranger.post("/verifications", Map.of("customerId", business)).code());
        assertEquals(0, stranger.get("/beneficial-owners?customerId=" + business).data().size());
        assertEquals(0, stranger.get("/verifications").data().size());
        assertNull(stranger.get("/verifications").body().get("nextCursor"));
        assertTrue(api.get("/verifications").data().size() >= 1);
    }

    @Test
    void a_platform_that_requires_verified_customers_moves_money_only_for_approved_ones() {
        assertEquals(false, api.get("/config").body().get("requireVerifiedCustomers"), "off in the sandbox");
        assertEquals(true, TestServer.newPlatform(Environment.PRODUCTION).get("/config").body()
                .get("requireVerifiedCustomers"), "on in production");
        assertEquals(200, api.patch("/config", Map.of("requireVerifiedCustomers", true)).status());

        Map<String, Object> body = new HashMap<>(CustomerApiTest.individual("gated-" + System.nanoTime()));
        body.put("nationality", "GB");
        String customer = api.post("/customers", body).string("id");
        document(customer, "PASSPORT");
        String usd = (String) api.get("/customers/internal-accounts?customerId=" + customer + "&currency=USD")
                .data().get(0).get("id");
        assertEquals(200, api.post("/sandbox/internal-accounts/" + usd + "/fund", Map.of("amount", 10_000))
                .status(), "sandbox funding is not a payment of the customer's");
        String external = api.post("/customers/external-accounts", AccountApiTest.usdAccount(customer, "987654321"))
                .string("id");
        Map<String, Object> transferOut = Map.of("source", Map.of("accountId", usd),
                "destination", Map.of("accountId", external), "amount", 1_000);

        var refused = api.post("/transfer-out", transferOut);
        assertEquals(403, refused.status());
        assertEquals("USER_NOT_READY", refused.code());
        assertEquals("USER_NOT_READY", api.post("/transfer-in", Map.of("source", Map.of("accountId", external),
                "destination", Map.of("accountId", usd), "amount", 1_000)).code());
        assertEquals("USER_NOT_READY", api.post("/quotes", Map.of("source", Map.of("sourceType", "ACCOUNT",
                "accountId", usd), "destination", Map.of("destinationType", "ACCOUNT", "accountId", external),
                "lockedCurrencySide", "SENDING", "lockedCurrencyAmount", 1_000)).code());

        assertEquals("READY_FOR_VERIFICATION", verify(customer).string("verificationStatus"));
        api.post("/sandbox/clock/advance", Map.of("seconds", 30));
        assertEquals("APPROVED", api.get("/customers/" + customer).string("kycStatus"));
        assertEquals(201, api.post("/transfer-out", transferOut).status());
    }
}
