package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;

/** Customers imported from CSV files sent as multipart uploads; the import runs as durable jobs. */
class BulkImportApiTest {
    static final String HEADER = "umaAddress,platformCustomerId,customerType,fullName,birthDate,businessLegalName,"
            + "addressLine1,city,state,postalCode,country,email,businessTaxId,businessIncorporatedOn";
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);

    static String person(String id) {
        return "$" + id + "@test.example," + id + ",INDIVIDUAL,Ada " + id + ",1990-01-02,,1 Main St,Springfield,IL,"
                + "62701,US," + id + "@mail.example,,";
    }

    private ApiClient.Reply upload(String csv) {
        return api.multipart("POST", "/customers/bulk/csv", Map.of(), "customers.csv",
                csv.getBytes(StandardCharsets.UTF_8));
    }

    /** The job, once the platform's due jobs have run (a sandbox clock advance runs them at once). */
    private ApiClient.Reply finished(String jobId) {
        for (int i = 0; i < 200; i++) {
            api.post("/sandbox/clock/advance", Map.of("seconds", 1));
            var job = api.get("/customers/bulk/jobs/" + jobId);
            if ("COMPLETED".equals(job.string("status"))) {
                return job;
            }
        }
        throw new AssertionError("the import did not finish");
    }

    @Test
    @SuppressWarnings("unchecked")
    void each_valid_row_becomes_a_customer_and_each_bad_one_an_error_naming_it() {
        String csv = String.join("\n", HEADER, person("bulk-a"), person("bulk-b"),
                "$acme@test.example,bulk-acme,BUSINESS,,,Acme Inc,2 Market St,Springfield,IL,62701,US,,12-3456789,"
                        + "2001-02-03",
                person("bulk-bad").replace("1990-01-02", "1990-13-45"),
                person("bulk-a").replace("$bulk-a@", "$bulk-a2@"),
                person("bulk-c")) + "\n";
        var started = upload(csv);
        assertEquals(202, started.status(), started.raw().body());
        assertTrue(started.string("jobId").startsWith("Job:"));
        assertEquals("PENDING", started.string("status"));

        var job = finished(started.string("jobId"));
        Map<String, Object> progress = (Map<String, Object>) job.body().get("progress");
        assertEquals(Map.of("total", 6L, "processed", 6L, "successful", 4L, "failed", 2L), progress);
        var errors = (List<Map<String, Object>>) job.body().get("errors");
        assertEquals(List.of("bulk-bad", "bulk-a"), errors.stream().map(e -> e.get("correlationId")).toList());
        assertEquals("INVALID_INPUT", errors.get(0).get("code"));
        assertTrue(job.body().containsKey("completedAt"));

        assertEquals(1L, api.get("/customers?platformCustomerId=bulk-acme").body().get("totalCount"));
        assertEquals("BUSINESS", api.get("/customers?platformCustomerId=bulk-acme").data().get(0)
                .get("customerType"));
        assertEquals(1L, api.get("/customers?platformCustomerId=bulk-a").body().get("totalCount"), "created once");
        assertEquals(1, api.get("/webhooks/events?type=BULK_UPLOAD.COMPLETED").data().size());
        assertEquals(404, TestServer.newPlatform(Environment.SANDBOX).get("/customers/bulk/jobs/"
                + started.string("jobId")).status());
    }

    @Test
    void a_file_that_is_not_the_customers_csv_is_refused_whole() {
        assertEquals(400, upload("name,colour\nAda,red\n").status(), "wrong header");
        assertEquals(400, upload(HEADER + "\n").status(), "no rows");
        assertEquals(400, upload("").status(), "empty");
        var binary = api.multipart("POST", "/customers/bulk/csv", Map.of(), "customers.csv", TestFiles.png());
        assertEquals(400, binary.status());
        var unclosed = upload(HEADER + "\n" + person("q1") + "\n\"unclosed," + person("q2") + "\n");
        assertEquals(400, unclosed.status(), unclosed.raw().body());
        var tooManyCells = upload(HEADER + "\n" + person("c1") + ",extra,cells\n");
        assertEquals(400, tooManyCells.status(), tooManyCells.raw().body());
        assertEquals(415, api.post("/customers/bulk/csv", Map.of("file", "x")).status());
        assertEquals(0L, api.get("/customers?platformCustomerId=q1").body().get("totalCount"), "nothing staged");
    }
}
