package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.TestDatabase;

/** Delayed outcomes live in the database: a server that stops loses none of them. */
class DurableJobsTest {
    @Test
    void an_outcome_scheduled_by_a_server_that_stopped_is_applied_by_another_process() {
        Config config = Config.fromEnvironment(Map.of()).withPort(0)
                .withDatabase(TestDatabase.url(), TestDatabase.user(), TestDatabase.password())
                .withSandboxToken(TestServer.SANDBOX_CREDENTIALS);
        ApiClient survivor = TestServer.sandbox();
        String transactionId;
        String account;
        try (PaymentsServer first = PaymentsServer.start(config)) {
            ApiClient api = new ApiClient(first.port(), TestServer.SANDBOX_CREDENTIALS);
            String customer = api.post("/customers", CustomerApiTest.individual("durable-" + System.nanoTime()))
                    .string("id");
            account = (String) api.get("/customers/internal-accounts?customerId=" + customer + "&currency=USD")
                    .data().get(0).get("id");
            api.post("/sandbox/internal-accounts/" + account + "/fund", Map.of("amount", 500));
            String external = api.post("/customers/external-accounts",
                    AccountApiTest.usdAccount(customer, "000000005")).string("id");
            var t = api.post("/transfer-out", Map.of("source", Map.of("accountId", account),
                    "destination", Map.of("accountId", external), "amount", 200));
            assertEquals("PROCESSING", t.body().get("status"));
            transactionId = t.string("id");
        }

        survivor.post("/sandbox/clock/advance", Map.of("seconds", 30));

        assertEquals("FAILED", survivor.get("/transactions/" + transactionId).body().get("status"));
        var balance = survivor.get("/customers/internal-accounts?currency=USD&customerId="
                + survivor.get("/transactions/" + transactionId).body().get("customerId")).data().get(0);
        assertEquals(500L, ((Map<?, ?>) balance.get("balance")).get("amount"));
    }
}
