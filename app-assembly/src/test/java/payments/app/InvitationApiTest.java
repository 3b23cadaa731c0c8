package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.platform.Environment;
import payments.core.platform.Permission;

/** UMA invitations over HTTP: one inviting platform, one invitee platform, real PostgreSQL. */
class InvitationApiTest {
    private static final String ALICE = "$alice@test.example";
    private static final String BOB = "$bob@beta.example";

    private final ApiClient acme = TestServer.newPlatform(Environment.SANDBOX);
    private final ApiClient beta = TestServer.newPlatform(Environment.SANDBOX, "beta.example");

    InvitationApiTest() {
        Map<String, Object> alice = CustomerApiTest.individual("alice");
        alice.put("umaAddress", ALICE);
        alice.put("currencies", List.of("USD", "EUR"));
        assertEquals(201, acme.post("/customers", alice).status());
    }

    private ApiClient.Reply invite(Object... more) {
        Map<String, Object> body = new HashMap<>(Map.of("inviterUma", ALICE));
        for (int i = 0; i < more.length; i += 2) {
            body.put((String) more[i], more[i + 1]);
        }
        return acme.post("/invitations", body);
    }

    private String newCode() {
        var created = invite();
        assertEquals(201, created.status());
        return created.string("code");
    }

    private static ApiClient.Reply claim(ApiClient client, String code, String inviteeUma) {
        return client.post("/invitations/" + code + "/claim", Map.of("inviteeUma", inviteeUma));
    }

    private static void assertError(int status, String code, ApiClient.Reply reply) {
        assertEquals(status, reply.status(), reply.body().toString());
        assertEquals(code, reply.code(), reply.body().toString());
    }

    @Test
    void creating_an_invitation_answers_201_with_the_UmaInvitation_that_every_platform_can_read() {
        String expiry = Instant.now().plusSeconds(86_400).toString();
        var created = invite("firstName", "Alice", "amountToSend", 2500, "expiresAt", expiry);

        assertEquals(201, created.status());
        var i = created.body();
        String code = (String) i.get("code");
        assertTrue(code.matches("^[0-9A-Z]{20}$"), code);
        assertEquals("https://test.example/invite/" + code, i.get("url"));
        assertEquals("PENDING", i.get("status"));
        assertEquals(ALICE, i.get("inviterUma"));
        assertEquals("Alice", i.get("firstName"));
        assertEquals(Instant.parse(expiry).truncatedTo(ChronoUnit.MICROS),
                Instant.parse((String) i.get("expiresAt")), "kept to the microsecond");
        assertEquals(2500L, ((Map<?, ?>) i.get("amountToSend")).get("amount"));
        assertEquals(Map.of("code", "USD", "name", "US Dollar", "symbol", "$", "decimals", 2L),
                ((Map<?, ?>) i.get("amountToSend")).get("currency"), "the inviter's first currency");
        assertTrue(i.containsKey("createdAt"));
        assertFalse(i.containsKey("claimedAt"));
        assertFalse(i.containsKey("inviteeUma"));

        var mine = acme.get("/invitations/" + code);
        assertEquals(200, mine.status());
        assertEquals(i, mine.body());
        assertEquals(i, beta.get("/invitations/" + code).body(), "codes are shared across platforms");
    }

    @Test
    void optional_fields_are_left_out_of_the_response() {
        var i = invite().body();

        assertNull(i.get("firstName"));
        assertNull(i.get("amountToSend"));
        assertNull(i.get("expiresAt"));
    }

    @Test
    void another_platform_claims_the_invitation_once() {
        String code = newCode();
        assertError(400, "INVALID_UMA_ADDRESS", claim(beta, code, "$mallory@elsewhere.example"));
        assertEquals("PENDING", acme.get("/invitations/" + code).string("status"), "an invitee of another domain");

        var claimed = claim(beta, code, BOB);

        assertEquals(200, claimed.status());
        assertEquals("CLAIMED", claimed.string("status"));
        assertEquals(BOB, claimed.string("inviteeUma"));
        assertTrue(claimed.body().containsKey("claimedAt"));
        assertEquals("https://test.example/invite/" + code, claimed.string("url"));
        assertEquals(claimed.body(), acme.get("/invitations/" + code).body(), "the inviter sees the claim");
        assertError(400, "INVITATION_ALREADY_CLAIMED", claim(beta, code, "$carol@beta.example"));
        assertError(400, "INVITATION_ALREADY_CLAIMED", acme.post("/invitations/" + code + "/cancel", null));
    }

    @Test
    void only_the_inviting_platform_may_cancel_and_a_cancelled_invitation_cannot_be_claimed() {
        String code = newCode();

        assertError(403, "FORBIDDEN", beta.post("/invitations/" + code + "/cancel", null));
        assertEquals("PENDING", acme.get("/invitations/" + code).string("status"));

        var cancelled = acme.post("/invitations/" + code + "/cancel", null);
        assertEquals(200, cancelled.status());
        assertEquals("CANCELLED", cancelled.string("status"));
        assertError(400, "INVITATION_CANCELLED", claim(beta, code, BOB));
        assertError(400, "INVITATION_CANCELLED", acme.post("/invitations/" + code + "/cancel", Map.of()));
        assertEquals("CANCELLED", beta.get("/invitations/" + code).string("status"));
    }

