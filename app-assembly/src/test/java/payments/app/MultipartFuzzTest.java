package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;

/**
 * The document upload's multipart body made bad one part at a time, and as a whole: every answer is a 2xx or a
 * well-formed 4xx, never a 5xx, and a refused upload stores nothing.
 */
class MultipartFuzzTest {
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);
    private final String customer = api.post("/customers", CustomerApiTest.individual("fuzz-" + System.nanoTime()))
            .string("id");

    private Map<String, String> fields() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("documentHolder", customer);
        fields.put("documentType", "PASSPORT");
        fields.put("country", "US");
        fields.put("documentNumber", "X123");
        return fields;
    }

    /** A valid body with {@code change} applied to its text parts, then the file part (unless dropped). */
    private ApiClient.Multipart body(Consumer<Map<String, String>> change, boolean withFile) {
        Map<String, String> fields = fields();
        change.accept(fields);
        var form = new ApiClient.Multipart();
        fields.forEach(form::text);
        if (withFile) {
            form.file("file", "passport.pdf", TestFiles.pdf());
        }
        return form;
    }

    @Test
    void each_part_made_bad_gets_a_well_formed_answer() {
        List<ApiClient.Multipart> cases = new ArrayList<>();
        for (String name : fields().keySet()) {
            for (String bad : List.of("", " ", "x".repeat(5000), "\u0000", "\uD800", "SELFIE_2", "Customer:",
                    "Customer:00000000-0000-4000-8000-000000000000", "💳", "null", "{\"a\":1}", "-1")) {
                cases.add(body(f -> f.put(name, bad), true));
            }
            cases.add(body(f -> f.remove(name), true));
            var repeated = body(f -> { }, true);
            repeated.text(name, "again");
            cases.add(repeated);
            var binary = body(f -> f.remove(name), true);
            binary.part("Content-Disposition: form-data; name=\"" + name + "\"", name,
                    new byte[] {(byte) 0xC3, 0x28, (byte) 0xFF, 0}, "(binary)");
            cases.add(binary);
        }
        cases.add(body(f -> { }, false));
        for (byte[] content : List.of(new byte[0], new byte[] {'%'}, "%PDF".getBytes(StandardCharsets.US_ASCII),
                TestFiles.executable(), new byte[4096])) {
            cases.add(body(f -> { }, false).file("file", "x.pdf", content));
        }
        for (String fileName : List.of("", "\u0000.pdf", "a/../../etc/passwd", "x".repeat(300), "\r\n.pdf")) {
            cases.add(body(f -> { }, false).file("file", fileName, TestFiles.pdf()));
        }
        cases.add(body(f -> { }, false).text("file", "not a file"));
        var twoFiles = body(f -> { }, true);
        twoFiles.file("file", "again.pdf", TestFiles.pdf());
        cases.add(twoFiles);
        cases.add(body(f -> { }, true).part("Content-Type: text/plain", null, "no name".getBytes(), null));
        cases.add(body(f -> { }, true).part("Content-Disposition: form-data", null, "no name".getBytes(), null));
        var many = body(f -> { }, true);
        for (int i = 0; i < 25; i++) {
            many.text("extra" + i, "x");
        }
        cases.add(many);

        List<String> problems = new ArrayList<>();
        int created = 0;
        for (ApiClient.Multipart form : cases) {
            var reply = api.multipart("POST", "/documents", form.bytes(), form.contentType(), form.seen());
            created += reply.status() == 201 ? 1 : 0;
            check(reply, form.seen().toString(), problems);
        }
        assertEquals(List.of(), problems);
        assertEquals((long) created, api.get("/documents?documentHolder=" + customer).body().get("totalCount"),
                "a refused upload stores nothing");
    }

    @Test
    void a_body_broken_as_a_whole_gets_a_well_formed_answer() {
        var form = body(f -> { }, true);
        byte[] valid = form.bytes();
        List<String> problems = new ArrayList<>();
        Map<String, byte[]> bodies = new LinkedHashMap<>();
        bodies.put("unclosed", form.unclosed());
        bodies.put("truncated", java.util.Arrays.copyOf(valid, valid.length / 2));
        bodies.put("empty", new byte[0]);
        bodies.put("garbage", "not multipart at all".getBytes(StandardCharsets.US_ASCII));
        bodies.put("json", "{\"documentType\":\"PASSPORT\"}".getBytes(StandardCharsets.US_ASCII));
        bodies.forEach((what, bytes) -> check(api.multipart("POST", "/documents", bytes, form.contentType(),
                Map.of()), what, problems));
        for (String type : List.of("multipart/form-data", "multipart/form-data; boundary=", "multipart/form-data; "
                + "boundary=other", "multipart/form-data; boundary=" + "b".repeat(200), "multipart/mixed; boundary="
                + form.boundary, "text/plain")) {
            check(api.multipart("POST", "/documents", valid, type, Map.of()), type, problems);
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void a_customers_csv_upload_made_bad_gets_a_well_formed_answer() {
        String header = BulkImportApiTest.HEADER;
        String row = BulkImportApiTest.person("fz" + System.nanoTime());
        List<ApiClient.Multipart> cases = new ArrayList<>();
        for (String csv : List.of("", "\n\n", header, header + "\n" + row.replace(",", ";"),
                header + "\n\"" + row, header + "\n" + row + ",x,y,z", header.replace("umaAddress", "uma") + "\n" + row,
                header + "," + header + "\n" + row, "\uFEFF" + header + "\n" + row, header + "\n" + "\u0000" + row,
                header + "\n" + row.replace("INDIVIDUAL", "ROBOT"), header + "\n" + ",".repeat(5000))) {
            cases.add(new ApiClient.Multipart().file("file", "c.csv", csv.getBytes(StandardCharsets.UTF_8)));
        }
        cases.add(new ApiClient.Multipart().text("file", header + "\n" + row));
        cases.add(new ApiClient.Multipart().file("file", "c.csv", TestFiles.png()));
        cases.add(new ApiClient.Multipart().file("file", "c.csv", (header + "\n" + row).getBytes(
                StandardCharsets.UTF_8)).text("note", "x"));
        cases.add(new ApiClient.Multipart().file("upload", "c.csv", (header + "\n" + row).getBytes(
                StandardCharsets.UTF_8)));
        List<String> problems = new ArrayList<>();
        for (ApiClient.Multipart form : cases) {
            check(api.multipart("POST", "/customers/bulk/csv", form.bytes(), form.contentType(), form.seen()),
                    form.seen().toString(), problems);
        }
        assertEquals(List.of(), problems);
    }

    private static void check(ApiClient.Reply reply, String what, List<String> problems) {
        int status = reply.status();
        boolean wellFormed = status / 100 == 2 || (status / 100 == 4 && reply.code() != null
                && reply.body().get("message") != null);
        if (!wellFormed) {
            problems.add(status + " for " + abbreviate(what) + ": " + abbreviate(reply.raw().body()));
        }
        assertTrue(status < 500, status + " for " + abbreviate(what) + ": " + abbreviate(reply.raw().body()));
    }

    private static String abbreviate(String text) {
        return text.length() > 200 ? text.substring(0, 200) + "..." : text;
    }
}
