package payments.ports.uma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static payments.ports.World.fields;
import static payments.ports.World.individual;
import static payments.ports.World.json;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.customer.Customer;
import payments.core.error.DomainError;
import payments.core.error.Forbidden;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.invitation.InvitationSchemas;
import payments.core.invitation.InvitationStatus;
import payments.core.invitation.InvitationView;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.ports.World;
import payments.ports.customer.NewCustomer;

class InvitationServiceTest {
    private static final String ALICE = "$alice@acme.example";
    private static final String BOB = "$bob@beta.example";

    private final World w = new World();
    private final Platform acme = w.sandbox();
    private final Caller acmeManager = w.caller(acme);
    private final Platform beta = w.platform(Environment.SANDBOX, "beta.example", "USD");
    private final Caller betaManager = w.caller(beta);
    private final Customer alice = w.customerService.create(acmeManager,
            NewCustomer.fromJson(individual("umaAddress", ALICE, "currencies", List.of("EUR", "USD"))));

    private InvitationView invite(Object... more) {
        Map<String, Object> body = json("inviterUma", ALICE);
        body.putAll(json(more));
        return w.invitationService.create(acmeManager, NewInvitation.fromJson(body));
    }

    private InvitationView claimByBeta(String code) {
        return w.invitationService.claim(betaManager, code, InvitationClaim.fromJson(json("inviteeUma", BOB)));
    }

    private static <E extends DomainError> String code(Class<E> type, Runnable action) {
        return assertThrows(type, action::run).code();
    }

    private String refusal(Runnable action) {
        return code(InvalidInput.class, action);
    }

    // ---- create ----

    @Test
    void creating_an_invitation_returns_it_pending_with_its_link_on_the_platforms_uma_domain() {
        Instant expiry = w.clock.now().plus(Duration.ofDays(7));
        InvitationView v = invite("firstName", "Alice", "amountToSend", 2500L, "expiresAt", expiry.toString());

        var i = v.invitation();
        assertEquals(InvitationStatus.PENDING, v.status());
        assertEquals("https://acme.example/invite/" + i.code(), v.url());
        assertEquals(acme.id(), i.platformId());
        assertEquals(ALICE, i.inviterUma());
        assertEquals("Alice", i.firstName());
        assertEquals(2500L, i.amountToSend().amountMinor());
        assertEquals("EUR", i.amountToSend().currency().code(), "the inviter's first currency");
        assertEquals(expiry, i.expiresAt());
        assertEquals(w.clock.now(), i.createdAt());
        assertNull(i.inviteeUma());
        assertEquals(i, w.invitations.find(acme.id(), i.code()).orElseThrow());
    }

    @Test
    void optional_fields_stay_absent() {
        var i = invite().invitation();

        assertNull(i.firstName());
        assertNull(i.amountToSend());
        assertNull(i.expiresAt());
    }

    @Test
    void every_invitation_gets_its_own_code() {
        assertEquals(2, java.util.Set.of(invite().invitation().code(), invite().invitation().code()).size());
    }

    @Test
    void the_inviter_must_be_an_active_customer_of_the_calling_platform() {
        assertEquals("INVALID_UMA_ADDRESS", refusal(() -> w.invitationService.create(acmeManager,
                NewInvitation.fromJson(json("inviterUma", "$nobody@acme.example")))));
        w.customerService.create(w.caller(beta), NewCustomer.fromJson(individual("umaAddress", "$carol@beta.example")));
        assertEquals("INVALID_UMA_ADDRESS", refusal(() -> w.invitationService.create(acmeManager,
                NewInvitation.fromJson(json("inviterUma", "$carol@beta.example")))), "a customer of another platform");

        w.customerService.delete(acmeManager, alice.id());
        assertEquals("INVALID_UMA_ADDRESS", refusal(this::invite), "a deleted customer");
        assertEquals(0, w.invitations.ownerOf("INVITE0001").stream().count(), "nothing stored");
    }

    @Test
    void a_malformed_inviterUma_is_INVALID_UMA_ADDRESS_and_a_missing_one_INVALID_INPUT() {
        assertEquals("INVALID_UMA_ADDRESS", refusal(() -> w.invitationService.create(acmeManager,
                NewInvitation.fromJson(json("inviterUma", "alice@acme.example")))));
        InvalidInput missing = assertThrows(InvalidInput.class,
                () -> w.invitationService.create(acmeManager, NewInvitation.fromJson(json("firstName", "Alice"))));
        assertEquals("INVALID_INPUT", missing.code());
        assertEquals(List.of("inviterUma"), fields(missing));
    }

