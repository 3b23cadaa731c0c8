package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;

/** Hosted verification links and the sandbox's page behind them, over plain HTTP (a browser test drives it too). */
class KycLinkApiTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);

    private String customer(String fullName) {
        Map<String, Object> body = new HashMap<>(CustomerApiTest.individual("link-" + System.nanoTime()));
        body.put("fullName", fullName);
        return api.post("/customers", body).string("id");
    }

    static HttpResponse<String> page(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> decide(String url, String decision) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type",
                "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString("decision=" + decision))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void the_end_user_finishes_the_verification_on_the_linked_page_once() throws Exception {
        String customer = customer("<img src=x onerror=alert(1)>");
        var link = api.post("/customers/" + customer + "/kyc-link", null);
        assertEquals(201, link.status(), link.raw().body());
        String url = link.string("kycUrl");
        assertTrue(url.startsWith("http://localhost:" + TestServer.get().port() + "/kyc/"), url);
        assertEquals("PAYMENTS_SANDBOX", link.string("provider"));

        var shown = page(url);
        assertEquals(200, shown.statusCode());
        assertTrue(shown.body().contains("&lt;img src=x onerror=alert(1)&gt;"), "the name as text");
        assertFalse(shown.body().contains("<img"));
        assertFalse(shown.body().contains("<script"));
        String policy = shown.headers().firstValue("Content-Security-Policy").orElseThrow();
        assertTrue(policy.startsWith("default-src 'none'") && !policy.contains("script-src"), policy);
        assertEquals("no-store", shown.headers().firstValue("Cache-Control").orElseThrow());

        assertEquals(400, decide(url, "maybe").statusCode());
        var finished = decide(url, "approve");
        assertEquals(200, finished.statusCode());
        assertTrue(finished.body().contains("APPROVED"));
        assertEquals("APPROVED", api.get("/customers/" + customer).string("kycStatus"));
        assertEquals("APPROVED", api.get("/verifications?customerId=" + customer).data().get(0)
                .get("verificationStatus"));
        assertEquals(1, api.get("/webhooks/events?type=CUSTOMER.KYC_APPROVED").data().size());

        assertEquals(410, decide(url, "fail").statusCode(), "single use");
        assertEquals(200, page(url).statusCode(), "a used link shows its outcome");
        assertEquals(404, page(url + "x").statusCode());
    }

    @Test
    void failing_sends_the_end_user_back_to_the_platform_and_links_expire() throws Exception {
        String customer = customer("Grace Hopper");
        String url = api.post("/customers/" + customer + "/kyc-link", Map.of("redirectUri",
                "https://platform.example/done?step=kyc")).string("kycUrl");
        var failed = decide(url, "fail");
        assertEquals(303, failed.statusCode());
        assertEquals("https://platform.example/done?step=kyc&status=REJECTED",
                failed.headers().firstValue("Location").orElseThrow());
        assertEquals("REJECTED", api.get("/customers/" + customer).string("kycStatus"));

        String later = api.post("/customers/" + customer + "/kyc-link", Map.of()).string("kycUrl");
        api.post("/sandbox/clock/advance", Map.of("seconds", 24 * 3600));
        assertEquals(410, decide(later, "approve").statusCode());
        assertEquals(java.util.List.of("redirectUri"), api.post("/customers/" + customer + "/kyc-link",
                Map.of("redirectUri", "javascript:alert(1)")).invalidFields());
    }

    @Test
    void a_link_waits_for_the_contacts_the_provider_requires_and_production_has_no_provider() {
        Map<String, Object> european = new HashMap<>(CustomerApiTest.individual("eu-link-" + System.nanoTime()));
        european.put("region", "FR");
        String customer = api.post("/customers", european).string("id");
        assertEquals("CONFLICT", api.post("/customers/" + customer + "/kyc-link", null).code());

        ApiClient production = TestServer.newPlatform(Environment.PRODUCTION);
        String theirs = production.post("/customers", CustomerApiTest.individual("prod-" + System.nanoTime()))
                .string("id");
        assertEquals(501, production.post("/customers/" + theirs + "/kyc-link", null).status());
        assertEquals(404, TestServer.newPlatform(Environment.SANDBOX).post("/customers/" + customer + "/kyc-link",
                null).status());
    }
}
