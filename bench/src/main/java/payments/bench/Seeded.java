package payments.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;

/** The bench platform's customers, each with a funded USD account and USD and EUR external accounts. */
final class Seeded {
    private static final long FUNDING = 100_000_000_000L;

    record Customer(String id, String usdAccount, String usdExternal, String eurExternal, String slowExternal) {
    }

    private final List<Customer> customers;
    private final String platformUsd;
    private final String platformExternal;
    /** Each customer's agent (same index), connected: made only when a scenario uses them. */
    private final List<Api> agents = new ArrayList<>();
    /** Each customer's card on its USD account (same index): made only when a scenario uses them. */
    private final List<String> cards = new ArrayList<>();

    private Seeded(List<Customer> customers, String platformUsd, String platformExternal) {
        this.customers = customers;
        this.platformUsd = platformUsd;
        this.platformExternal = platformExternal;
    }

    static Seeded create(Api api, int count) {
        System.out.println("seeding " + count + " customers ...");
        List<Customer> customers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String id = api.call("POST", "/customers", Map.of("customerType", "INDIVIDUAL",
                    "currencies", List.of("USD", "EUR"), "fullName", "Bench " + i)).body().get("id").asText();
            String usd = api.call("GET", "/customers/internal-accounts?currency=USD&customerId=" + id, null).body()
                    .get("data").get(0).get("id").asText();
            api.call("POST", "/sandbox/internal-accounts/" + usd + "/fund", Map.of("amount", FUNDING));
            customers.add(new Customer(id, usd, external(api, id, "USD", i), external(api, id, "EUR", i),
                    slowExternal(api, id, i)));
        }
        String platformUsd = api.call("GET", "/platform/internal-accounts?currency=USD", null).body().get("data")
                .get(0).get("id").asText();
        api.call("POST", "/sandbox/internal-accounts/" + platformUsd + "/fund", Map.of("amount", FUNDING));
        return new Seeded(customers, platformUsd, external(api, null, "USD", count));
    }

    /** A USD account whose number ends in 005: transfers to it stay PROCESSING for 30 s of sandbox time. */
    private static String slowExternal(Api api, String customerId, int n) {
        return api.call("POST", "/customers/external-accounts", Map.of("customerId", customerId, "currency", "USD",
                "accountInfo", Map.of("accountType", "USD_ACCOUNT", "accountNumber", String.format("2%05d005", n),
                        "routingNumber", "021000021", "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL",
                                "fullName", "Bench", "address", Map.of("line1", "1 Main St", "postalCode", "10115",
                                        "country", "US"))))).body().get("id").asText();
    }

    /** A transfer-out body from a random customer, to its normal or (when {@code slow}) its 005 account. */
    Map<String, Object> transferBody(boolean slow) {
        Customer c = customers.get(Bench.random(customers.size()));
        return Map.of("source", Map.of("accountId", c.usdAccount()), "destination", Map.of("accountId",
                slow ? c.slowExternal() : c.usdExternal()), "amount", 1 + Bench.random(100));
    }

    private static String external(Api api, String customerId, String currency, int n) {
        Map<String, Object> beneficiary = Map.of("beneficiaryType", "INDIVIDUAL", "fullName", "Bench",
                "countryOfResidence", "DE", "address", Map.of("line1", "1 Main St", "postalCode", "10115",
                        "country", "DE"));
        Map<String, Object> info = currency.equals("USD")
                ? Map.of("accountType", "USD_ACCOUNT", "accountNumber", String.format("1%07d9", n),
                "routingNumber", "021000021", "beneficiary", beneficiary)
                : Map.of("accountType", "EUR_ACCOUNT", "iban", String.format("DE8937040044%09d9", n),
                "beneficiary", beneficiary);
        var body = new java.util.HashMap<String, Object>(Map.of("currency", currency, "accountInfo", info));
        String path = "/platform/external-accounts";
        if (customerId != null) {
            body.put("customerId", customerId);
            path = "/customers/external-accounts";
        }
        return api.call("POST", path, body).body().get("id").asText();
    }

    boolean transferOut(Api api, Queue<String> transactionIds) {
        Customer c = customers.get(Bench.random(customers.size()));
        var r = api.send("POST", "/transfer-out", Map.of("source", Map.of("accountId", c.usdAccount()),
                "destination", Map.of("accountId", c.usdExternal()), "amount", 1 + Bench.random(100)), true);
        if (r.status() == 201 && transactionIds.size() < 5000) {
            transactionIds.add(r.text("id"));
        }
        return r.status() == 201;
    }

    /**
     * One agent per customer, acting on its own (AUTO) with every permission and no limit it could reach: the cost
     * measured is the agent's path itself (its token, its policy, its budget counted with each payment).
     */
    void connectAgents(Api api) {
        System.out.println("connecting an agent for each of " + customers.size() + " customers ...");
        for (int i = 0; i < customers.size(); i++) {
            var created = api.call("POST", "/agents", Map.of("name", "Bench agent " + i, "customerId",
                    customers.get(i).id(),
                    "policy", Map.of("permissions", List.of("VIEW_TRANSACTIONS", "CREATE_TRANSFERS"),
                            "defaultExecutionMode", "AUTO", "spendingLimits", Map.of("currency", "USD",
                                    "perTransactionLimit", 1_000_000)))).body();
            String code = created.get("deviceCode").get("code").asText();
            String token = api.call("POST", "/agents/device-codes/" + code + "/redeem", null).body()
                    .get("accessToken").asText();
            agents.add(api.asAgent(token));
        }
    }

    /** A card for each customer, on its USD account (the customer's KYC approved first, as a card needs). */
    void issueCards(Api api) {
        System.out.println("issuing a card to each of " + customers.size() + " customers ...");
        for (Customer c : customers) {
            api.call("PATCH", "/customers/" + c.id(), Map.of("customerType", "INDIVIDUAL", "kycStatus", "APPROVED"));
            cards.add(api.call("POST", "/cards", Map.of("cardholderId", c.id(), "form", "VIRTUAL",
                    "fundingSources", List.of(c.usdAccount()))).body().get("id").asText());
        }
        api.call("POST", "/sandbox/clock/advance", Map.of("seconds", 5)); // provisioned: ACTIVE
    }

    /** An authorization on a random customer's card, or on the first customer's ({@code busy}): approved. */
    boolean cardAuthorization(Api api, boolean busy) {
        String card = cards.get(busy ? 0 : Bench.random(cards.size()));
        var r = api.send("POST", "/sandbox/cards/" + card + "/simulate/authorization", Map.of("amount",
                1 + Bench.random(100), "currency", "USD", "merchant", Map.of("descriptor", "BENCH SHOP",
                        "mcc", "5812")), false);
        return r.status() == 202 && "true".equals(r.text("approved"));
    }

    /** A transfer-out made by a random customer's agent, as {@link #transferOut} makes the platform's. */
    boolean agentTransferOut() {
        int i = Bench.random(customers.size());
        Customer c = customers.get(i);
        var r = agents.get(i).send("POST", "/agents/me/transfer-out", Map.of("source", Map.of("accountId",
                c.usdAccount()), "destination", Map.of("accountId", c.usdExternal()), "amount",
                1 + Bench.random(100)), true);
        return r.status() == 201 && "APPROVED".equals(r.text("status"));
    }

    boolean quoteAndExecute(Api api) {
        Customer c = customers.get(Bench.random(customers.size()));
        var q = api.send("POST", "/quotes", Map.of("source", Map.of("sourceType", "ACCOUNT", "accountId",
                        c.usdAccount()), "destination", Map.of("destinationType", "ACCOUNT", "accountId",
                        c.eurExternal()), "lockedCurrencySide", "SENDING", "lockedCurrencyAmount",
                1_000 + Bench.random(4_000)), true);
        if (q.status() != 201) {
            return false;
        }
        var r = api.send("POST", "/quotes/" + q.text("id") + "/execute", null, true);
        return r.status() == 200 && "COMPLETED".equals(r.text("status"));
    }

    boolean platformTransferOut(Api api) {
        return api.send("POST", "/transfer-out", Map.of("source", Map.of("accountId", platformUsd),
                "destination", Map.of("accountId", platformExternal), "amount", 1 + Bench.random(100)), true)
                .status() == 201;
    }

    boolean read(Api api, List<String> transactionIds) {
        String path = Bench.random(2) == 0 && !transactionIds.isEmpty()
                ? "/transactions/" + transactionIds.get(Bench.random(transactionIds.size()))
                : "/customers?limit=20";
        return api.send("GET", path, null, false).status() == 200;
    }
}
