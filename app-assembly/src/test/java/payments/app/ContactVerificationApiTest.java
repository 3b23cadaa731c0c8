package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;

/** Email and phone verification with codes (sandbox code 123456), and the end-user terms. */
class ContactVerificationApiTest {
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);

    /** A person in Germany, where the provider verifies contacts before KYC. */
    private String european(String phone) {
        Map<String, Object> body = new HashMap<>(Map.of("customerType", "INDIVIDUAL",
                "platformCustomerId", "eu-" + System.nanoTime(), "region", "DE", "fullName", "Ada Lovelace",
                "email", "ada." + System.nanoTime() + "@test.example"));
        if (phone != null) {
            body.put("phoneNumber", phone);
        }
        var created = api.post("/customers", body);
        assertEquals(201, created.status(), created.raw().body());
        return created.string("id");
    }

    private static Map<?, ?> contacts(ApiClient.Reply customer) {
        return (Map<?, ?>) customer.body().get("contactVerification");
    }

    private ApiClient.Reply confirm(String customer, String channel, String code) {
        return api.post("/customers/" + customer + "/verify-" + channel + "/confirm", Map.of("code", code));
    }

    @Test
    void an_email_is_verified_with_the_code_sent_and_unverified_again_when_it_changes() {
        String customer = european("+4915112345678");
        assertEquals(Map.of("email", "PENDING", "phone", "PENDING"), contacts(api.get("/customers/" + customer)));

        assertEquals(204, api.post("/customers/" + customer + "/verify-email", null).status());
        var wrong = confirm(customer, "email", "654321");
        assertEquals(List.of("code"), wrong.invalidFields());
        var verified = confirm(customer, "email", "123456");
        assertEquals(200, verified.status(), verified.raw().body());
        assertEquals(Map.of("email", "VERIFIED", "phone", "PENDING"), contacts(verified));
        assertEquals("CONFLICT", api.post("/customers/" + customer + "/verify-email", null).code(),
                "a verified channel");
        assertEquals(409, confirm(customer, "email", "123456").status());

        // The platform's embedded wallet ties an EMAIL_OTP credential to the email: the change is a signed retry.
        Map<String, Object> change = Map.of("customerType", "INDIVIDUAL", "email", "ada.new@test.example");
        var challenge = api.patch("/customers/" + customer, change);
        assertEquals(202, challenge.status(), challenge.raw().body());
        var changed = api.withHeader("Request-Id",
                challenge.string("requestId")).withHeader("Service-Wallet-Signature", "sandbox-valid-signature")
                .patch("/customers/" + customer, change);
        assertEquals(200, changed.status(), changed.raw().body());
        assertEquals("PENDING", contacts(changed).get("email"), "a new address must be proved again");

        assertEquals(204, api.post("/customers/" + customer + "/verify-phone", null).status());
        assertEquals("VERIFIED", contacts(confirm(customer, "phone", "123456")).get("phone"));
    }

    @Test
    void a_code_expires_after_ten_minutes_of_platform_time_and_guessing_is_limited() {
        String customer = european(null);
        assertEquals(204, api.post("/customers/" + customer + "/verify-email", null).status());
        api.post("/sandbox/clock/advance", Map.of("seconds", 601));
        assertEquals(List.of("code"), confirm(customer, "email", "123456").invalidFields(), "expired");

        assertEquals(204, api.post("/customers/" + customer + "/verify-email", null).status());
        for (int i = 0; i < 5; i++) {
            assertEquals(400, confirm(customer, "email", "00000" + i).status());
        }
        var limited = confirm(customer, "email", "123456");
        assertEquals(429, limited.status(), "even the right code, once five wrong ones were tried");
        assertEquals("RATE_LIMITED", limited.code());
        assertTrue(Long.parseLong(limited.raw().headers().firstValue("Retry-After").orElseThrow()) > 0);

        for (int sent = 3; sent <= 5; sent++) {
            assertEquals(204, api.post("/customers/" + customer + "/verify-email", null).status(), "code " + sent);
        }
        var tooMany = api.post("/customers/" + customer + "/verify-email", null);
        assertEquals(429, tooMany.status(), "a sixth code within the hour");
        assertTrue(Long.parseLong(tooMany.raw().headers().firstValue("Retry-After").orElseThrow()) > 60);
        assertEquals("VERIFIED", contacts(confirm(customer, "email", "123456")).get("email"),
                "a new code may be tried again");
    }

    @Test
    void contact_verification_applies_only_where_the_provider_asks_for_it() {
        var american = api.post("/customers", CustomerApiTest.individual("us-" + System.nanoTime()));
        assertFalse(american.body().containsKey("contactVerification"));
        assertEquals(409, api.post("/customers/" + american.string("id") + "/verify-email", null).status());

        String noPhone = european(null);
        assertEquals(Map.of("email", "PENDING"), contacts(api.get("/customers/" + noPhone)));
        assertEquals("CONFLICT", api.post("/customers/" + noPhone + "/verify-phone", null).code());

        ApiClient stranger = TestServer.newPlatform(Environment.SANDBOX);
        assertEquals(404, stranger.post("/customers/" + noPhone + "/verify-email", null).status());
        assertEquals(List.of("code"), api.post("/customers/" + noPhone + "/verify-email/confirm", Map.of())
                .invalidFields());
        assertEquals(List.of("x"), api.post("/customers/" + noPhone + "/verify-email", Map.of("x", 1))
                .invalidFields(), "sending takes no body");
    }

    @Test
    void a_consent_names_the_end_user_terms_in_force() {
        var terms = api.get("/customers/end-user-terms");
        assertEquals(200, terms.status());
        String version = terms.string("version");
        assertTrue(terms.string("url").startsWith("https://"));

        Map<String, Object> body = new HashMap<>(CustomerApiTest.individual("terms-" + System.nanoTime()));
        body.put("endUserTermsConsent", Map.of("acceptedAt", "2026-01-02T03:04:05Z", "ipAddress", "203.0.113.9",
                "termsVersion", "1999-01-01", "acceptanceMethod", "CHECKBOX"));
        assertEquals("END_USER_TERMS_VERSION_NOT_FOUND", api.post("/customers", body).code());
        body.put("endUserTermsConsent", Map.of("acceptedAt", "2026-01-02T03:04:05Z", "ipAddress", "203.0.113.9",
                "termsVersion", version, "acceptanceMethod", "CHECKBOX"));
        var accepted = api.post("/customers", body);
        assertEquals(201, accepted.status(), accepted.raw().body());
        assertEquals(version, ((Map<?, ?>) accepted.body().get("endUserTermsConsent")).get("termsVersion"));
    }
}
