package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;

/** A 100,000-row file through the API: staged as it is read, imported in batches, every customer once. */
class BulkImportScaleTest {
    static final int ROWS = 100_000;

    /** {@code rows} people, each row a distinct customer. */
    static byte[] csv(String prefix, int rows) {
        StringBuilder csv = new StringBuilder(BulkImportApiTest.HEADER).append('\n');
        for (int i = 0; i < rows; i++) {
            csv.append(BulkImportApiTest.person(prefix + i)).append('\n');
        }
        return csv.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    @SuppressWarnings("unchecked")
    void a_hundred_thousand_rows_become_a_hundred_thousand_customers() throws Exception {
        ApiClient api = TestServer.newPlatform(Environment.SANDBOX);
        long started = System.nanoTime();
        var upload = api.multipart("POST", "/customers/bulk/csv", Map.of(), "big.csv", csv("big-", ROWS));
        assertEquals(202, upload.status(), upload.raw().body());
        long staged = System.nanoTime();
        String job = upload.string("jobId");
        ApiClient.Reply state;
        long deadline = System.nanoTime() + 20L * 60 * 1_000_000_000;
        do {
            Thread.sleep(500);
            state = api.get("/customers/bulk/jobs/" + job);
            assertTrue(System.nanoTime() < deadline, "the import did not finish in 20 minutes: " + state.body());
        } while (!"COMPLETED".equals(state.string("status")));
        long done = System.nanoTime();
        System.out.printf("bulk import of %d rows: staged in %.1f s, imported in %.1f s%n", ROWS,
                (staged - started) / 1e9, (done - staged) / 1e9);
        Map<String, Object> progress = (Map<String, Object>) state.body().get("progress");
        assertEquals((long) ROWS, progress.get("successful"));
        assertEquals((long) ROWS, api.get("/customers?limit=1").body().get("totalCount"));
    }
}
