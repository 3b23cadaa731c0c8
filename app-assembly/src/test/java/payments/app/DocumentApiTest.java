package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;

/** Documents uploaded as real multipart bodies: real PDF, PNG and JPEG files; what is not one is refused. */
class DocumentApiTest {
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);
    private final String customer = api.post("/customers", CustomerApiTest.individual("doc-" + System.nanoTime()))
            .string("id");

    static Map<String, String> passport(String holder) {
        return Map.of("documentHolder", holder, "documentType", "PASSPORT", "country", "US",
                "documentNumber", "X1234567", "side", "FRONT");
    }

    static String sha256(byte[] content) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
    }

    @Test
    void a_pdf_and_an_image_are_kept_with_their_kind_size_and_hash() throws Exception {
        byte[] pdf = TestFiles.pdf();
        var uploaded = api.multipart("POST", "/documents", passport(customer), "passport.pdf", pdf);
        assertEquals(201, uploaded.status(), uploaded.raw().body());
        assertEquals("application/pdf", uploaded.string("contentType"));
        assertEquals((long) pdf.length, uploaded.body().get("size"));
        assertEquals(sha256(pdf), uploaded.string("sha256"));
        assertEquals("passport.pdf", uploaded.string("fileName"));
        assertEquals(customer, uploaded.string("documentHolder"));

        byte[] png = TestFiles.png();
        var proof = api.multipart("POST", "/documents", Map.of("documentHolder", customer, "documentType",
                "PROOF_OF_ADDRESS", "country", "US"), "bill.png", png);
        assertEquals("image/png", proof.string("contentType"));

        String id = uploaded.string("id");
        assertEquals("X1234567", api.get("/documents/" + id).string("documentNumber"));
        assertEquals(2, api.get("/documents?documentHolder=" + customer).data().size());
        assertEquals(1, api.get("/documents?documentHolder=" + customer + "&limit=1").data().size());

        byte[] jpeg = TestFiles.jpeg();
        var replaced = api.multipart("PUT", "/documents/" + id, Map.of("documentType", "DRIVERS_LICENSE",
                "country", "CA"), "licence.jpg", jpeg);
        assertEquals(200, replaced.status(), replaced.raw().body());
        assertEquals("image/jpeg", replaced.string("contentType"));
        assertEquals(sha256(jpeg), replaced.string("sha256"));
        assertEquals(customer, replaced.string("documentHolder"), "the holder stays");

        assertEquals(204, api.delete("/documents/" + proof.string("id")).status());
        assertEquals(404, api.get("/documents/" + proof.string("id")).status());
    }

    @Test
    void a_file_is_judged_by_its_bytes_and_its_size() {
        var renamed = api.multipart("POST", "/documents", passport(customer), "passport.pdf",
                TestFiles.executable());
        assertEquals(List.of("file"), renamed.invalidFields(), "an executable named .pdf");
        var text = api.multipart("POST", "/documents", passport(customer), "passport.png",
                "just text".getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of("file"), text.invalidFields());

        byte[] large = new byte[11 << 20];
        System.arraycopy(TestFiles.pdf(), 0, large, 0, 16);
        var tooLarge = api.multipart("POST", "/documents", passport(customer), "big.pdf", large);
        assertEquals(413, tooLarge.status());
        assertEquals("PAYLOAD_TOO_LARGE", tooLarge.code());

        assertEquals(List.of("file"), api.multipart("POST", "/documents", passport(customer), null, null)
                .invalidFields(), "no file part");
        assertEquals(415, api.post("/documents", passport(customer)).status(), "JSON is not a multipart body");
    }

    @Test
    void the_text_parts_are_checked_as_a_json_body_would_be() {
        var bad = api.multipart("POST", "/documents", Map.of("documentHolder", customer, "documentType", "SELFIE_2",
                "country", "USA", "colour", "red"), "a.pdf", TestFiles.pdf());
        assertEquals(List.of("colour", "country", "documentType"), bad.invalidFields().stream().sorted().toList());
        assertEquals(List.of("documentHolder"), api.multipart("POST", "/documents", passport("Token:abc"),
                "a.pdf", TestFiles.pdf()).invalidFields());
        assertEquals("USER_NOT_FOUND", api.multipart("POST", "/documents",
                passport("Customer:00000000-0000-4000-8000-000000000000"), "a.pdf", TestFiles.pdf()).code());
        assertEquals(404, api.multipart("POST", "/documents",
                passport("BeneficialOwner:00000000-0000-4000-8000-000000000000"), "a.pdf", TestFiles.pdf())
                .status());
    }

    @Test
    void a_document_submitted_for_verification_is_kept() {
        String id = api.multipart("POST", "/documents", passport(customer), "p.pdf", TestFiles.pdf()).string("id");
        api.patch("/customers/" + customer, Map.of("customerType", "INDIVIDUAL", "nationality", "GB"));
        var submitted = api.post("/verifications", Map.of("customerId", customer));
        assertEquals("READY_FOR_VERIFICATION", submitted.string("verificationStatus"), submitted.raw().body());

        var kept = api.delete("/documents/" + id);
        assertEquals(409, kept.status());
        assertEquals("CONFLICT", kept.code());
        String later = api.multipart("POST", "/documents", passport(customer), "new.pdf", TestFiles.pdf())
                .string("id");
        assertEquals(204, api.delete("/documents/" + later).status(), "uploaded after the submission");
    }

    @Test
    void another_platform_sees_none_of_them() {
        String id = api.multipart("POST", "/documents", passport(customer), "p.pdf", TestFiles.pdf()).string("id");
        ApiClient stranger = TestServer.newPlatform(Environment.SANDBOX);
        assertEquals(404, stranger.get("/documents/" + id).status());
        assertEquals(404, stranger.delete("/documents/" + id).status());
        assertEquals(404, stranger.multipart("PUT", "/documents/" + id, Map.of("documentType", "PASSPORT",
                "country", "US"), "p.pdf", TestFiles.pdf()).status());
        assertEquals("USER_NOT_FOUND", stranger.multipart("POST", "/documents", passport(customer), "p.pdf",
                TestFiles.pdf()).code());
        assertEquals(0, stranger.get("/documents?documentHolder=" + customer).data().size());
        assertFalse(api.get("/documents").data().isEmpty());
    }
}