    @Test
    void a_platform_without_a_uma_domain_has_no_invitations() {
        Platform bare = w.platform(Environment.PRODUCTION, null, "USD");

        assertEquals("INVITATIONS_NOT_CONFIGURED", refusal(() -> w.invitationService.create(w.caller(bare),
                NewInvitation.fromJson(json("inviterUma", ALICE)))));
        String code = invite().invitation().code();
        assertEquals("INVITATIONS_NOT_CONFIGURED", refusal(() -> w.invitationService.claim(w.caller(bare), code,
                InvitationClaim.fromJson(json("inviteeUma", BOB)))), "nor can it claim one");
    }

    @Test
    void an_expiry_in_the_past_or_now_is_an_invalid_expiresAt() {
        InvalidInput past = assertThrows(InvalidInput.class,
                () -> invite("expiresAt", w.clock.now().minusSeconds(1).toString()));
        assertEquals(List.of("expiresAt"), fields(past));
        assertEquals("INVALID_INPUT", refusal(() -> invite("expiresAt", w.clock.now().toString())));
    }

    @Test
    void an_amount_needs_a_currency_of_the_inviter() {
        w.customerService.create(acmeManager, NewCustomer.fromJson(individual("umaAddress", "$poor@acme.example",
                "currencies", List.of())));

        InvalidInput e = assertThrows(InvalidInput.class, () -> w.invitationService.create(acmeManager,
                NewInvitation.fromJson(json("inviterUma", "$poor@acme.example", "amountToSend", 100L))));
        assertEquals(List.of("amountToSend"), fields(e));
        assertEquals(List.of("amountToSend"), fields(assertThrows(InvalidInput.class,
                () -> invite("amountToSend", 0L))));
    }

    // ---- get ----

    @Test
    void any_platform_reads_an_invitation_by_its_code_and_unknown_codes_are_not_found() {
        InvitationView created = invite("firstName", "Alice");

        assertEquals(created, w.invitationService.get(w.caller(beta, Permission.VIEW), created.invitation().code()));
        assertEquals(created, w.invitationService.get(acmeManager, created.invitation().code()));
        assertEquals("INVITATION_NOT_FOUND", code(NotFound.class,
                () -> w.invitationService.get(acmeManager, "NOSUCHCODE")));
        assertEquals("INVITATION_NOT_FOUND", code(NotFound.class,
                () -> w.invitationService.get(acmeManager, "not a code/at all")));
    }

    // ---- claim ----

    @Test
    void the_invitees_platform_claims_the_invitation() {
        String code = invite().invitation().code();
        w.clock.advance(Duration.ofMinutes(5));

        InvitationView claimed = claimByBeta(code);

        assertEquals(InvitationStatus.CLAIMED, claimed.status());
        assertEquals(BOB, claimed.invitation().inviteeUma());
        assertEquals(w.clock.now(), claimed.invitation().claimedAt());
        assertEquals(acme.id(), claimed.invitation().platformId(), "it stays the inviting platform's");
        assertEquals("https://acme.example/invite/" + code, claimed.url());
        assertEquals(claimed, w.invitationService.get(acmeManager, code));
    }

    @Test
    void a_claimed_invitation_cannot_be_claimed_again_or_cancelled() {
        String code = invite().invitation().code();
        claimByBeta(code);

        assertEquals("INVITATION_ALREADY_CLAIMED", refusal(() -> claimByBeta(code)));
        assertEquals("INVITATION_ALREADY_CLAIMED", refusal(() -> w.invitationService.claim(acmeManager, code,
                InvitationClaim.fromJson(json("inviteeUma", "$dave@acme.example")))));
        assertEquals("INVITATION_ALREADY_CLAIMED", refusal(() -> w.invitationService.cancel(acmeManager, code)));
        assertEquals(BOB, w.invitationService.get(acmeManager, code).invitation().inviteeUma());
    }

    @Test
    void a_malformed_inviteeUma_is_refused_and_leaves_the_invitation_pending() {
        String code = invite().invitation().code();

        assertEquals("INVALID_UMA_ADDRESS", refusal(() -> w.invitationService.claim(betaManager, code,
                InvitationClaim.fromJson(json("inviteeUma", "bob")))));
        assertEquals(List.of("inviteeUma"), fields(assertThrows(InvalidInput.class,
                () -> w.invitationService.claim(betaManager, code, InvitationClaim.fromJson(json())))));
        assertEquals(InvitationStatus.PENDING, w.invitationService.get(acmeManager, code).status());
    }