    @Test
    void cancel_takes_no_body_fields() {
        String code = newCode();

        var reply = acme.post("/invitations/" + code + "/cancel", Map.of("reason", "no"));
        assertError(400, "INVALID_INPUT", reply);
        assertEquals(List.of("reason"), reply.invalidFields());
    }

    @Test
    void an_unknown_code_is_404_INVITATION_NOT_FOUND_everywhere() {
        assertError(404, "INVITATION_NOT_FOUND", acme.get("/invitations/NOSUCHCODE0000000000"));
        assertError(404, "INVITATION_NOT_FOUND", claim(beta, "NOSUCHCODE0000000000", BOB));
        assertError(404, "INVITATION_NOT_FOUND", acme.post("/invitations/NOSUCHCODE0000000000/cancel", null));
        assertError(404, "INVITATION_NOT_FOUND", acme.get("/invitations/not-a-code"));
    }

    @Test
    void the_inviter_must_be_a_well_formed_uma_address_of_an_active_customer_of_the_platform() {
        assertError(400, "INVALID_UMA_ADDRESS", acme.post("/invitations", Map.of("inviterUma", "alice")));
        assertError(400, "INVALID_UMA_ADDRESS", acme.post("/invitations",
                Map.of("inviterUma", "$nobody@test.example")));
        // Alice is a customer of the other platform only.
        assertError(400, "INVALID_UMA_ADDRESS", beta.post("/invitations", Map.of("inviterUma", ALICE)));
        var missing = acme.post("/invitations", Map.of());
        assertError(400, "INVALID_INPUT", missing);
        assertEquals(List.of("inviterUma"), missing.invalidFields());
    }

    @Test
    void the_invitee_must_be_a_well_formed_uma_address() {
        String code = newCode();

        assertError(400, "INVALID_UMA_ADDRESS", claim(beta, code, "bob@beta.example"));
        assertError(400, "INVALID_INPUT", beta.post("/invitations/" + code + "/claim", Map.of()));
        assertEquals("PENDING", acme.get("/invitations/" + code).string("status"));
    }

    @Test
    void a_platform_without_a_uma_domain_can_neither_create_nor_claim_invitations() {
        ApiClient bare = TestServer.newPlatform(Environment.SANDBOX, null);
        String code = newCode();

        assertError(400, "INVITATIONS_NOT_CONFIGURED", bare.post("/invitations", Map.of("inviterUma", ALICE)));
        assertError(400, "INVITATIONS_NOT_CONFIGURED", claim(bare, code, BOB));
        assertEquals(200, bare.get("/invitations/" + code).status(), "reading needs no UMA domain");
    }

    @Test
    void bad_fields_are_400_INVALID_INPUT_naming_each_one() {
        var past = invite("expiresAt", Instant.now().minusSeconds(60).toString());
        assertError(400, "INVALID_INPUT", past);
        assertEquals(List.of("expiresAt"), past.invalidFields());

        var bad = invite("amountToSend", -5, "firstName", "", "colour", "blue");
        assertEquals(List.of("amountToSend", "colour", "firstName"), bad.invalidFields().stream().sorted().toList());
        assertError(400, "INVALID_INPUT", acme.post("/invitations?x=1", Map.of("inviterUma", ALICE)));
    }

    @Test
    void an_invitation_expires_on_the_inviting_platforms_clock() {
        String code = invite("expiresAt", Instant.now().plusSeconds(3600).toString()).string("code");
        beta.post("/sandbox/clock/advance", Map.of("seconds", 7200));
        assertEquals("PENDING", beta.get("/invitations/" + code).string("status"), "the claimer's clock is not it");

        assertEquals(200, acme.post("/sandbox/clock/advance", Map.of("seconds", 3600)).status());

        assertEquals("EXPIRED", beta.get("/invitations/" + code).string("status"));
        assertError(400, "EXPIRED", claim(beta, code, BOB));
        assertError(400, "EXPIRED", acme.post("/invitations/" + code + "/cancel", null));
    }

    @Test
    void create_and_cancel_need_MANAGE_get_needs_VIEW_and_claim_needs_MANAGE() {
        String code = newCode();
        ApiClient viewer = TestServer.withPermissions(acme, Permission.VIEW);
        ApiClient transactor = TestServer.withPermissions(beta, Permission.VIEW, Permission.TRANSACT);

        assertError(403, "FORBIDDEN", viewer.post("/invitations", Map.of("inviterUma", ALICE)));
        assertError(403, "FORBIDDEN", viewer.post("/invitations/" + code + "/cancel", null));
        assertError(403, "FORBIDDEN", claim(transactor, code, BOB));
        assertError(403, "FORBIDDEN", TestServer.withPermissions(acme, Permission.MANAGE)
                .get("/invitations/" + code));
        assertEquals(200, viewer.get("/invitations/" + code).status());
        assertEquals(200, transactor.get("/invitations/" + code).status());
    }
}
