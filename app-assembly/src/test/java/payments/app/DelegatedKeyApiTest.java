package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import payments.adapter.crypto.BouncyCastleWalletCrypto;
import payments.adapter.persistence.TestDatabase;
import payments.core.platform.Environment;

/**
 * Delegated keys over HTTP with real cryptography: the three legs of their signed retry by a wallet session, one
 * ACTIVE key per card funding source, and card payments from an embedded wallet, which only an ACTIVE key pays and
 * stamps.
 */
class DelegatedKeyApiTest {
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);
    private final String holder;
    private final String fiat;
    private final String wallet;
    private final String card;

    DelegatedKeyApiTest() {
        assertEquals(200, api.patch("/config", Map.of("embeddedWalletConfig", Map.of("enabled", true,
                "currency", "USD"))).status());
        Map<String, Object> body = CustomerApiTest.individual("wallet-cardholder");
        body.put("kycStatus", "APPROVED");
        holder = api.post("/customers", body).string("id");
        String w = null;
        String f = null;
        for (var a : api.get("/customers/internal-accounts?currency=USD&customerId=" + holder).data()) {
            if ("EMBEDDED_WALLET".equals(a.get("type"))) {
                w = (String) a.get("id");
            } else {
                f = (String) a.get("id");
            }
        }
        wallet = w;
        fiat = f;
        assertEquals(200, api.post("/sandbox/internal-accounts/" + wallet + "/fund", Map.of("amount", 10_000))
                .status());
        assertEquals(200, api.post("/sandbox/internal-accounts/" + fiat + "/fund", Map.of("amount", 10_000))
                .status());
        card = api.post("/cards", Map.of("cardholderId", holder, "form", "VIRTUAL", "fundingSources",
                List.of(wallet, fiat))).string("id");
        api.post("/sandbox/clock/advance", Map.of("seconds", 5));
    }

    @AfterEach
    void ledger_stays_balanced() {
        var check = api.get("/sandbox/ledger/check");
        assertEquals(true, check.body().get("balanced"), String.valueOf(check.body().get("violations")));
    }

    private Map<String, Object> request() {
        return request(card, wallet);
    }

    private static Map<String, Object> request(String card, String wallet) {
        return new HashMap<>(Map.of("cardId", card, "internalAccountId", wallet, "nickname", "Card payments"));
    }

    /** An ACTIVE delegated key for {@code wallet} funding {@code card}, delegated by a session of the wallet. */
    static Map<String, Object> delegate(ApiClient api, String card, String wallet) {
        WalletClient session = WalletLogin.otp(api, (String) api.get("/auth/credentials?accountId=" + wallet)
                .data().get(0).get("id"));
        var first = api.post("/auth/delegated-keys", request(card, wallet));
        var second = WalletLogin.signedBy(api, session, first).post("/auth/delegated-keys", request(card, wallet));
        var third = WalletLogin.signedBy(api, session, second).post("/auth/delegated-keys", request(card, wallet));
        assertEquals(201, third.status(), third.raw().body());
        return third.body();
    }

    private ApiClient.Reply authorize(long amount) {
        return api.post("/sandbox/cards/" + card + "/simulate/authorization", Map.of("amount", amount,
                "currency", "USD", "merchant", Map.of("descriptor", "WALLET SHOP")));
    }

    /** Each leg signed by a session of the wallet: the first call, its signed retry, then the key's. */
    private Map<String, Object> delegate(WalletClient session) {
        var first = api.post("/auth/delegated-keys", request());
        assertEquals(202, first.status(), first.raw().body());
        var second = WalletLogin.signedBy(api, session, first).post("/auth/delegated-keys", request());
        assertEquals(202, second.status(), second.raw().body());
        assertTrue(second.string("payloadToSign").contains("publicKey"), "the second leg names the new key");
        var pending = api.get("/auth/delegated-keys?accountId=" + wallet).data();
        assertEquals("PENDING", pending.get(0).get("status"));
        var third = WalletLogin.signedBy(api, session, second).post("/auth/delegated-keys", request());
        assertEquals(201, third.status(), third.raw().body());
        return third.body();
    }

    private WalletClient session() {
        return WalletLogin.otp(api, (String) api.get("/auth/credentials?accountId=" + wallet).data().get(0)
                .get("id"));
    }

    @Test
    void a_wallet_funds_card_payments_only_through_an_active_delegated_key_which_stamps_each() throws Exception {
        var before = authorize(500);
        assertEquals(true, before.body().get("approved"));
        String unstamped = before.string("cardTransactionId");
        assertEquals(fiat, api.get("/transactions/" + unstamped).body().get("accountId"),
                "the wallet is passed over without a key (the fiat account pays)");

        var key = delegate(session());
        assertEquals("ACTIVE", key.get("status"));
        assertEquals(card, key.get("cardId"));
        assertEquals(wallet, key.get("accountId"));
        assertTrue(((String) key.get("fundingSourceId")).startsWith("CardFundingSource:"));
        assertTrue(((String) key.get("publicKey")).matches("0[23][0-9a-f]{64}"));
        assertEquals(key, api.get("/auth/delegated-keys/" + key.get("id")).body());
        assertEquals(1, api.get("/auth/delegated-keys?fundingSourceId=" + key.get("fundingSourceId")).data()
                .size());

        String paid = authorize(700).string("cardTransactionId");
        assertEquals(wallet, api.get("/transactions/" + paid).body().get("accountId"));
        String[] stamp = stamp(paid);
        var crypto = BouncyCastleWalletCrypto.generate(new SecureRandom());
        var parsed = crypto.parseStamp(stamp[1]);
        assertEquals(key.get("publicKey"), parsed.publicKey());
        assertTrue(crypto.verify(parsed, stamp[0].getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertTrue(stamp[0].contains(paid) && stamp[0].contains("\"700\""), stamp[0]);

        var again = api.post("/auth/delegated-keys", request());
        assertEquals(409, again.status(), "one ACTIVE key per funding source");

        assertEquals(204, api.delete("/auth/delegated-keys/" + key.get("id")).status());
        assertEquals("REVOKED", api.get("/auth/delegated-keys/" + key.get("id")).body().get("status"));
        assertEquals(400, api.delete("/auth/delegated-keys/" + key.get("id")).status(), "not ACTIVE");
        assertEquals(fiat, api.get("/transactions/" + authorize(100).string("cardTransactionId")).body()
                .get("accountId"), "a revoked key pays no more");
        assertEquals(202, api.post("/auth/delegated-keys", request()).status(), "a new key may be delegated");
    }

    /** The payload and stamp recorded for a card transaction. */
    private static String[] stamp(String cardTransactionId) throws Exception {
        try (Connection c = TestDatabase.connect(); PreparedStatement s = c.prepareStatement(
                "select payload, stamp from card_payment_stamps where card_transaction_id = ?")) {
            s.setObject(1, UUID.fromString(cardTransactionId.substring(cardTransactionId.indexOf(':') + 1)));
            try (ResultSet rs = s.executeQuery()) {
                assertTrue(rs.next(), "a stamp for " + cardTransactionId);
                return new String[] {rs.getString(1), rs.getString(2)};
            }
        }
    }

    @Test
    void each_leg_is_checked_and_the_request_names_an_embedded_wallet_funding_its_card() {
        var first = api.post("/auth/delegated-keys", request());
        var unsigned = api.withHeader("Request-Id", first.string("requestId")).post("/auth/delegated-keys",
                request());
        assertEquals(401, unsigned.status());
        var stranger = new WalletClient(); // a key with no session on this wallet
        assertEquals(401, WalletLogin.signedBy(api, stranger, first).post("/auth/delegated-keys", request())
                .status());
        Map<String, Object> changed = request();
        changed.put("nickname", "Something else");
        assertEquals(401, WalletLogin.signedBy(api, session(), first).post("/auth/delegated-keys", changed)
                .status(), "the retry's body must be the first call's");

        Map<String, Object> notWallet = request();
        notWallet.put("internalAccountId", fiat);
        assertEquals(400, api.post("/auth/delegated-keys", notWallet).status());
        Map<String, Object> otherCard = request();
        otherCard.put("cardId", "Card:" + UUID.randomUUID());
        assertEquals(404, api.post("/auth/delegated-keys", otherCard).status());
        Map<String, Object> notSource = request();
        notSource.put("internalAccountId", "InternalAccount:" + UUID.randomUUID());
        assertEquals(404, api.post("/auth/delegated-keys", notSource).status());
        assertEquals(List.of("nickname"), api.post("/auth/delegated-keys", Map.of("cardId", card,
                "internalAccountId", wallet, "nickname", "")).invalidFields());

        var key = delegate(session());
        ApiClient other = TestServer.newPlatform(Environment.SANDBOX);
        assertEquals(404, other.get("/auth/delegated-keys/" + key.get("id")).status());
        assertEquals(0, other.get("/auth/delegated-keys").data().size());
        assertEquals(404, other.delete("/auth/delegated-keys/" + key.get("id")).status());
    }
}
