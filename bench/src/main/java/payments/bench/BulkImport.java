package payments.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;

/**
 * The {@code bulk_import} scenario: a CSV of {@code rows} new customers uploaded in one request, then the import's
 * durable jobs followed to the end. Its rate counts from the upload's start to the last row imported; the heap's
 * peak is the JVM's during it (server and load generator share the JVM; the generator holds the file, whose size is
 * printed beside).
 */
final class BulkImport {
    record Result(int rows, long succeeded, double seconds, long heapPeakMib, long fileMib) {
    }

    private BulkImport() {
    }

    static Result run(Api api, int rows) throws InterruptedException {
        byte[] csv = csv(rows);
        var heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        System.gc();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        long started = System.nanoTime();
        String job = api.upload("/customers/bulk/csv", "customers.csv", csv).body().get("jobId").asText();
        var state = api.call("GET", "/customers/bulk/jobs/" + job, null).body();
        while (!state.get("status").asText().equals("COMPLETED")) {
            Thread.sleep(200);
            state = api.call("GET", "/customers/bulk/jobs/" + job, null).body();
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        return new Result(rows, state.get("progress").get("successful").asLong(), seconds, peak >> 20,
                csv.length >> 20);
    }

    /** {@code rows} people, each with a platformCustomerId of its own (the UMA address left to the service). */
    static byte[] csv(int rows) {
        String run = Long.toString(System.nanoTime(), 36);
        StringBuilder csv = new StringBuilder(rows * 120).append("umaAddress,platformCustomerId,customerType,"
                + "fullName,birthDate,addressLine1,city,state,postalCode,country,email\n");
        for (int i = 0; i < rows; i++) {
            String id = "bulk-" + run + "-" + i;
            csv.append(',').append(id).append(",INDIVIDUAL,Ada Lovelace ")
                    .append(i).append(",1990-01-02,1 Main St,Springfield,IL,62701,US,").append(id)
                    .append("@mail.example\n");
        }
        return csv.toString().getBytes(StandardCharsets.US_ASCII);
    }
}
