package payments.core.invitation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.error.InvalidInput;
import payments.core.id.PlatformId;
import payments.core.money.Currencies;
import payments.core.money.Money;

class InvitationTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final Instant EXPIRY = T0.plusSeconds(3600);
    private static final PlatformId P = new PlatformId(UUID.randomUUID());

    private static Invitation pending(Instant expiresAt) {
        return Invitation.create("CODE123", P, "$alice@a.example", "Alice", new Money(500, Currencies.of("USD")),
                expiresAt, T0);
    }

    private static String refusal(Runnable action) {
        return assertThrows(InvalidInput.class, action::run).code();
    }

    @Test
    void a_new_invitation_is_pending_with_nothing_claimed_or_cancelled() {
        Invitation i = pending(EXPIRY);

        assertEquals(InvitationStatus.PENDING, i.status());
        assertEquals(InvitationStatus.PENDING, i.statusAt(T0));
        assertEquals(T0, i.createdAt());
        assertEquals(T0, i.updatedAt());
        assertNull(i.inviteeUma());
        assertNull(i.claimedAt());
        assertNull(i.cancelledAt());
        assertEquals("https://a.example/invite/CODE123", i.url("a.example"));
    }

    @Test
    void an_expiry_that_is_not_in_the_future_is_refused_at_creation() {
        assertEquals("INVALID_INPUT", refusal(() -> pending(T0)));
        assertEquals("INVALID_INPUT", refusal(() -> pending(T0.minusSeconds(1))));
    }

    @Test
    void the_expiry_is_kept_to_the_microsecond_as_it_is_stored() {
        assertEquals(EXPIRY.plusNanos(123_000), pending(EXPIRY.plusNanos(123_456)).expiresAt());
    }

    @Test
    void a_pending_invitation_reads_as_expired_from_its_expiry_on() {
        Invitation i = pending(EXPIRY);

        assertEquals(InvitationStatus.PENDING, i.statusAt(EXPIRY.minusNanos(1000)));
        assertEquals(InvitationStatus.EXPIRED, i.statusAt(EXPIRY));
        assertEquals(InvitationStatus.EXPIRED, i.statusAt(EXPIRY.plusSeconds(1)));
        assertEquals(InvitationStatus.PENDING, i.status(), "expiry is derived, never stored");
        assertEquals(InvitationStatus.PENDING, pending(null).statusAt(T0.plusSeconds(10L * 365 * 86400)),
                "no expiresAt: never expires");
    }

    @Test
    void claiming_a_pending_invitation_records_the_invitee_and_the_time() {
        Instant t1 = T0.plusSeconds(60);
        Invitation claimed = pending(EXPIRY).claimed("$bob@b.example", t1);

        assertEquals(InvitationStatus.CLAIMED, claimed.status());
        assertEquals("$bob@b.example", claimed.inviteeUma());
        assertEquals(t1, claimed.claimedAt());
        assertEquals(t1, claimed.updatedAt());
        assertEquals(T0, claimed.createdAt());
        assertEquals(InvitationStatus.CLAIMED, claimed.statusAt(EXPIRY.plusSeconds(1)),
                "a claimed invitation never reads as expired");
    }

    @Test
    void cancelling_a_pending_invitation_records_the_time() {
        Instant t1 = T0.plusSeconds(60);
        Invitation cancelled = pending(EXPIRY).cancelled(t1);

        assertEquals(InvitationStatus.CANCELLED, cancelled.status());
        assertEquals(t1, cancelled.cancelledAt());
        assertEquals(t1, cancelled.updatedAt());
        assertEquals(InvitationStatus.CANCELLED, cancelled.statusAt(EXPIRY.plusSeconds(1)));
    }

    @Test
    void a_claimed_invitation_can_be_neither_claimed_again_nor_cancelled() {
        Invitation claimed = pending(EXPIRY).claimed("$bob@b.example", T0);

        assertEquals("INVITATION_ALREADY_CLAIMED", refusal(() -> claimed.claimed("$carol@c.example", T0)));
        assertEquals("INVITATION_ALREADY_CLAIMED", refusal(() -> claimed.cancelled(T0)));
    }

    @Test
    void a_cancelled_invitation_can_be_neither_claimed_nor_cancelled_again() {
        Invitation cancelled = pending(EXPIRY).cancelled(T0);

        assertEquals("INVITATION_CANCELLED", refusal(() -> cancelled.claimed("$bob@b.example", T0)));
        assertEquals("INVITATION_CANCELLED", refusal(() -> cancelled.cancelled(T0)));
    }

    @Test
    void an_expired_invitation_can_be_neither_claimed_nor_cancelled() {
        Invitation i = pending(EXPIRY);

        assertEquals("EXPIRED", refusal(() -> i.claimed("$bob@b.example", EXPIRY)));
        assertEquals("EXPIRED", refusal(() -> i.cancelled(EXPIRY.plusSeconds(1))));
        assertEquals(InvitationStatus.CLAIMED, i.claimed("$bob@b.example", EXPIRY.minusSeconds(1)).status(),
                "a second before its expiry it is still claimable");
    }

    @Test
    void the_record_refuses_inconsistent_states() {
        Money none = null;
        assertThrows(IllegalArgumentException.class, () -> new Invitation("C1", P, "$a@a.example", null, null, none,
                InvitationStatus.EXPIRED, T0, null, null, T0, T0));
        assertThrows(IllegalArgumentException.class, () -> new Invitation("C1", P, "$a@a.example", null, null, none,
                InvitationStatus.CLAIMED, null, T0, null, T0, T0));
        assertThrows(IllegalArgumentException.class, () -> new Invitation("C1", P, "$a@a.example", null, null, none,
                InvitationStatus.PENDING, null, null, T0, T0, T0));
        assertThrows(IllegalArgumentException.class, () -> new Invitation("no/slash", P, "$a@a.example", null,
                null, none, InvitationStatus.PENDING, null, null, null, T0, T0));
    }

    @Test
    void codes_are_letters_and_digits_up_to_64() {
        assertTrue(Invitation.looksLikeCode("ABC123xyz"));
        assertTrue(Invitation.looksLikeCode("A".repeat(64)));
        assertFalse(Invitation.looksLikeCode("A".repeat(65)));
        assertFalse(Invitation.looksLikeCode(""));
        assertFalse(Invitation.looksLikeCode("abc-def"));
        assertFalse(Invitation.looksLikeCode(null));
    }
}
