package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;

/** Money moved by many requests at once, over real HTTP on real PostgreSQL. */
class ConcurrencyApiTest {
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);
    private final String customerId = api.post("/customers", CustomerApiTest.individual("racer")).string("id");
    private final String usdAccount = (String) api.get("/customers/internal-accounts?customerId=" + customerId
            + "&currency=USD").data().get(0).get("id");
    private final String external = api.post("/customers/external-accounts",
            AccountApiTest.usdAccount(customerId, "123456789")).string("id");

    private Map<String, Object> transferOut(long amount) {
        return Map.of("source", Map.of("accountId", usdAccount), "destination", Map.of("accountId", external),
                "amount", amount);
    }

    private static <T> List<T> concurrently(int count, Callable<T> work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(count);
        try {
            List<Callable<T>> tasks = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                tasks.add(work);
            }
            List<T> results = new ArrayList<>();
            for (Future<T> f : pool.invokeAll(tasks)) {
                results.add(f.get());
            }
            return results;
        } finally {
            pool.shutdown();
        }
    }

    /** 50 in CI; 1,000-way with {@code -Drace.requests=1000} (docs/RELIABILITY.md gives the command). */
    private static final int RACE = Integer.getInteger("race.requests", 50);

    @Test
    void fifty_concurrent_transfer_outs_from_an_account_funded_for_ten_let_exactly_ten_through() throws Exception {
        int fundedFor = RACE / 5;
        api.post("/sandbox/internal-accounts/" + usdAccount + "/fund", Map.of("amount", fundedFor * 700));

        List<ApiClient.Reply> replies = concurrently(RACE, () -> api.post("/transfer-out", transferOut(700)));

        long created = replies.stream().filter(r -> r.status() == 201).count();
        long refused = replies.stream().filter(r -> r.status() == 400 && "INSUFFICIENT_BALANCE".equals(r.code()))
                .count();
        assertEquals(fundedFor, created);
        assertEquals(RACE - fundedFor, refused);
        var account = api.get("/customers/internal-accounts?customerId=" + customerId + "&currency=USD").data().get(0);
        assertEquals(0L, ((Map<?, ?>) account.get("balance")).get("amount"));
        assertEquals(0L, ((Map<?, ?>) account.get("totalBalance")).get("amount"));
        assertEquals((long) fundedFor, api.get("/transactions?status=COMPLETED").body().get("totalCount"));
        assertEquals(true, api.get("/sandbox/ledger/check").body().get("balanced"));
    }

    @Test
    void twenty_concurrent_requests_with_one_idempotency_key_have_one_effect_and_identical_responses()
            throws Exception {
        api.post("/sandbox/internal-accounts/" + usdAccount + "/fund", Map.of("amount", 10_000));
        String key = UUID.randomUUID().toString();
        String body = ApiClient.JSON.writeValueAsString(transferOut(1_000));

        List<ApiClient.Reply> replies = concurrently(20, () -> api.withHeader("Idempotency-Key", key)
                .post("/transfer-out", body));

        assertTrue(replies.stream().allMatch(r -> r.status() == 201), () -> replies.stream()
                .map(r -> r.status() + " " + r.raw().body()).toList().toString());
        assertEquals(1, replies.stream().map(r -> r.raw().body()).distinct().count());
        assertEquals(19, replies.stream().filter(r -> r.raw().headers().firstValue("Idempotent-Replayed")
                .isPresent()).count());
        assertEquals(1L, api.get("/transactions").body().get("totalCount"));
        var account = api.get("/customers/internal-accounts?customerId=" + customerId + "&currency=USD").data().get(0);
        assertEquals(9_000L, ((Map<?, ?>) account.get("totalBalance")).get("amount"));
    }

    @Test
    void a_key_reused_for_another_request_is_409_and_a_malformed_key_400() {
        api.post("/sandbox/internal-accounts/" + usdAccount + "/fund", Map.of("amount", 10_000));
        String key = UUID.randomUUID().toString();
        var keyed = api.withHeader("Idempotency-Key", key);
        assertEquals(201, keyed.post("/transfer-out", transferOut(100)).status());
        // The same request spelled differently is still the same request.
        assertEquals(201, keyed.post("/transfer-out", "{ \"amount\": 100, \"destination\": {\"accountId\": \""
                + external + "\"}, \"source\": {\"accountId\": \"" + usdAccount + "\"} }").status());
        var other = keyed.post("/transfer-out", transferOut(200));
        assertEquals(409, other.status());
        assertEquals("CONFLICT", other.code());
        assertEquals(List.of("Idempotency-Key"), api.withHeader("Idempotency-Key", "not-a-uuid")
                .post("/transfer-out", transferOut(100)).invalidFields());
        assertEquals(1L, api.get("/transactions").body().get("totalCount"));
    }

    @Test
    void a_refused_request_stores_nothing_so_its_key_can_be_retried() {
        String key = UUID.randomUUID().toString();
        var keyed = api.withHeader("Idempotency-Key", key);
        assertEquals("INSUFFICIENT_BALANCE", keyed.post("/transfer-out", transferOut(100)).code());
        api.post("/sandbox/internal-accounts/" + usdAccount + "/fund", Map.of("amount", 100));
        assertEquals(201, keyed.post("/transfer-out", transferOut(100)).status());
    }

    @Test
    void concurrent_transfer_outs_of_every_kind_each_get_the_answer_they_would_get_alone() throws Exception {
        api.post("/sandbox/internal-accounts/" + usdAccount + "/fund", Map.of("amount", 10_000));
        String usedKey = UUID.randomUUID().toString();
        String usedBody = ApiClient.JSON.writeValueAsString(transferOut(100));
        var first = api.withHeader("Idempotency-Key", usedKey).post("/transfer-out", usedBody);
        assertEquals(201, first.status());
        String unknown = "ExternalAccount:" + UUID.randomUUID();
        List<Callable<String>> requests = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            int kind = i % 4;
            requests.add(() -> switch (kind) {
                case 0 -> outcome(api.withHeader("Idempotency-Key", UUID.randomUUID().toString())
                        .post("/transfer-out", transferOut(100)));
                case 1 -> outcome(api.post("/transfer-out", Map.of("source", Map.of("accountId", usdAccount),
                        "destination", Map.of("accountId", unknown), "amount", 100)));
                case 2 -> {
                    var replay = api.withHeader("Idempotency-Key", usedKey).post("/transfer-out", usedBody);
                    yield replay.raw().body().equals(first.raw().body())
                            && replay.raw().headers().firstValue("Idempotent-Replayed").isPresent()
                            ? "replayed" : "wrong replay " + replay.raw().body();
                }
                default -> outcome(api.withHeader("Idempotency-Key", usedKey).post("/transfer-out",
                        transferOut(200)));
            });
        }
        ExecutorService pool = Executors.newFixedThreadPool(60);
        List<String> outcomes = new ArrayList<>();
        try {
            for (Future<String> f : pool.invokeAll(requests)) {
                outcomes.add(f.get());
            }
        } finally {
            pool.shutdown();
        }

        for (int i = 0; i < 60; i++) {
            assertEquals(List.of("201", "404 REFERENCE_NOT_FOUND", "replayed", "409 CONFLICT").get(i % 4),
                    outcomes.get(i), "request " + i);
        }
        assertEquals(16L, api.get("/transactions").body().get("totalCount"));
        var account = api.get("/customers/internal-accounts?customerId=" + customerId + "&currency=USD").data().get(0);
        assertEquals(10_000L - 16 * 100, ((Map<?, ?>) account.get("totalBalance")).get("amount"));
        assertEquals(true, api.get("/sandbox/ledger/check").body().get("balanced"));
    }

    /**
     * An execution holds its source and credits an internal destination later; two in opposite directions between
     * one customer's accounts must not lock them in opposite orders, or PostgreSQL's deadlock would answer 500.
     */
    @Test
    void opposite_conversions_between_two_own_accounts_at_once_all_complete() throws Exception {
        String eurAccount = (String) api.get("/customers/internal-accounts?customerId=" + customerId
                + "&currency=EUR").data().get(0).get("id");
        for (String account : List.of(usdAccount, eurAccount)) {
            api.post("/sandbox/internal-accounts/" + account + "/fund", Map.of("amount", 1_000_000));
        }
        List<String> outcomes = new ArrayList<>();
        for (int round = 0; round < 8; round++) {
            boolean immediately = round % 2 == 0; // alone, as created; or through /execute's batches
            List<Callable<ApiClient.Reply>> calls = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                String from = i % 2 == 0 ? usdAccount : eurAccount;
                String to = i % 2 == 0 ? eurAccount : usdAccount;
                Map<String, Object> quote = Map.of("source", Map.of("sourceType", "ACCOUNT", "accountId", from),
                        "destination", Map.of("destinationType", "ACCOUNT", "accountId", to),
                        "lockedCurrencySide", "SENDING", "lockedCurrencyAmount", 1_000,
                        "immediatelyExecute", immediately);
                if (immediately) {
                    calls.add(() -> api.post("/quotes", quote));
                } else {
                    String id = api.post("/quotes", quote).string("id");
                    calls.add(() -> api.post("/quotes/" + id + "/execute", null));
                }
            }
            @SuppressWarnings("unchecked")
            Callable<ApiClient.Reply>[] atOnce = calls.toArray(Callable[]::new);
            for (ApiClient.Reply reply : Concurrently.run(atOnce)) {
                outcomes.add(reply.status() / 100 == 2 ? String.valueOf(reply.body().get("status"))
                        : reply.status() + " " + reply.raw().body());
            }
        }
        assertEquals(32, outcomes.stream().filter("COMPLETED"::equals).count(), outcomes.toString());
        var check = api.get("/sandbox/ledger/check");
        assertEquals(true, check.body().get("balanced"), String.valueOf(check.body().get("violations")));
    }

    private static String outcome(ApiClient.Reply reply) {
        return reply.status() == 201 ? "201" : reply.status() + " " + reply.code();
    }
}
