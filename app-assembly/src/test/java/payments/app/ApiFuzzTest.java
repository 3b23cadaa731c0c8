package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;

/**
 * Generated bad requests across every route: wrong or missing credentials, malformed JSON, wrong types, absurd
 * numbers, unknown fields and parameters, oversized bodies, malformed, unknown and other platforms' ids. Every one
 * must get a well-formed 4xx and change nothing. Seeded and reproducible: {@code -Dfuzz.seed=..}; the count is
 * {@code -Dfuzz.requests=..} (CI runs a reduced number; docs/RELIABILITY.md has the full run).
 */
class ApiFuzzTest {
    private static final long SEED = Long.getLong("fuzz.seed", 20261122L);
    private static final int REQUESTS = Integer.getInteger("fuzz.requests", 3_000);
    private static final String[] KINDS = {"Customer", "InternalAccount", "ExternalAccount", "Transaction", "Quote",
        "Token", "AuthMethod", "Session", "Lookup", "PlatformConfig"};

    private final ApiClient attacker = TestServer.newPlatform(Environment.SANDBOX);
    private final ApiClient victim = TestServer.newPlatform(Environment.SANDBOX);

    @Test
    void bad_requests_on_every_route_get_well_formed_4xx_and_change_nothing() {
        List<String> victimIds = victimRecords();
        Map<String, Object> attackerBefore = snapshot(attacker);
        Map<String, Object> victimBefore = snapshot(victim);
        Random random = new Random(SEED);
        List<String> routes = TestServer.get().routes();
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < REQUESTS && failures.size() < 20; i++) {
            String[] route = routes.get(random.nextInt(routes.size())).split(" ", 2);
            BadRequest bad = badRequest(random, route[0], route[1], victimIds);
            var reply = attacker.exchange(route[0], bad.path(), bad.body(), "application/json", bad.authorization());
            String problem = problem(reply);
            if (problem != null) {
                failures.add(route[0] + " " + bad.path() + " [" + bad.kind() + "] -> " + reply.status() + " "
                        + problem + " " + abbreviate(reply.raw().body()));
            }
        }
        assertEquals(List.of(), failures, "seed " + SEED);
        assertEquals(attackerBefore, snapshot(attacker));
        assertEquals(victimBefore, snapshot(victim));
    }

    @Test
    void every_route_refuses_missing_and_wrong_credentials() {
        String wrong = "Basic " + Base64.getEncoder().encodeToString((UUID.randomUUID() + ":nope").getBytes());
        for (String route : TestServer.get().routes()) {
            String[] parts = route.split(" ", 2);
            String path = parts[1].replaceAll("\\{[^}]+}", "Customer:" + UUID.randomUUID());
            for (String authorization : new String[] {null, wrong, "Basic " + Base64.getEncoder()
                    .encodeToString("not-a-token:secret".getBytes())}) {
                var reply = attacker.exchange(parts[0], path, "{}", "application/json", authorization);
                assertEquals(401, reply.status(), route + " with " + authorization);
                assertEquals("UNAUTHORIZED", reply.code(), route);
            }
        }
    }

    private record BadRequest(String kind, String path, String body, String authorization) {
    }

    private BadRequest badRequest(Random random, String method, String template, List<String> victimIds) {
        boolean hasIds = template.contains("{");
        int choice = random.nextInt(hasIds ? 9 : 7);
        String path = template.replaceAll("\\{[^}]+}", hasIds ? randomId(random, victimIds) : "");
        String body = "{}";
        String authorization = attacker.authorization();
        String kind;
        switch (choice) {
            case 0 -> {
                kind = "no credentials";
                authorization = null;
            }
            case 1 -> {
                kind = "wrong secret";
                authorization = "Basic " + Base64.getEncoder().encodeToString((UUID.randomUUID() + ":x").getBytes());
            }
            case 2 -> {
                kind = "malformed json";
                body = List.of("{", "{\"a\":}", "[1,", "nul", "{\"a\":1}}", "\u0000", "{'a':1}",
                        "{\"a\":\"\\u0000\"}").get(random.nextInt(8));
            }
            case 3 -> {
                kind = "unknown field";
                body = "{\"" + word(random) + "\":" + value(random) + ",\"amount\":" + value(random) + "}";
            }
            case 4 -> {
                kind = "wrong root";
                body = List.of("[]", "\"text\"", "42", "true", "null", "[{}]").get(random.nextInt(6));
                path = path + "?" + word(random) + "=1";
            }
            case 5 -> {
                kind = "unknown query parameter";
                path = path + "?" + word(random) + "=" + java.net.URLEncoder.encode(value(random),
                        java.nio.charset.StandardCharsets.UTF_8);
            }
            case 6 -> {
                kind = random.nextInt(20) == 0 ? "oversized body" : "absurd numbers";
                body = kind.equals("oversized body") ? "{\"x\":\"" + "a".repeat(1_100_000) + "\"}"
                        : "{\"amount\":" + List.of("1e400", "-99999999999999999999999", "0.0000001", "NaN",
                        "9223372036854775808").get(random.nextInt(5)) + ",\"" + word(random) + "\":1}";
            }
            case 7 -> {
                kind = "malformed id";
                path = template.replaceAll("\\{[^}]+}", List.of("x", "Customer:123", "Quote:" + "f".repeat(300),
                        "%00", "Transaction:" + UUID.randomUUID() + "x").get(random.nextInt(5)));
                body = "{\"" + word(random) + "\":1}";
            }
            default -> {
                kind = "another platform's or an unknown id";
                body = "{\"" + word(random) + "\":1}";
            }
        }
        if (method.equals("GET") && choice >= 2 && !path.contains("?")) {
            // A GET reads no body: an unknown parameter is what makes it a bad request.
            path = path + "?" + word(random) + "=1";
        }
        return new BadRequest(kind, path, body, authorization);
    }

    /** Null when the reply is a well-formed 4xx error; else what is wrong with it. */
    private static String problem(ApiClient.Reply reply) {
        if (reply.status() < 400 || reply.status() >= 500) {
            return "not a 4xx";
        }
        Object status = reply.body().get("status");
        if (!(status instanceof Number n) || n.intValue() != reply.status()) {
            return "status field differs";
        }
        if (!(reply.body().get("code") instanceof String code) || code.isEmpty()) {
            return "no code";
        }
        return reply.body().get("message") instanceof String ? null : "no message";
    }

    private List<String> victimRecords() {
        String customer = victim.post("/customers", CustomerApiTest.individual("victim")).string("id");
        String account = (String) victim.get("/customers/internal-accounts?customerId=" + customer
                + "&currency=USD").data().get(0).get("id");
        victim.post("/sandbox/internal-accounts/" + account + "/fund", Map.of("amount", 10_000));
        String external = victim.post("/customers/external-accounts",
                AccountApiTest.usdAccount(customer, "123456789")).string("id");
        String transaction = victim.post("/transfer-out", Map.of("source", Map.of("accountId", account),
                "destination", Map.of("accountId", external), "amount", 100)).string("id");
        String token = victim.post("/tokens", Map.of("name", "victim", "permissions", List.of("VIEW")))
                .string("id");
        return List.of(customer, account, external, transaction, token);
    }

    private static Map<String, Object> snapshot(ApiClient client) {
        return Map.of(
                "customers", client.get("/customers?isIncludingDeleted=true").body().get("totalCount"),
                "transactions", client.get("/transactions").body().get("totalCount"),
                "externalAccounts", client.get("/customers/external-accounts").body().get("totalCount"),
                "tokens", client.get("/tokens").body().get("totalCount"),
                "balances", client.get("/customers/internal-accounts?limit=100").raw().body().hashCode(),
                "config", client.get("/config").raw().body().hashCode(),
                "ledger", client.get("/sandbox/ledger/check").body().get("balanced"));
    }

    private static String randomId(Random random, List<String> victimIds) {
        if (random.nextBoolean()) {
            return victimIds.get(random.nextInt(victimIds.size()));
        }
        return KINDS[random.nextInt(KINDS.length)] + ":" + new UUID(random.nextLong(), random.nextLong());
    }

    private static String word(Random random) {
        return "zz" + Integer.toString(random.nextInt(1_000_000), 36);
    }

    private static String value(Random random) {
        return List.of("1", "-1", "\"s\"", "true", "null", "[]", "{}", "1.5", "99999999999999999999")
                .get(random.nextInt(9));
    }

    private static String abbreviate(String s) {
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }
}