    @Test
    void claiming_an_unknown_code_is_not_found() {
        assertEquals("INVITATION_NOT_FOUND", code(NotFound.class, () -> claimByBeta("NOSUCHCODE")));
    }

    // ---- cancel ----

    @Test
    void the_inviting_platform_cancels_and_then_nobody_can_claim() {
        String code = invite().invitation().code();
        w.clock.advance(Duration.ofMinutes(1));

        InvitationView cancelled = w.invitationService.cancel(acmeManager, code);

        assertEquals(InvitationStatus.CANCELLED, cancelled.status());
        assertEquals(w.clock.now(), cancelled.invitation().cancelledAt());
        assertEquals("INVITATION_CANCELLED", refusal(() -> claimByBeta(code)));
        assertEquals("INVITATION_CANCELLED", refusal(() -> w.invitationService.cancel(acmeManager, code)));
    }

    @Test
    void another_platform_may_not_cancel() {
        String code = invite().invitation().code();

        assertEquals("FORBIDDEN", code(Forbidden.class, () -> w.invitationService.cancel(betaManager, code)));
        assertEquals(InvitationStatus.PENDING, w.invitationService.get(acmeManager, code).status());
        assertEquals("INVITATION_NOT_FOUND", code(NotFound.class,
                () -> w.invitationService.cancel(betaManager, "NOSUCHCODE")));
    }

    @Test
    void cancel_takes_no_fields() {
        String code = invite().invitation().code();

        assertEquals(List.of("reason"), fields(assertThrows(InvalidInput.class,
                () -> InvitationSchemas.CANCEL.validate(json("reason", "changed my mind")))));
    }

    // ---- expiry ----

    @Test
    void from_its_expiry_on_an_invitation_reads_EXPIRED_and_can_be_neither_claimed_nor_cancelled() {
        String code = invite("expiresAt", w.clock.now().plus(Duration.ofHours(1)).toString()).invitation().code();
        w.clock.advance(Duration.ofMinutes(59));
        assertEquals(InvitationStatus.PENDING, w.invitationService.get(betaManager, code).status());

        w.clock.advance(Duration.ofMinutes(1));

        assertEquals(InvitationStatus.EXPIRED, w.invitationService.get(betaManager, code).status());
        assertEquals("EXPIRED", refusal(() -> claimByBeta(code)));
        assertEquals("EXPIRED", refusal(() -> w.invitationService.cancel(acmeManager, code)));
        assertEquals(InvitationStatus.PENDING, w.invitations.find(acme.id(), code).orElseThrow().status(),
                "EXPIRED is never stored");
    }

    @Test
    void expiry_follows_the_inviting_platforms_sandbox_clock_not_the_claimers() {
        String code = invite("expiresAt", w.clock.now().plus(Duration.ofHours(1)).toString()).invitation().code();

        w.sandboxClocks.advance(beta.id(), 7200, w.clock.now());
        assertEquals(InvitationStatus.PENDING, w.invitationService.get(betaManager, code).status());

        w.sandboxClocks.advance(acme.id(), 3600, w.clock.now());
        assertEquals("EXPIRED", refusal(() -> claimByBeta(code)));
    }

    // ---- permissions ----

    @Test
    void create_and_cancel_need_MANAGE_get_needs_VIEW_and_claim_needs_MANAGE() {
        String code = invite().invitation().code();
        Caller viewer = w.caller(acme, Permission.VIEW);
        Caller transactor = w.caller(beta, Permission.TRANSACT, Permission.VIEW);

        assertEquals("FORBIDDEN", code(Forbidden.class, () -> w.invitationService.create(viewer,
                NewInvitation.fromJson(json("inviterUma", ALICE)))));
        assertEquals("FORBIDDEN", code(Forbidden.class, () -> w.invitationService.cancel(viewer, code)));
        assertEquals("FORBIDDEN", code(Forbidden.class, () -> w.invitationService.claim(transactor, code,
                InvitationClaim.fromJson(json("inviteeUma", BOB)))));
        assertEquals("FORBIDDEN", code(Forbidden.class, () -> w.invitationService.get(
                w.caller(acme, Permission.MANAGE), code)));
        assertEquals(InvitationStatus.PENDING, w.invitationService.get(viewer, code).status());
    }
}
